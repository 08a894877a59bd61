// Visitor corrections while people search (issue #23): the real server (a child process, as `npm run serve`)
// on the demo archive; 1,000 corrections of distinct lines sent by many visitors (4 at a time), while 4
// searchers run distinct one-word searches (each a cache miss). Search latency is measured the same way
// before the corrections start. Goal: search p95 during corrections within 20% of the p95 without.
// Then the same at a paced rate (BENCH_PACED_RATE corrections/s, BENCH_PACED corrections), closer to a
// busy day of volunteers than 4 clients sending as fast as the server answers.
// Run: npx tsx bench/corrections.ts   (writes bench/results/corrections.json)
// Env: CORRECTIONS_PER_SECOND (the server's write pacing: default 50, 0 = none), BENCH_PORT (8431), BENCH_CORRECTIONS (1000), BENCH_SEARCHES (400, the baseline), BENCH_PACED (300),
//      BENCH_PACED_RATE (10), BENCH_DIR (a temp dir).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSqliteStore } from '../server/store/sqlite';
import { ensureDemoArchive } from '../server/demo';
import { pageLines } from '../server/services/corrections/lines';
import { toWords } from '../server/store/viewer-rows';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 8431);
const total = Number(process.env.BENCH_CORRECTIONS ?? 1000);
const baselineSearches = Number(process.env.BENCH_SEARCHES ?? 400);
const paced = Number(process.env.BENCH_PACED ?? 300);
const pacedRate = Number(process.env.BENCH_PACED_RATE ?? 10);
const keep = Boolean(process.env.BENCH_DIR);
const dir = process.env.BENCH_DIR ?? mkdtempSync(join(tmpdir(), 'corrections-bench-'));
const base = `http://127.0.0.1:${port}`;

// 1. The demo archive, its ranking lists, and what to send: lines to correct and words to search.
const store = createSqliteStore(dir);
await ensureDemoArchive(store, dir, (line) => console.log(line));
const rows = store.db.prepare('SELECT p.uid, p.ocr_text AS text, w.words FROM pages p JOIN page_words w ON w.page_id = p.id ORDER BY p.id').all() as {
  uid: string;
  text: string;
  words: string;
}[];
const targets: { uid: string; lineId: string; text: string }[] = [];
for (let round = 0; targets.length < total + paced && round < 50; round++) {
  // Spread over pages: the round-th long line of every page, then the next round.
  for (const r of rows) {
    const lines = pageLines(toWords(r.words), r.text).filter((l) => l.text.length >= 20);
    const l = lines[round];
    if (!l || targets.length >= total + paced) continue;
    const words = l.text.split(' ');
    words[0] = words[0].length > 1 ? words[0][0].toUpperCase() + words[0].slice(1).toLowerCase() + 's' : `${words[0]}s`;
    targets.push({ uid: r.uid, lineId: l.id, text: words.join(' ') });
  }
}
const vocab = store.db
  .prepare("SELECT term FROM pages_vocab WHERE doc BETWEEN 2 AND 200 AND length(term) >= 4 AND term GLOB '[a-z]*' ORDER BY term")
  .pluck()
  .all() as string[];
await store.close();
// Two disjoint sets of words of the same spread: every search is a miss in both phases.
const step = Math.max(1, Math.floor(vocab.length / (baselineSearches * 9)));
const sample = vocab.filter((_, i) => i % step === 0);
const wordsBefore = sample.filter((_, i) => i % 3 === 0);
const wordsDuring = sample.filter((_, i) => i % 3 === 1);
const wordsPaced = sample.filter((_, i) => i % 3 === 2);
// The last flat-out correction adds a word no page has: search must find exactly its page afterwards.
const PROBE = 'zqxcorrected';
targets[total - 1].text += ` ${PROBE}`;
console.log(`${rows.length} pages, ${targets.length} lines to correct, ${wordsBefore.length}/${wordsDuring.length}/${wordsPaced.length} words to search`);
spawnSync(process.execPath, ['--import', 'tsx', 'server/tools/rank-lists.ts', '--data', dir], { cwd: root, stdio: 'inherit' });

// 2. The server, trusting X-Forwarded-For so each correction comes from its own visitor's address.
const server = spawn(
  process.execPath,
  [...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []), '--import', 'tsx', 'server/main.ts'],
  {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DIST_DIR: join(dir, 'no-dist'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DEMO: '0',
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);
for (let i = 0; ; i++) {
  if (i > 300) throw new Error('the server did not start');
  if (
    await fetch(`${base}/Api/Site/Directory`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await new Promise((r) => setTimeout(r, 200));
}
const first = await fetch(`${base}/Api/Site/Directory`);
const token = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1];

const searchOnce = async (word: string) => {
  const t0 = performance.now();
  const r = await fetch(`${base}/Api/Search?k=${encodeURIComponent(word)}&ord=k1&url=${encodeURIComponent(base)}`);
  await r.arrayBuffer();
  if (!r.ok) throw new Error(`search ${word}: ${r.status}`);
  return performance.now() - t0;
};
/** The answer time of a trivial request (robots.txt) every 50 ms until `until()`: how busy the main thread is. */
async function pings(until: () => boolean): Promise<number[]> {
  const out: number[] = [];
  while (!until()) {
    const t0 = performance.now();
    await (await fetch(`${base}/robots.txt`)).arrayBuffer();
    out.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 50));
  }
  return out;
}
/** 4 searchers over the words until `until()` says stop (or the words run out); latencies in ms. */
async function searchers(words: string[], until: () => boolean): Promise<number[]> {
  const out: number[] = [];
  let next = 0;
  await Promise.all(
    [0, 1, 2, 3].map(async () => {
      while (next < words.length && !until()) out.push(await searchOnce(words[next++]));
    }),
  );
  return out;
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(1));
};

