import type { Pg } from './db';
import type { RunsRepo } from '../types/runs';
import { numbered, runsRepo } from '../runs-rows';

export function pgRuns(db: Pg): RunsRepo {
  return runsRepo(async <R>(sql: string, params: unknown[]) => (await db.read(numbered(sql), params)) as R[]);
}
