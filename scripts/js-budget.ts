// The JavaScript a phone downloads before a screen can render: the entry with its static imports, plus the
// screen's chunk with its static imports (the served HTML preloads exactly these: server/services/route-preload.ts).
// Byte counts are deterministic for a given source, so a budget per screen can fail `npm test` while the timing
// figures stay in bench/lighthouse.ts. Run after `npm run build`:
//   npx tsx scripts/js-budget.ts            check every screen against bench/budgets/first-load-js.json
//   npx tsx scripts/js-budget.ts --write    set each budget to today's size plus HEADROOM (after a deliberate change)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const BUDGET_FILE = resolve(fileURLToPath(new URL('../bench/budgets/first-load-js.json', import.meta.url)));
/** Room for ordinary growth; a new dependency on a first-load path is bigger than this and must be a decision. */
export const HEADROOM = 6 * 1024;

export interface ScreenWeight {
  /** gzip bytes of every first-load JavaScript file */
  gzip: number;
  files: string[];
}

/** Each screen's first-load JavaScript, keyed by its component name (HomeScreen, SearchScreen, ...). */
export function firstLoadJs(distDir: string): Record<string, ScreenWeight> {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run npm run build first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('.html'));
  if (!entryKey) throw new Error('the build manifest has no HTML entry');
  const staticClosure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const i of chunk.imports ?? []) staticClosure(i, into);
  };
  const entryFiles = new Set<string>();
  staticClosure(entryKey, entryFiles);
  const screens = (manifest[entryKey].dynamicImports ?? []).filter((k) => /Screen\.tsx$/.test(k));
  const sizes = new Map<string, number>();
  const gzipOf = (file: string) => {
    let n = sizes.get(file);
    if (n === undefined) {
      n = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
      sizes.set(file, n);
    }
    return n;
  };
  const out: Record<string, ScreenWeight> = {};
  for (const key of screens) {
    const files = new Set(entryFiles);
    staticClosure(key, files);
    const list = [...files].sort();
    out[basename(key, '.tsx')] = { gzip: list.reduce((sum, f) => sum + gzipOf(f), 0), files: list };
  }
  return out;
}

/** Every screen over its budget, and every screen without one, in words. */
export function overBudget(weights: Record<string, ScreenWeight>, budgets: Record<string, number>): string[] {
  const problems: string[] = [];
  for (const [screen, w] of Object.entries(weights)) {
    const budget = budgets[screen];
    if (budget === undefined) problems.push(`${screen}: no budget in bench/budgets/first-load-js.json (${kb(w.gzip)} today)`);
    else if (w.gzip > budget) problems.push(`${screen}: ${kb(w.gzip)} of first-load JavaScript is over its budget of ${kb(budget)} (gzip)`);
  }
  return problems;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function main() {
  const dist = resolve(process.env.DIST_DIR ?? 'dist');
  const weights = firstLoadJs(dist);
  if (process.argv.includes('--write')) {
    const budgets = Object.fromEntries(Object.entries(weights).map(([s, w]) => [s, Math.ceil((w.gzip + HEADROOM) / 1024) * 1024]));
    writeFileSync(BUDGET_FILE, `${JSON.stringify(budgets, null, 2)}\n`);
    console.log(`wrote ${BUDGET_FILE}`);
  }
  const budgets = JSON.parse(readFileSync(BUDGET_FILE, 'utf8')) as Record<string, number>;
  for (const [screen, w] of Object.entries(weights)) {
    console.log(`${screen.padEnd(24)} ${kb(w.gzip).padStart(10)}  budget ${budgets[screen] === undefined ? '-' : kb(budgets[screen])}`);
  }
  const problems = overBudget(weights, budgets);
  for (const p of problems) console.log(`OVER BUDGET ${p}`);
  process.exit(problems.length ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
