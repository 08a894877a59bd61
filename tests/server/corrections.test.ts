// Visitor OCR corrections (issue #23) on the embedded engine: hostile text is neutralised or refused with a
// 4xx (never a 5xx), vandals are slowed (429) and can be blocked (403), a site can require an account, the
// corrected ALTO and the IIIF text carry the corrected line, and the moderation API lists and decides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore } from '../../server/store/sqlite';
import { hashPassword } from '../../server/admin/auth';
import type { Store, WordBox } from '../../server/store/types';
import type { AdminContributor, CorrectionCreated, PageCorrectionsResponse, PageLinesResponse } from '../../contract/corrections';

let app: FastifyInstance;
let store: Store;
let dataDir: string;
let pages: string[];

// ALTO of a page whose second line ends with a hyphenated word finished on the third line.
const ALTO = `<?xml version="1.0" encoding="UTF-8"?>
<alto xmlns="http://www.loc.gov/standards/alto/ns-v2#"><Layout><Page WIDTH="1000" HEIGHT="1400"><PrintSpace>
<TextBlock ID="B1"><TextLine><String CONTENT="COUNCIL" HPOS="100" VPOS="100" WIDTH="140" HEIGHT="30"/><SP/><String CONTENT="NEWS" HPOS="250" VPOS="100" WIDTH="90" HEIGHT="30"/></TextLine></TextBlock>
<TextBlock ID="B2"><TextLine><String CONTENT="tbe" HPOS="100" VPOS="150" WIDTH="60" HEIGHT="30"/><SP/><String CONTENT="Mavor" HPOS="170" VPOS="150" WIDTH="100" HEIGHT="30"/><SP/><String CONTENT="an-" SUBS_TYPE="HypPart1" SUBS_CONTENT="announced" HPOS="280" VPOS="150" WIDTH="60" HEIGHT="30"/><HYP CONTENT="-"/></TextLine>
<TextLine><String CONTENT="nounced" SUBS_TYPE="HypPart2" SUBS_CONTENT="announced" HPOS="100" VPOS="200" WIDTH="120" HEIGHT="30"/><SP/><String CONTENT="taxes" HPOS="230" VPOS="200" WIDTH="90" HEIGHT="30"/></TextLine></TextBlock>
</PrintSpace></Page></Layout></alto>`;
const WORDS: WordBox[] = [
  ['COUNCIL', 100, 100, 140, 30],
  ['NEWS', 250, 100, 90, 30],
  ['tbe', 100, 150, 60, 30],
  ['Mavor', 170, 150, 100, 30],
  ['announced', 280, 150, 60, 30, [100, 200, 120, 30]],
  ['taxes', 230, 200, 90, 30],
];
const page = (sequence: number) => ({
  sequence,
  number: String(sequence),
  width: 1000,
  height: 1400,
  imagePath: `images/${sequence}.tif`, // never read here: the IIIF canvas only needs the page to have one
  pdfPath: null,
  altoPath: 'alto/page.xml',
  ocrText: 'COUNCIL NEWS\n\ntbe Mavor announced\ntaxes',
  words: WORDS,
});

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'corrections-sqlite-'));
  mkdirSync(join(dataDir, 'alto'));
  writeFileSync(join(dataDir, 'alto', 'page.xml'), ALTO);
  store = createSqliteStore(':memory:');
  await store.sites.create({ slug: 'chronicle', name: 'The Chronicle Archive', isDefault: true, origins: ['archive.test'] });
  await store.sites.create({ slug: 'members', name: 'Members Archive', origins: ['members.test'] });
  await store.ingest.upsertTitle({
    lccn: 'sn00000024',
    name: 'The Proof Reader',
    place: { country: 'United States', state: 'Ohio', city: 'Akron' },
    source: 'demo',
  });
  const batch = await store.ingest.beginBatch('batch_corrections_sqlite', null);
  pages = (await store.ingest.writeIssue(batch, { lccn: 'sn00000024', dateIssued: '1902-05-01', edition: 1, pages: [1, 2, 3, 4, 5].map(page) })).pageUids;
  await store.admin.createUser('mod', await hashPassword('moderator-password-1'), 'editor');
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'no-dist'), DEMO: '0' }),
    correctionLimits: { perAddress: 8, perPage: 5, windowMs: 60_000 },
  };
  app = await buildApp(config, store);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await store?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let nextAddress = 1;
