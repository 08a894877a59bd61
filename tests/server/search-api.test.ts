import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import type { SearchResponse } from '../../contract/search/query';
import { seedFixture, type Fixture } from './search-fixtures';

let app: FastifyInstance;
let store: SqliteStore;
let fx: Fixture;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'search-api-'));
  store = createSqliteStore(':memory:');
  fx = await seedFixture(store);
  app = await buildApp({ ...loadConfig({ NODE_ENV: 'test' }), dataDir, distDir: join(dataDir, 'dist') }, store);
});
afterAll(async () => {
  await app.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (qs: string) => app.inject({ method: 'GET', url: `/Api/Search?${qs}` });

describe('GET /Api/Search', () => {
  it('answers results, counts and facets for the /search parameters', async () => {
    const res = await get('i=f&bcn=1&m=between&k=quick&ord=k1&url=http://all.test');
    expect(res.statusCode).toBe(200);
    const body = res.json() as SearchResponse;
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 20, sort: 'relevance' });
    expect(body.results).toHaveLength(4);
    expect(body.facets.titles.length).toBe(2);
  });
  it('picks the site by url (origin); an unknown origin gets the default site', async () => {
    expect((await get('k=quick&ord=k1&url=http://bee.test')).json().total).toBe(0);
    expect((await get('k=uber&ord=k1&url=http://bee.test')).json().total).toBe(2);
    expect((await get('k=quick&ord=k1&url=http://nowhere.test')).json().total).toBe(4);
  });
  it('follows a site edit at once: a new origin is that site from the next search on', async () => {
    expect((await get('k=quick&ord=k1&url=http://bee-two.test')).json().total).toBe(4); // unknown: default site
    await store.sites.update(fx.sites.beeOnly, { origins: ['http://bee.test', 'http://bee-two.test'] });
    try {
      expect((await get('k=quick&ord=k1&url=http://bee-two.test')).json().total).toBe(0);
    } finally {
      await store.sites.update(fx.sites.beeOnly, { origins: ['http://bee.test'] });
    }
  });
  it('an archive with no site configured yet answers an empty search, not a server error', async () => {
    const empty = createSqliteStore(':memory:');
    const bare = await buildApp({ ...loadConfig({ NODE_ENV: 'test' }), dataDir, distDir: join(dataDir, 'dist') }, empty);
    try {
      const res = await bare.inject({ method: 'GET', url: '/Api/Search?k=quick&url=http://all.test' });
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(0);
    } finally {
      await bare.close();
      await empty.close();
    }
  });
  it('malformed parameters are a 400 with a readable message', async () => {
    for (const qs of [
      'm=sideways',
      'd=13/45/1900-',
      'ord=x1',
      'ord=k1&k=',
      'p=0',
      'p=abc',
      'sort=random',
      'by=18x',
      't=a,b',
      'co=-1',
      'd=01/01/1900-01/01/1800',
    ]) {
      const res = await get(qs);
      expect(res.statusCode, qs).toBe(400);
      expect(typeof res.json().error, qs).toBe('string');
    }
  });
  it('too many words is a 400, not an engine error', async () => {
    const words = Array.from({ length: 300 }, (_, i) => `w${i}`).join(' ');
    const res = await get(`k=${words}&ord=k1`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/too many words/);
  });
  it('bad row syntax is a 400 with a message that says what to fix', async () => {
    for (const [text, message] of [
      ['"city council', /Unbalanced quotes/],
      ['*', /A lone \* matches nothing/],
      ['"city council"~99', /N from 1 to 20/],
      ['wa*', /at least 3 letters before a \*/],
    ] as const) {
      const res = await get(`k=${encodeURIComponent(text)}&ord=k1`);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().error, text).toMatch(message);
    }
    const ok = await get(`e=${encodeURIComponent('"quick fox"~3')}&ord=e1`);
    expect(ok.statusCode).toBe(200);
  });
  it('a 10,000-character query does not fail', async () => {
    const long = 'x'.repeat(10_000);
    const res = await get(`e=${long}&ord=e1`);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(0);
  });
});

// Hostile strings a person (or a bot) may type: FTS5 syntax, SQL, markup, control characters, emoji.
const NASTY = [
  '"',
  '""',
  '"""',
  "'",
  '*',
  '^',
  ':',
  '(',
  ')',
  '()',
  '-',
  '+',
  'AND',
  'OR',
  'NOT',
  'NEAR',
  'NEAR(a b, 2)',
  'ocr_text:x',
  '{ocr_text}: x',
  'a*',
  '^a',
  'a OR',
  'OR a',
  'a NOT',
  '"a" + "b"',
  "'; DROP TABLE pages; --",
  '%',
  '%%',
  '\\',
  '\u0000',
  '\u200b',
  '\ufeff',
  '😀',
  '👩‍👩‍👧',
  '\ud800',
  'über',
  'ÜBER',
  'İstanbul',
  'ß',
  'ﬁ',
  '٣',
  '中文',
  'a\nb',
  '<script>',
  '&amp;',
  '\t',
];