// 3. Warm up (first searches load page metadata into each worker), then the baseline.
await searchers(wordsBefore.slice(-40), () => false);
let baselineDone = false;
const [before, pingBefore] = await Promise.all([
  searchers(wordsBefore.slice(0, baselineSearches), () => false).finally(() => (baselineDone = true)),
  pings(() => baselineDone),
]);

const statuses: Record<number, number> = {};
/** Sends targets[from, to) with 4 visitors at a time, at most `rate` per second (0: as fast as answered). */
async function correct(from: number, to: number, rate: number) {
  let next = from;
  const t0 = performance.now();
  await Promise.all(
    [0, 1, 2, 3].map(async () => {
      while (next < to) {
        const i = next++;
        const due = t0 + ((i - from) * 1000) / (rate || Infinity);
        if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
        const t = targets[i];
        const r = await fetch(`${base}/Api/Viewer/Page/${encodeURIComponent(t.uid)}/Corrections`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: `XSRF-TOKEN=${token}`,
            'x-xsrf-token': token,
            'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          },
          body: JSON.stringify({ lineId: t.lineId, text: t.text, baseVersion: 0, displayName: `Visitor ${i % 50}` }),
        });
        await r.arrayBuffer();
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      }
    }),
  );
  return (performance.now() - t0) / 1000;
}
/** Searches over `words` while targets[from, to) are sent; latencies and seconds taken by the corrections. */
async function searchWhileCorrecting(words: string[], from: number, to: number, rate: number) {
  let done = false;
  const correcting = correct(from, to, rate).then((s) => {
    done = true;
    return s;
  });
  let searched = false;
  const [latencies, ping] = await Promise.all([searchers(words, () => done).finally(() => (searched = true)), pings(() => done || searched)]);
  return { latencies, ping, seconds: await correcting };
}

// 4. Corrections as fast as the server takes them (4 visitors at a time) while the searchers run.
const flat = await searchWhileCorrecting(wordsDuring, 0, total, 0);
const during = flat.latencies;
const seconds = flat.seconds;
// 5. Paced corrections while the searchers run.
const slow = await searchWhileCorrecting(wordsPaced, total, total + paced, pacedRate);
const probe = PROBE;
const found = (await (await fetch(`${base}/Api/Search?k=${encodeURIComponent(probe)}&ord=k1&url=${encodeURIComponent(base)}`)).json()) as { total: number };
stop();

const result = {
  pages: rows.length,
  corrections: total,
  /** The server's write pacing (CORRECTIONS_PER_SECOND; server/services/corrections/write-pacer.ts). */
  serverWritesPerSecond: process.env.CORRECTIONS_PER_SECOND ? Number(process.env.CORRECTIONS_PER_SECOND) : 'default (50)',
  statuses,
  correctionsPerSecond: Number((total / seconds).toFixed(1)),
  correctionSeconds: Number(seconds.toFixed(1)),
  searchBefore: { count: before.length, p50: pct(before, 50), p95: pct(before, 95) },
  searchDuring: { count: during.length, p50: pct(during, 50), p95: pct(during, 95) },
  p95Change: Number((pct(during, 95) / pct(before, 95) - 1).toFixed(3)),
  /** A trivial request's answer time (main thread busy-ness): before, during flat-out, during paced. */
  pingP95: { before: pct(pingBefore, 95), during: pct(flat.ping, 95), paced: pct(slow.ping, 95) },
  paced: {
    corrections: paced,
    ratePerSecond: pacedRate,
    seconds: Number(slow.seconds.toFixed(1)),
    search: { count: slow.latencies.length, p50: pct(slow.latencies, 50), p95: pct(slow.latencies, 95) },
    p95Change: Number((pct(slow.latencies, 95) / pct(before, 95) - 1).toFixed(3)),
  },
  goal: 'search p95 during corrections within 20% of without',
  probe: { word: probe, pagesFound: found.total, expected: 1 },
  cpus: cpus().length,
  loadAverageAtEnd: Number(loadavg()[0].toFixed(2)),
  node: process.version,
  at: new Date().toISOString(),
};
console.log(
  `${result.corrections} corrections in ${result.correctionSeconds} s (${result.correctionsPerSecond}/s; statuses ${JSON.stringify(statuses)}); ` +
    `search p95 ${result.searchBefore.p95} ms without, ${result.searchDuring.p95} ms during (${(result.p95Change * 100).toFixed(0)}%); ` +
    `p50 ${result.searchBefore.p50} / ${result.searchDuring.p50} ms; paced at ${pacedRate}/s: p95 ${result.paced.search.p95} ms ` +
    `(${(result.paced.p95Change * 100).toFixed(0)}%); trivial request p95 ${JSON.stringify(result.pingP95)} ms; load average ${result.loadAverageAtEnd}`,
);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/corrections.json'), JSON.stringify(result, null, 2) + '\n');
await new Promise((r) => setTimeout(r, 500));
if (!keep) rmSync(dir, { recursive: true, force: true });
process.exit(0);
