#!/usr/bin/env node
// `npm test`: typecheck, lint, format check, unit + server tests (Vitest), build, first-load JavaScript budget,
// browser tests (Playwright, Debian Chromium). Prints each stage's wall and CPU time, the slowest test files, and
// one closing line "tests: N passed, N failed" over every stage.
//
// The static checks are single-threaded, so they run beside Vitest: Vitest in one lane, typecheck → lint → format →
// build → budget → browser tests in the other. Vitest gets a worker per core (its default leaves one core free).
// Playwright starts once the build is there, while Vitest ends: its first seconds generate the demo archive and
// start servers, work that would otherwise wait for Vitest's last files. `npm test <stage>` (typecheck | lint |
// unit | e2e) runs one part.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

mkdirSync('.tmp', { recursive: true });

// Every temporary folder of the run (Vitest's archives and PostgreSQL clusters, the browser specs' archives, profiles
// and builds) goes under one folder of the run's, removed when the run ends: runs on one machine would otherwise pile
// up gigabytes until a later run (CI's among them) fails for want of disk. A run killed before its end leaves its
// folder; the next run removes it once no process with that id is alive.
const scratchRoot = join(tmpdir(), `archive-tests-${process.pid}`);
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
};
for (const name of readdirSync(tmpdir())) {
  const m = /^archive-tests-(\d+)$/.exec(name);
  if (m && !alive(Number(m[1]))) rmSync(join(tmpdir(), name), { recursive: true, force: true });
}
mkdirSync(scratchRoot, { recursive: true });
chmodSync(scratchRoot, 0o755); // the PostgreSQL test clusters run as the 'postgres' user and must reach their folders
const removeScratch = () => rmSync(scratchRoot, { recursive: true, force: true });
process.on('exit', removeScratch);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

// Free disk where the run writes, sampled every few seconds: the closing lines say how much the run needed.
const freeBytes = () => {
  try {
    const s = statfsSync(tmpdir());
    return s.bavail * s.bsize;
  } catch {
    return NaN;
  }
};
const freeAtStart = freeBytes();
let freeLowest = freeAtStart;
setInterval(() => (freeLowest = Math.min(freeLowest, freeBytes())), 2000).unref();
const gb = (bytes) => `${(bytes / 1e9).toFixed(1)} GB`;
if (freeAtStart < 5e9) console.log(`\nWARNING: ${gb(freeAtStart)} free in ${tmpdir()}; a run needs about 2 GB at its fullest.`);

const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', TMPDIR: scratchRoot };
const only = process.argv[2]; // optional: typecheck | lint | unit | e2e
const lanes = !only && process.env.TEST_SEQUENTIAL !== '1'; // TEST_SEQUENTIAL=1: one stage at a time
let passed = 0;
let failed = 0;
let broken = false;
const timings = [];
const ran = new Set(); // the runners whose reports this run wrote
const began = Date.now();

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** The machine's CPU counters (every core, jiffies): busy and total. Linux only; elsewhere nothing. */
function cpuCounters() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - fields[3] - (fields[4] ?? 0), total }; // idle and iowait are not busy
  } catch {
    return null;
  }
}
/** How busy the machine's cores were between two readings: tells waiting (room for more work) from a full machine. */
const busyShare = (a, b) => (a && b && b.total > a.total ? `${Math.round((100 * (b.busy - a.busy)) / (b.total - a.total))}%` : 'n/a');

/**
 * Runs a command; its output is shown live, or (when `buffered`, beside another stage) in one piece when it ends.
 * CPU time is the user + system time of the command and everything it started, as bash's `times` reports it.
 */
/** A runner's JSON report, or null (and a line saying why) when it is missing or cut short, e.g. by a full disk. */
function readReport(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    console.log(`${path} could not be read: ${e.message}`);
    return null;
  }
}

