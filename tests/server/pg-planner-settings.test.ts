// Some search statements need the planner steered (ReadOptions: an ordered index scan, a walk of the date
// index, bitmap scans only on the pairs index). Each runs on a connection that starts with those settings, so
// the statement is one round trip; the settings must hold for it and must never leak into other reads.
// Behind a pooler that refuses settings at connection start (PgBouncer), PG_PLANNER_SETTINGS=transaction
// applies them with SET LOCAL around the read instead: the same settings, the same isolation.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPg, type Pg, type ReadOptions } from '../../server/store/postgres/db';
import { createPostgresStore } from '../../server/store/postgres';
import { createDatabase } from '../support/pg-cluster';

describe.each(['connection', 'transaction'] as const)('planner settings by %s', (mode) => {
  let db: Pg;
  beforeAll(async () => {
    db = await openPg({ url: await createDatabase(inject('pgAdminUrl')), poolSize: 2, plannerSettings: mode });
  }, 60_000);
  afterAll(async () => {
    await db?.end();
  });

  const SETTINGS = ['enable_bitmapscan', 'enable_seqscan', 'enable_indexscan', 'enable_sort', 'jit'] as const;
  const settings = async (opts?: ReadOptions) => {
    const [r] = await db.read<Record<string, string>>(`SELECT ${SETTINGS.map((s) => `current_setting('${s}') AS ${s}`).join(', ')}`, [], opts);
    return Object.keys(r)
      .filter((k) => r[k] === 'off')
      .sort();
  };

  it('runs a read with the planner settings its options ask for, and no others', async () => {
    // JIT too: a disabled plan node's cost (10^10) would have every steered statement compiled first.
    expect(await settings({ dateIndexScan: true })).toEqual(['enable_bitmapscan', 'enable_seqscan', 'enable_sort', 'jit']);
    expect(await settings({ titleWalk: true })).toEqual(['enable_bitmapscan', 'enable_seqscan', 'enable_sort', 'jit']);
    expect(await settings({ orderedIndexScan: true })).toEqual(['enable_bitmapscan', 'jit']);
    expect(await settings({ noSeqScan: true })).toEqual(['enable_seqscan', 'jit']);
    expect(await settings({ pairsIndex: true })).toEqual(['enable_indexscan', 'enable_seqscan', 'jit']);
  });

  it('leaves plain reads, writes and transactions with the defaults, however many steered reads ran before', async () => {
    await Promise.all(Array.from({ length: 6 }, () => settings({ dateIndexScan: true })));
    const plain = await Promise.all(Array.from({ length: 6 }, () => settings()));
    expect(plain).toEqual(Array.from({ length: 6 }, () => []));
    const [q] = await db.q<{ s: string }>("SELECT current_setting('enable_seqscan') AS s");
    expect(q.s).toBe('on');
    expect(await db.tx(async (t) => (await t<{ s: string }>("SELECT current_setting('enable_bitmapscan') AS s"))[0].s)).toBe('on');
  });

  it('keeps the statement timeout on steered reads', async () => {
    const short = await openPg({ url: await createDatabase(inject('pgAdminUrl')), statementTimeoutMs: 50, plannerSettings: mode });
    try {
      await expect(short.read('SELECT pg_sleep(0.3)', [], { pairsIndex: true })).rejects.toThrow(/statement timeout/);
    } finally {
      await short.end();
    }
  });
});

it('refuses a PG_PLANNER_SETTINGS it does not know, naming the two it takes', async () => {
  await expect(createPostgresStore(await createDatabase(inject('pgAdminUrl')), { PG_PLANNER_SETTINGS: 'session' })).rejects.toThrow(
    'PG_PLANNER_SETTINGS must be "connection" or "transaction", not "session"',
  );
});
