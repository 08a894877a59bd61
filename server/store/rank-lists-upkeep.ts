// Keeps the ranking lists (rank-lists.ts) and the OCR's learned confusions current while the server runs: when the full-text index has
// changed and then stayed unchanged between two checks (an ingest has finished), a child process builds
// the missing lists, so the work never holds the server's event loop. Searches stay correct meanwhile:
// a word without a current list is scored in full.
import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './sqlite/db';
import { indexFingerprint, rankListsCurrent } from './sqlite/rank-lists';
import { vocabIndexCurrent } from './sqlite/vocab-index';
import { sqliteConfusionsCurrent } from './sqlite/ocr-confusions';
import { learnPgConfusions, pgConfusionsCurrent } from './postgres/ocr-confusions';
import type { Pg } from './postgres/db';
import { buildPgRankLists, pgRankListsCurrent } from './postgres/rank-lists';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SCRIPT = join(ROOT, 'server/tools/rank-lists.ts');

export interface RankListUpkeep {
  stop(): void;
}

export function startRankListUpkeep(db: Db, dataDir: string, opts: { intervalMs?: number; log?: (line: string) => void } = {}): RankListUpkeep {
  const log = opts.log ?? ((line) => console.log(line));
  let child: ChildProcess | null = null;
  let previous: string | null = null; // the index's state at the last check; null before the first
  let stopped = false;
  const check = () => {
    if (child || stopped || !db.open) return;
    try {
      const now = indexFingerprint(db);
      const settled = previous === null || now === previous; // at start, or unchanged for a whole interval
      previous = now;
      if (!settled || (rankListsCurrent(db, now) && vocabIndexCurrent(db, now) && sqliteConfusionsCurrent(db, now))) return;
    } catch (e) {
      log(`Search: cannot check the ranking lists: ${(e as Error).message}`);
      return;
    }
    child = fork(SCRIPT, ['--data', dataDir], { cwd: ROOT, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('exit', () => {
      child = null;
    });
    child.on('error', (e) => log(`Search: ranking lists could not be made: ${e.message}`));
  };
  return schedule(check, opts.intervalMs, () => {
    stopped = true;
    child?.kill();
  });
}

/**
 * The same upkeep on PostgreSQL: when the pages have changed (pages_version) and then stayed put for an interval,
 * this server rebuilds the lists (the work runs in the database; an advisory lock lets one server of
 * several do it, and the others find the lists current).
 */
export function startPgRankListUpkeep(pg: Pg, opts: { intervalMs?: number; log?: (line: string) => void } = {}): RankListUpkeep {
  const log = opts.log ?? ((line) => console.log(line));
  let previous: string | null = null;
  let running = false;
  let stopped = false;
  const check = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const [{ value }] = await pg.q<{ value: string }>("SELECT value FROM meta WHERE key = 'pages_version'");
      const settled = previous === null || value === previous;
      previous = value;
      if (!settled) return;
      if (!(await pgRankListsCurrent(pg))) {
        const started = performance.now();
        const r = await buildPgRankLists(pg);
        if (r.terms > 0) log(`Search: ranking lists for ${r.terms} frequent words made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
      // The OCR's confusions, learned from the vocabulary (each server of several may learn them: the same table).
      if (!(await pgConfusionsCurrent(pg))) {
        const learned = await learnPgConfusions(pg);
        if (learned.confusions.length) log(`Search: ${learned.confusions.length} OCR confusions learned from ${learned.evidence} misreadings`);
      }
    } catch (e) {
      if (!stopped) log(`Search: ranking lists could not be made: ${(e as Error).message}`);
    } finally {
      running = false;
    }
  };
  return schedule(
    () => void check(),
    opts.intervalMs,
    () => {
      stopped = true;
    },
  );
}

/** Runs `check` a second after start, then every interval (30 s by default); stop() ends it and calls `onStop`. */
function schedule(check: () => void, intervalMs = 30_000, onStop: () => void): RankListUpkeep {
  const timer = setInterval(check, intervalMs);
  timer.unref();
  const soon = setTimeout(check, 1_000);
  soon.unref();
  return {
    stop() {
      clearInterval(timer);
      clearTimeout(soon);
      onStop();
    },
  };
}
