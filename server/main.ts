import { mkdirSync } from 'node:fs';
import { loadConfig } from './config';
import { openStore } from './store';
import { buildApp } from './app';
import { ensureDemoArchive } from './demo';
import { startRankListUpkeep } from './store/sqlite/rank-lists-upkeep';
import type { SqliteStore } from './store/sqlite';

const config = loadConfig();
mkdirSync(config.dataDir, { recursive: true });
const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
if (config.demo) await ensureDemoArchive(store, config.dataDir, (line) => console.log(line));
const app = await buildApp(config, store);
// On SQLite, frequent words get ranking lists built in the background (see store/sqlite/rank-lists.ts).
const upkeep = store.kind === 'sqlite' ? startRankListUpkeep((store as SqliteStore).db, config.dataDir) : null;
const close = async () => {
  upkeep?.stop();
  await app.close();
  await store.close();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);
await app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
console.log(`Newspaper archive running at http://${shown}:${config.port}/ (data in ${config.dataDir}, store: ${store.kind})`);