function randomText(rand: () => number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const parts: string[] = [];
  const n = 1 + Math.floor(rand() * 6);
  for (let i = 0; i < n; i++) {
    const r = rand();
    if (r < 0.4) parts.push(pick(NASTY));
    else if (r < 0.7) parts.push(pick(['quick', 'fox', 'brown', 'uber', 'filler', 'telegram', 'the']));
    else parts.push(String.fromCodePoint(...Array.from({ length: 1 + Math.floor(rand() * 8) }, () => Math.floor(rand() * 0x2ffff))));
  }
  return parts.join(rand() < 0.7 ? ' ' : '');
}

/** A small deterministic PRNG so a failure can be replayed. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('fuzz', () => {
  it('thousands of random and hostile queries: never a 5xx', async () => {
    const rand = mulberry32(20261122);
    const keys = ['k', 'e', 'o', 'n'];
    const failures: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const p = new URLSearchParams();
      const rows = 1 + Math.floor(rand() * 4);
      const ord: string[] = [];
      const counts: Record<string, number> = { k: 0, e: 0, o: 0, n: 0 };
      const values: Record<string, string[]> = { k: [], e: [], o: [], n: [] };
      for (let r = 0; r < rows; r++) {
        const key = keys[Math.floor(rand() * 4)];
        values[key].push(randomText(rand));
        counts[key]++;
        ord.push(`${r ? (rand() < 0.5 ? ',' : '_') : ''}${key}${counts[key]}`);
      }
      for (const k of keys) if (values[k].length) p.set(k, values[k].join(','));
      // Sometimes a broken ord, random dates, filters and pages.
      p.set('ord', rand() < 0.9 ? ord.join('') : randomText(rand));
      if (rand() < 0.3) p.set('m', rand() < 0.8 ? ['between', 'on', 'before', 'after'][Math.floor(rand() * 4)] : randomText(rand));
      if (rand() < 0.3)
        p.set('d', rand() < 0.7 ? `0${1 + Math.floor(rand() * 9)}/1${Math.floor(rand() * 9)}/18${50 + Math.floor(rand() * 49)}-` : randomText(rand));
      if (rand() < 0.2) p.set('t', rand() < 0.7 ? String(Math.floor(rand() * 5)) : randomText(rand));
      if (rand() < 0.2) p.set('bdd', rand() < 0.7 ? '1860,1880' : randomText(rand));
      if (rand() < 0.2) p.set('p', rand() < 0.7 ? String(Math.floor(rand() * 100)) : randomText(rand));
      if (rand() < 0.1) p.set('sort', ['relevance', 'date', 'date-desc', randomText(rand)][Math.floor(rand() * 4)]);
      const qs = p.toString();
      const res = await get(qs);
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${qs} ${res.body}`);
      else if (res.statusCode === 200) {
        const body = res.json() as SearchResponse;
        for (const r of body.results) if (r.snippet.replace(/<\/?mark>/g, '').match(/[<>]/)) failures.push(`unsafe snippet for ${qs}`);
      }
    }
    expect(failures).toEqual([]);
  });
  it('the raw hostile strings in every row type', async () => {
    for (const text of NASTY) {
      for (const key of ['k', 'e', 'o', 'n']) {
        let value: string;
        try {
          value = encodeURIComponent(text);
        } catch {
          value = '%ED%A0%80'; // a lone surrogate as the (invalid) UTF-8 a browser could send
        }
        const res = await get(`${key}=${value}&ord=${key}1`);
        expect(res.statusCode, `${key}=${JSON.stringify(text)}`).toBeLessThan(500);
      }
    }
  });
  it('broken percent-encoding and odd query strings', async () => {
    for (const qs of [
      'k=%&ord=k1',
      'k=%E0%A4%A&ord=k1',
      'k=%FF%FE&ord=k1',
      '&&&',
      'k&ord',
      '=&=',
      'ord=k1,,k2',
      'ord=k1__k2&k=a,b',
      'k=a&k=b&ord=k1',
      'p=999999&k=the&ord=k1',
    ]) {
      const res = await get(qs);
      expect(res.statusCode, qs).toBeLessThan(500);
    }
  });
});
