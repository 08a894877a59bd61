// Ingest from the admin area: queued background jobs on the same code path as `npm run ingest`,
// with progress, resumed after a restart, cancellable, and a purge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import type { JobRow } from '../../server/store/types';

const BATCH = resolve('../shared/corpus/ndnp/batch_nbu_manyissues_ver01');
const MARC = resolve('../shared/corpus/ndnp/marc');
const PASSWORD = 'jobs admin password';

let dataDir: string;
let store: SqliteStore;
let app: FastifyInstance;
const cookies: Record<string, string> = {};

async function boot() {
  app = await buildApp({ ...loadConfig({ NODE_ENV: 'test' }), dataDir, distDir: join(dataDir, 'no-dist'), adminPassword: PASSWORD }, store);
  await app.ready();
  const first = await app.inject({ url: '/Api/Home/GetSiteTheme?url=http://127.0.0.1' });
  for (const c of first.cookies) cookies[c.name] = c.value;
  const login = await app.inject({
    method: 'POST',
    url: '/Api/Admin/Login',
    payload: { username: 'admin', password: PASSWORD },
    headers: { 'x-xsrf-token': cookies['XSRF-TOKEN'] },
    cookies,
  });
  expect(login.statusCode).toBe(200);
  for (const c of login.cookies) cookies[c.name] = c.value;
}
const post = (url: string, payload?: object) => app.inject({ method: 'POST', url, payload, headers: { 'x-xsrf-token': cookies['XSRF-TOKEN'] }, cookies });
const job = async (id: number) => (await app.inject({ url: `/Api/Admin/Jobs/${id}`, cookies })).json() as JobRow;

async function waitFor(id: number, statuses: string[], seen: JobRow[] = [], timeoutMs = 240_000): Promise<JobRow> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const j = await job(id);
    seen.push(j);
    if (statuses.includes(j.status)) return j;
    if (Date.now() > end) throw new Error(`job ${id} still ${j.status}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'admin-jobs-'));
  store = createSqliteStore(dataDir);
  await store.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['127.0.0.1'] });
  await boot();
});
afterAll(async () => {
  await app.close();
  await store.close();
});

describe('ingest jobs from the admin area', () => {
  it('loads a real batch in the background with progress, then purges it', async () => {
    const created = await post('/Api/Admin/Jobs', { kind: 'batch', sourcePath: BATCH, marcPath: MARC });
    expect(created.statusCode, created.body).toBe(200);
    const seen: JobRow[] = [];
    const done = await waitFor(created.json().id, ['done', 'failed'], seen);
    expect(done.status, done.error ?? '').toBe('done');
    expect(seen.some((j) => j.status === 'running' && Number(j.progress.issuesDone) >= 1)).toBe(true);
    expect(done.report).toMatchObject({ batch: 'batch_nbu_manyissues_ver01' });
    const batches = (await app.inject({ url: '/Api/Admin/Batches', cookies })).json();
    expect(batches.map((b: { name: string }) => b.name)).toContain('batch_nbu_manyissues_ver01');
    const detail = (await app.inject({ url: '/Api/Home/getDetail?url=http://127.0.0.1' })).json();
    const titles = detail.model._searchModels.YearRangeWithTitleandCountList as { title: string; count: number }[];
    expect(titles.map((t) => t.title).join(' ')).toMatch(/Omaha daily bee/i);
    expect(titles.reduce((n, t) => n + t.count, 0)).toBe(9);

    const purge = await post('/Api/Admin/Jobs', { kind: 'purge', sourcePath: 'batch_nbu_manyissues_ver01' });
    expect((await waitFor(purge.json().id, ['done', 'failed'])).status).toBe('done');
    const after = (await app.inject({ url: '/Api/Home/getDetail?url=http://127.0.0.1' })).json();
    expect(after.model._searchModels.YearRangeWithTitleandCountList).toEqual([]);
    const audit = (await app.inject({ url: '/Api/Admin/Audit', cookies })).json() as { action: string }[];
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['job.batch', 'job.purge']));
  });

  it('resumes a job that a stopped server left running', async () => {
    await app.close();
    const left = await store.admin.createJob({ kind: 'batch', sourcePath: BATCH, marcPath: MARC, createdBy: 'admin' });
    await store.admin.updateJob(left.id, { status: 'running', startedAt: new Date().toISOString() });
    await boot();
    const done = await waitFor(left.id, ['done', 'failed']);
    expect(done.status, done.error ?? '').toBe('done');
    expect((await store.browse.titleCounts(1)).reduce((n, t) => n + t.pages, 0)).toBe(9);
  });

  it('cancels a running load, keeps only whole issues, and a new job finishes the batch', async () => {
    const purge = (await post('/Api/Admin/Jobs', { kind: 'purge', sourcePath: 'batch_nbu_manyissues_ver01' })).json();
    expect((await waitFor(purge.id, ['done', 'failed'])).status).toBe('done');
    const running = (await post('/Api/Admin/Jobs', { kind: 'batch', sourcePath: BATCH, marcPath: MARC })).json();
    const end = Date.now() + 120_000;
    while (!((await job(running.id)).status === 'running' && Number((await job(running.id)).progress.issuesDone) >= 1) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await post(`/Api/Admin/Jobs/${running.id}/Cancel`)).statusCode).toBe(200);
    const cancelled = await waitFor(running.id, ['cancelled', 'done', 'failed']);
    expect(cancelled.status).toBe('cancelled');
    const issues = store.db.prepare('SELECT COUNT(*) FROM issues').pluck().get() as number;
    const orphans = store.db.prepare('SELECT COUNT(*) FROM issues i WHERE NOT EXISTS (SELECT 1 FROM pages p WHERE p.issue_id = i.id)').pluck().get();
    expect(issues).toBeLessThan(9);
    expect(orphans).toBe(0);
    expect((await post(`/Api/Admin/Jobs/${running.id}/Cancel`)).statusCode).toBe(400);
    const again = (await post('/Api/Admin/Jobs', { kind: 'batch', sourcePath: BATCH, marcPath: MARC })).json();
    expect((await waitFor(again.id, ['done', 'failed'])).status).toBe('done');
    expect((await store.browse.titleCounts(1)).reduce((n, t) => n + t.pages, 0)).toBe(9);
  });
});
