// Ingest on both engines, side by side: the two shared NDNP batches (text + words, no images, so the
// store is what is measured) into SQLite and into a throwaway PostgreSQL cluster.
// Run: npx tsx bench/ingest-engines.ts   (writes bench/results/ingest-engines.json)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSqliteStore } from '../server/store/sqlite';
import { createPostgresStore } from '../server/store/postgres';
import { ingestBatch } from '../server/ingest';
import type { Store } from '../server/store/types';
import { createDatabase, startPgCluster } from '../tests/support/pg-cluster';

const here = dirname(fileURLToPath(import.meta.url));
const NDNP = fileURLToPath(new URL('../../shared/corpus/ndnp', import.meta.url));
const BATCHES = ['batch_dlc_manyyears_ver01', 'batch_nbu_manyissues_ver01'].map((b) => join(NDNP, b));

async function run(store: Store) {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-engines-'));
  const t0 = performance.now();
  let pages = 0;
  for (const b of BATCHES) pages += (await ingestBatch(store, dir, b, { marcDir: join(NDNP, 'marc'), images: false })).pages.loaded;
  const ms = performance.now() - t0;
  rmSync(dir, { recursive: true, force: true });
  return { pages, ms: Math.round(ms), pagesPerSecond: +(pages / (ms / 1000)).toFixed(2) };
}

const cluster = await startPgCluster();
try {
  const sqlite = await run(createSqliteStore(mkdtempSync(join(tmpdir(), 'ingest-engines-db-'))));
  const pg = await createPostgresStore(await createDatabase(cluster.adminUrl));
  const postgres = await run(pg);
  await pg.close();
  const ratio = +(postgres.ms / sqlite.ms).toFixed(2);
  console.log(`SQLite:     ${sqlite.pages} pages in ${sqlite.ms} ms (${sqlite.pagesPerSecond} pages/s)`);
  console.log(`PostgreSQL: ${postgres.pages} pages in ${postgres.ms} ms (${postgres.pagesPerSecond} pages/s)`);
  console.log(`PostgreSQL / SQLite time: ${ratio}x`);
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results', 'ingest-engines.json'), JSON.stringify({ date: new Date().toISOString(), sqlite, postgres, ratio }, null, 2));
} finally {
  cluster.stop();
}