function run(label, cmd, args, { extraEnv = {}, buffered = false } = {}) {
  const timesFile = `.tmp/times-${label.replace(/\W+/g, '-')}`;
  rmSync(timesFile, { force: true });
  const script = 'T="$1"; shift; "$@"; rc=$?; times > "$T"; exit $rc';
  const startLoad = load();
  const startCpu = cpuCounters();
  const t0 = Date.now();
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}${buffered ? ' (output shown when it ends)' : ''}`);
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script, 'bash', timesFile, cmd, ...args], {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...env, ...extraEnv },
    });
    const chunks = [];
    if (buffered) {
      child.stdout.on('data', (d) => chunks.push(d));
      child.stderr.on('data', (d) => chunks.push(d));
    }
    child.on('close', (status) => {
      const wall = Date.now() - t0;
      let cpu = NaN;
      if (existsSync(timesFile)) {
        // `times`: the shell's own user/system line, then its children's.
        const line = readFileSync(timesFile, 'utf8').trim().split('\n')[1] ?? '';
        cpu = [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + Number(m[1]) * 60_000 + Number(m[2]) * 1000, 0);
      }
      timings.push({ label, wall, cpu, startLoad, endLoad: load(), busy: busyShare(startCpu, cpuCounters()) });
      if (buffered) {
        console.log(`\n=== ${label} output:`);
        process.stdout.write(Buffer.concat(chunks));
      }
      console.log(`=== ${label}: ${status === 0 ? 'done' : `exited with ${status}`} in ${secs(wall)} (CPU ${secs(cpu)}, load ${load()})`);
      resolve(status === 0);
    });
  });
}

async function typecheck(buffered) {
  if (!(await run('typecheck', 'npm', ['run', '-s', 'typecheck'], { buffered }))) broken = true;
}
async function lint(buffered) {
  if (!(await run('lint', 'npm', ['run', '-s', 'lint'], { buffered }))) broken = true;
  if (!(await run('format', 'npm', ['run', '-s', 'format:check'], { buffered }))) broken = true;
}
async function unit(buffered) {
  rmSync('.tmp/vitest.json', { force: true });
  rmSync('.tmp/vitest-files.json', { force: true });
  ran.add('vitest');
  await run(
    'unit and server tests',
    'npx',
    [
      'vitest',
      'run',
      `--maxWorkers=${availableParallelism()}`,
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=.tmp/vitest.json',
      '--reporter=./tests/support/file-timings-reporter.ts',
    ],
    { buffered },
  );
  const r = readReport('.tmp/vitest.json');
  if (r) {
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    if (r.numFailedTestSuites > 0 && r.numFailedTests === 0) failed += r.numFailedTestSuites;
  } else broken = true;
}
async function build(buffered) {
  if (!(await run('build', 'npm', ['run', '-s', 'build'], { buffered }))) broken = true;
  // Bytes are deterministic: a screen whose first-load JavaScript outgrows its budget fails here (times stay in bench/).
  if (await run('first-load JavaScript budget', 'npx', ['tsx', 'scripts/js-budget.ts'], { buffered })) passed += 1;
  else failed += 1;
}
async function browser() {
  rmSync('.tmp/playwright.json', { force: true });
  ran.add('playwright');
  await run('browser tests', 'npx', ['playwright', 'test'], { extraEnv: { PW_REPORTER: 'json', PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/playwright.json' } });
  const r = readReport('.tmp/playwright.json');
  if (r) {
    const s = r.stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    for (const suite of r.suites ?? []) printFailures(suite);
    if ((r.errors ?? []).length) {
      broken = true;
      for (const e of r.errors) console.log(`playwright error: ${e.message?.slice(0, 500)}`);
    }
  } else broken = true;
}

function printFailures(suite) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status === 'unexpected') {
        const err = t.results?.at(-1)?.error?.message ?? '';
        console.log(`FAILED ${spec.file} › ${spec.title}\n${err.slice(0, 1500)}`);
      }
    }
  }
  for (const s of suite.suites ?? []) printFailures(s);
}

/** The slowest test files of each runner, and every browser test that passed only when retried. */
function printSlowest() {
  const table = (title, rows) => {
    if (!rows.length) return;
    console.log(`\n${title}`);
    for (const [ms, name, note] of rows.sort((a, b) => b[0] - a[0]).slice(0, 10)) console.log(`  ${secs(ms).padStart(8)}  ${name}${note ? `  (${note})` : ''}`);
  };
  const files = ran.has('vitest') ? readReport('.tmp/vitest-files.json') : null;
  if (files) {
    table(
      'Slowest Vitest files (import + setup + tests):',
      files.map((f) => [f.ms, f.file, `import ${secs(f.collectMs)}, tests ${secs(f.testsMs)}`]),
    );
  }
  const r = ran.has('playwright') ? readReport('.tmp/playwright.json') : null;
  if (r) {
    const perFile = new Map();
    const retried = [];
    const walk = (suite) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? []) {
          const f = perFile.get(spec.file) ?? { ms: 0, tests: 0, workers: new Set() };
          for (const res of t.results ?? []) {
            f.ms += res.duration;
            f.workers.add(res.workerIndex);
          }
          f.tests += 1;
          perFile.set(spec.file, f);
          if ((t.results ?? []).length > 1) retried.push(`${spec.file} › ${spec.title} (${t.status})`);
        }
      for (const s of suite.suites ?? []) walk(s);
    };
    for (const s of r.suites ?? []) walk(s);
    table(
      'Slowest Playwright files (sum of their tests, retries included):',
      [...perFile].map(([file, f]) => [f.ms, file, `${f.tests} tests, ${f.workers.size} worker${f.workers.size === 1 ? '' : 's'}`]),
    );
    console.log(`\nBrowser tests retried: ${retried.length}${retried.length ? `\n  ${retried.join('\n  ')}` : ''}`);
  }
}

if (lanes) {
  // The two lanes; each stage records its own time.
  await Promise.all([
    unit(true),
    (async () => {
      await typecheck(true);
      await lint(true);
      await build(true);
      await browser();
    })(),
  ]);
} else {
  if (!only || only === 'typecheck') await typecheck(false);
  if (!only || only === 'lint') await lint(false);
  if (!only || only === 'unit') await unit(false);
  if (!only || only === 'e2e') {
    await build(false);
    await browser();
  }
}

printSlowest();
console.log(`\nStage timings (wall, CPU of the stage's processes, the machine's cores busy meanwhile, load average 1/5/15 min at start → end):`);
for (const t of timings)
  console.log(
    `  ${t.label.padEnd(30)} ${secs(t.wall).padStart(8)}  CPU ${secs(t.cpu).padStart(8)}  busy ${t.busy.padStart(4)}  load ${t.startLoad} → ${t.endLoad}`,
  );
console.log(`  ${'total'.padEnd(30)} ${secs(Date.now() - began).padStart(8)}`);
freeLowest = Math.min(freeLowest, freeBytes());
console.log(`\nDisk: ${gb(freeAtStart)} free at the start, ${gb(freeLowest)} at the fullest (the run used ${gb(freeAtStart - freeLowest)}).`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);
