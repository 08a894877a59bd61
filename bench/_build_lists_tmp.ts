import { createPostgresStore } from '../server/store/postgres';
import { buildPgRankLists } from '../server/store/postgres/rank-lists';
const s = await createPostgresStore('postgres://app@127.0.0.1:55460/archive', { ...process.env, PG_STATEMENT_TIMEOUT_MS: '0' });
const t = performance.now();
const r = await buildPgRankLists(s.pg, { force: true });
console.log(r, ((performance.now() - t) / 1000).toFixed(1), 's');
console.log(await s.pg.q("SELECT count(*), pg_size_pretty(pg_total_relation_size('search_rank_lists')) FROM search_rank_lists"));
await s.close();
