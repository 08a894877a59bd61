import { mkdirSync } from 'node:fs';
import { loadConfig } from './config';
import { openStore } from './store';
import { buildApp } from './app';
import { ensureDemoArchive } from './demo';
import { startPgRankListUpkeep, startRankListUpkeep } from './store/rank-lists-upkeep';
import type { SqliteStore } from './store/sqlite';
import type { PostgresStore } from './store/postgres';
import { startDumpUpkeep } from './services/dumps/upkeep';

const config = loadConfig();
mkdirSync(config.dataDir, { recursive: true });
const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
if (config.demo) await ensureDemoArchive(store, config.dataDir, (line) => console.log(line));
const app = await buildApp(config, store);
// Frequent words get ranking lists built in the background (store/sqlite/rank-lists.ts, store/postgres/rank-lists.ts).
const upkeep = store.kind === 'sqlite' ? startRankListUpkeep((store as SqliteStore).db, config.dataDir) : startPgRankListUpkeep((store as PostgresStore).pg);
// Each batch's bulk-data dump is built in the background once its load has finished (services/dumps/).
const dumps = startDumpUpkeep(store, config.dataDir);
const close = async () => {
  upkeep?.stop();
  await dumps.stop();
  await app.close();
  await store.close();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);
await app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
console.log(`Newspaper archive running at ${config.tls ? 'https' : 'http'}://${shown}:${config.port}/ (data in ${config.dataDir}, store: ${store.kind})`);
