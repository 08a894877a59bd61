#!/usr/bin/env node
// `npm test`: typecheck, build, unit + server tests (Vitest), browser tests (Playwright, Debian Chromium).
// Prints one closing line "tests: N passed, N failed" over every stage.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

mkdirSync('.tmp', { recursive: true });
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
const only = process.argv[2]; // optional: typecheck | lint | unit | e2e
let passed = 0;
let failed = 0;
let broken = false;

function run(label, cmd, args, extraEnv = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (r.status !== 0) console.log(`=== ${label} exited with ${r.status}`);
  return r.status === 0;
}

if (!only || only === 'typecheck') {
  if (!run('typecheck', 'npm', ['run', '-s', 'typecheck'])) broken = true;
}
if (!only || only === 'lint') {
  if (!run('lint', 'npm', ['run', '-s', 'lint'])) broken = true;
  if (!run('format', 'npm', ['run', '-s', 'format:check'])) broken = true;
}
if (!only || only === 'unit') {
  rmSync('.tmp/vitest.json', { force: true });
  run('unit and server tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest.json']);
  if (existsSync('.tmp/vitest.json')) {
    const r = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    if (r.numFailedTestSuites > 0 && r.numFailedTests === 0) failed += r.numFailedTestSuites;
  } else broken = true;
}
if (!only || only === 'e2e') {
  if (!run('build', 'npm', ['run', '-s', 'build'])) broken = true;
  // Bytes are deterministic: a screen whose first-load JavaScript outgrows its budget fails here (times stay in bench/).
  if (run('first-load JavaScript budget', 'npx', ['tsx', 'scripts/js-budget.ts'])) passed += 1;
  else failed += 1;
  rmSync('.tmp/playwright.json', { force: true });
  run('browser tests', 'npx', ['playwright', 'test'], { PW_REPORTER: 'json', PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/playwright.json' });
  if (existsSync('.tmp/playwright.json')) {
    const r = JSON.parse(readFileSync('.tmp/playwright.json', 'utf8'));
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

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);
