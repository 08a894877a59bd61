import type { Db } from './db';
import type { RunsRepo } from '../types/runs';
import { runsRepo } from '../runs-rows';

export function sqliteRuns(db: Db): RunsRepo {
  return runsRepo(async <R>(sql: string, params: unknown[]) => db.prepare(sql).all(...params) as R[]);
}
