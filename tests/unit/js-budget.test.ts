// The first-load JavaScript budget (scripts/js-budget.ts) guards what a phone downloads before a screen renders.
// Proved on a real build: the same app with a 50 kB module planted in /home's screen must fail the check,
// and only for the screens that load it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { BUDGET_FILE, firstLoadJs, overBudget } from '../../scripts/js-budget';

const PLANTED = '\0planted-50kb';

/** Adds `import 'planted'` to /home's screen: 50 kB of incompressible text that it really uses. */
function plant(): Plugin {
  const text = randomBytes(37_500).toString('base64'); // 50,000 characters
  return {
    name: 'plant-50kb',
    enforce: 'pre',
    resolveId: (id) => (id === 'planted-50kb' ? PLANTED : null),
    load: (id) => (id === PLANTED ? `export const planted = ${JSON.stringify(text)};` : null),
    transform(code, id) {
      if (!id.endsWith('src/home/HomeScreen.tsx')) return null;
      return `import { planted } from 'planted-50kb';\n(globalThis as Record<string, unknown>).__planted = planted;\n${code}`;
    },
  };
}

describe('first-load JavaScript budget', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'js-budget-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('fails when a 50 kB import is planted in /home, naming the screen', async () => {
    // Vitest runs with NODE_ENV=test, which would bundle React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ configFile: 'vite.config.ts', mode: 'production', logLevel: 'silent', plugins: [plant()], build: { outDir, emptyOutDir: true } });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    const budgets = JSON.parse(readFileSync(BUDGET_FILE, 'utf8')) as Record<string, number>;
    const weights = firstLoadJs(outDir);
    const problems = overBudget(weights, budgets);
    expect(problems.some((p) => p.startsWith('HomeScreen:') && p.includes('over its budget'))).toBe(true);
    // The planted module rides with /home's chunk, not with the entry every screen loads: the admin stays within.
    expect(problems.filter((p) => p.startsWith('AdminScreen:'))).toEqual([]);
  });

  it('names a screen that has no budget yet', () => {
    expect(overBudget({ TitleScreen: { gzip: 1000, files: [] } }, {})).toEqual([expect.stringContaining('TitleScreen: no budget')]);
  });
});