/** A fresh address per test unless given: the rate limits count per address. */
async function send(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload: unknown,
  opts: { ip?: string; host?: string; cookies?: Record<string, string> } = {},
) {
  const first = await app.inject({ method: 'GET', url: '/Api/Site/Directory' });
  const token = first.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  return app.inject({
    method,
    url,
    payload: payload as string,
    cookies: { 'XSRF-TOKEN': token, ...opts.cookies },
    headers: { host: opts.host ?? 'archive.test', 'x-xsrf-token': token, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    remoteAddress: opts.ip ?? `10.20.0.${nextAddress++}`,
  });
}
const correct = (uid: string, body: unknown, opts?: Parameters<typeof send>[3]) => send('POST', `/Api/Viewer/Page/${uid}/Corrections`, body, opts);
async function signIn() {
  const r = await send('POST', '/Api/Admin/Login', { username: 'mod', password: 'moderator-password-1' });
  return { archive_session: r.cookies.find((c) => c.name === 'archive_session')!.value };
}

describe('corrections: lines', () => {
  it('a hyphenated word belongs to the line it starts on; ids follow the OCR lines', async () => {
    const r = await app.inject({ url: `/Api/Viewer/Page/${pages[0]}/Lines` });
    expect(r.json<PageLinesResponse>().lines.map((l) => [l.id, l.text, l.box])).toEqual([
      ['L1', 'COUNCIL NEWS', [100, 100, 240, 30]],
      ['L2', 'tbe Mavor announced', [100, 150, 240, 30]],
      ['L3', 'taxes', [230, 200, 90, 30]],
    ]);
    expect((await app.inject({ url: '/Api/Viewer/Page/no-such-page/Lines' })).statusCode).toBe(404);
  });
});

describe('corrections: hostile text', () => {
  it('strips HTML tags and control characters and keeps the rest as plain text', async () => {
    const r = await correct(pages[0], {
      lineId: 'L2',
      text: '<script>alert(1)</script>the\u0000 <b>Mayor</b>\u202e announced\n',
      baseVersion: 0,
      displayName: '<img src=x onerror=alert(1)>Ada\u0007',
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json<CorrectionCreated>().text).toBe('alert(1) the Mayor announced');
    const h = (await app.inject({ url: `/Api/Viewer/Page/${pages[0]}/Corrections` })).json<PageCorrectionsResponse>();
    expect(h.entries[0]).toMatchObject({ text: 'alert(1) the Mayor announced', author: 'Ada' });
  });

  it('refuses a 10 MB body with 413, and over-long, empty, linked or unrelated text with 400', async () => {
    const huge = JSON.stringify({ lineId: 'L1', text: 'x'.repeat(10 * 1024 * 1024), baseVersion: 0 });
    const big = await correct(pages[1], huge);
    expect(big.statusCode).toBe(413);
    const cases: [unknown, RegExp][] = [
      [{ lineId: 'L1', text: 'COUNCIL NEWS '.repeat(40), baseVersion: 0 }, /too long: at most 248 characters/],
      [{ lineId: 'L1', text: ' <p></p>\u0000 ', baseVersion: 0 }, /empty/],
      [{ lineId: 'L1', text: 'COUNCIL NEWS see www.cheap-pills.example', baseVersion: 0 }, /Links/],
      [{ lineId: 'L1', text: 'COUNCIL NEWS https://x.test/a', baseVersion: 0 }, /Links/],
      [{ lineId: 'L2', text: 'Buy quality replica wristwatches today at discount prices for everyone', baseVersion: 0 }, /too different/],
      [{ lineId: 'L99', text: 'COUNCIL NEWS', baseVersion: 0 }, /No line 'L99'/],
      [{ lineId: 'L1', text: 42, baseVersion: 0 }, /text/],
      [{ lineId: 'L1', text: 'COUNCIL NEWS!', baseVersion: -1 }, /baseVersion/],
      [{ lineId: 'L1', text: 'COUNCIL NEWS!', baseVersion: 0, clientId: 'nope' }, /clientId must be a UUID/],
      ['{"lineId": "L1", "text": ', /JSON|body/i],
    ];
    for (const [body, message] of cases) {
      const r = await correct(pages[1], typeof body === 'string' ? body : JSON.stringify(body));
      expect(r.statusCode, `${JSON.stringify(body).slice(0, 80)} -> ${r.body}`).toBe(400);
      expect(r.json().error).toMatch(message);
    }
    // A correction that fixes many letters of a short line is still a correction.
    expect((await correct(pages[1], { lineId: 'L3', text: 'taxes.', baseVersion: 0 })).statusCode).toBe(201);
  });
});

describe('corrections: vandals', () => {
  it('answers 429 with a clear message after too many corrections from one address on one page', async () => {
    const ip = '10.30.0.1';
    const texts = ['COUNCIL NEWS.', 'COUNCIL NEWS', 'COUNCIL NEWS.', 'COUNCIL NEWS', 'COUNCIL NEWS.'];
    for (const [version, text] of texts.entries()) expect((await correct(pages[2], { lineId: 'L1', text, baseVersion: version }, { ip })).statusCode).toBe(201);
    const sixth = await correct(pages[2], { lineId: 'L1', text: 'COUNCIL NEWS', baseVersion: 5 }, { ip });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatch(/many corrections in a short time: please wait 1 minute/);
    // Another page takes more from the same address until its overall limit (8).
    const others = [];
    for (let i = 0; i < 3; i++) others.push((await correct(pages[3], { lineId: 'L3', text: i % 2 ? 'taxes' : 'taxes.', baseVersion: i }, { ip })).statusCode);
    expect(others).toEqual([201, 201, 429]);
  });

  it('a blocked address gets 403 with a message; unblocking lets it correct again', async () => {
    const cookies = await signIn();
    const ip = '10.40.0.1';
    const b = await send('POST', '/Api/Admin/Corrections/Blocks', { kind: 'address', value: ip, reason: 'spam' }, { cookies });
    expect(b.statusCode, b.body).toBe(201);
    const r = await correct(pages[4], { lineId: 'L1', text: 'COUNCIL NEWS.', baseVersion: 0 }, { ip });
    expect(r.statusCode).toBe(403);
    expect(r.json().error).toMatch(/blocked/);
    expect((await send('DELETE', `/Api/Admin/Corrections/Blocks/${b.json().id}`, undefined, { cookies })).statusCode).toBe(200);
    expect((await correct(pages[4], { lineId: 'L1', text: 'COUNCIL NEWS.', baseVersion: 0 }, { ip })).statusCode).toBe(201);
  });

  it('a blocked account gets 403 even from a new address', async () => {
    const cookies = await signIn();
    const b = await send('POST', '/Api/Admin/Corrections/Blocks', { kind: 'account', value: 'mod' }, { cookies });
    expect(b.statusCode).toBe(201);
    const r = await correct(pages[4], { lineId: 'L2', text: 'the Mavor announced', baseVersion: 0 }, { cookies });
    expect(r.statusCode).toBe(403);
    expect(r.json().error).toMatch(/blocked/);
    expect((await app.inject({ url: '/Api/Admin/Corrections/Blocks', cookies })).json()).toMatchObject([{ kind: 'account', value: 'mod' }]);
    await send('DELETE', `/Api/Admin/Corrections/Blocks/${b.json().id}`, undefined, { cookies });
  });

  it('a site that requires an account refuses anonymous visitors with 403 and takes signed-in ones', async () => {
    const members = (await store.sites.list()).find((s) => s.slug === 'members')!;
    await store.corrections.setPolicy(members.id, { publish: 'immediately', requireAccount: true });
    const lines = await app.inject({ url: `/Api/Viewer/Page/${pages[4]}/Lines`, headers: { host: 'members.test' } });
    expect(lines.json<PageLinesResponse>().policy).toEqual({ publish: 'immediately', requireAccount: true, signedIn: false });
    const anon = await correct(pages[4], { lineId: 'L3', text: 'taxes.', baseVersion: 0 }, { host: 'members.test' });
    expect(anon.statusCode).toBe(403);
    expect(anon.json().error).toMatch(/sign in/);
    const cookies = await signIn();
    const signed = await correct(pages[4], { lineId: 'L3', text: 'taxes.', baseVersion: 0 }, { host: 'members.test', cookies });
    expect(signed.statusCode, signed.body).toBe(201);
    const board = await app.inject({ url: `/Api/Admin/Sites/${members.id}/Contributors`, cookies });
    expect(board.json<AdminContributor[]>()).toMatchObject([{ name: 'mod', corrections: 1, lines: 1 }]);
  });
});

describe('corrections: downloads and IIIF', () => {
  it('the corrected ALTO rewrites the corrected line’s String CONTENT only; the original stays as ingested', async () => {
    const uid = pages[0]; // L2 reads 'alert(1) the Mayor announced' (first test)
    const original = await app.inject({ url: `/Api/Files/page/${uid}/alto` });
    expect(original.body).toBe(ALTO);
    const corrected = await app.inject({ url: `/Api/Files/page/${uid}/alto?version=corrected` });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.body).toContain('<String CONTENT="alert(1)" HPOS="100"');
    expect(corrected.body).toContain('<String CONTENT="the Mayor" HPOS="170"');
    expect(corrected.body).toContain('<String CONTENT="announced" SUBS_TYPE="HypPart1"');
    expect(corrected.body).toContain('<String CONTENT="COUNCIL"');
    expect(corrected.body).toContain('<String CONTENT="nounced" SUBS_TYPE="HypPart2"');
    const page = (await app.inject({ url: `/Api/Viewer/Page/${uid}` })).json();
    expect(page.downloads.altoCorrected).toBe(`/Api/Files/page/${uid}/alto?version=corrected`);
  });

  it('the corrected plain text puts each corrected line in place of its OCR line; the original text stays as ingested', async () => {
    const uid = pages[0]; // L2 reads 'alert(1) the Mayor announced' (first test)
    const original = await app.inject({ url: `/Api/Files/page/${uid}/text` });
    expect(original.body).toBe('COUNCIL NEWS\n\ntbe Mavor announced\ntaxes');
    const corrected = await app.inject({ url: `/Api/Files/page/${uid}/text?version=corrected&download=1` });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.headers['content-type']).toMatch(/^text\/plain/);
    expect(corrected.headers['content-disposition']).toBe(`attachment; filename="${uid}-corrected.txt"`);
    expect(corrected.body).toBe('COUNCIL NEWS\n\nalert(1) the Mayor announced\ntaxes');
    const page = (await app.inject({ url: `/Api/Viewer/Page/${uid}` })).json();
    expect(page.downloads.textCorrected).toBe(`/Api/Files/page/${uid}/text?version=corrected`);
  });

  it('IIIF text annotations carry the corrected line in place of its OCR', async () => {
    const uid = pages[0];
    const issue = uid.replace(/-seq\d+$/, '');
    const lines = await app.inject({ url: `/iiif/presentation/${issue}/canvas/${uid}/text` });
    expect(lines.statusCode).toBe(200);
    const values = (r: typeof lines) => r.json<{ items: { body: { value: string } }[] }>().items.map((a) => a.body.value);
    expect(values(lines)).toContain('alert(1) the Mayor announced');
    expect(values(lines)).not.toContain('tbe Mavor announced');
    const words = await app.inject({ url: `/iiif/presentation/${issue}/canvas/${uid}/text?granularity=word` });
    expect(values(words)).toEqual(['COUNCIL', 'NEWS', 'alert(1)', 'the', 'Mayor', 'announced', 'taxes']);
  });
});

describe('corrections: moderation', () => {
  it('staff list recent corrections; visitors cannot reach the moderation API', async () => {
    expect((await app.inject({ url: '/Api/Admin/Corrections' })).statusCode).toBe(401);
    const cookies = await signIn();
    const list = await app.inject({ url: '/Api/Admin/Corrections', cookies });
    expect(list.statusCode).toBe(200);
    const recent = list.json().recent as { text: string; original: string; address: string }[];
    expect(recent.find((r) => r.text === 'alert(1) the Mayor announced')).toMatchObject({ original: 'tbe Mavor announced' });
    // Editors moderate, only admins change the policy.
    const put = await send('PUT', '/Api/Admin/Sites/1/CorrectionPolicy', { publish: 'afterApproval', requireAccount: false }, { cookies });
    expect(put.statusCode).toBe(403);
  });
});
