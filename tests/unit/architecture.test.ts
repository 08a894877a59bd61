// The code reads as layers, and dependency-cruiser checks that it stays that way: no import cycles, and no
// import against the direction of the layers (server -> src/workers, app -> server, store -> services/routes,
// contract -> anything but contract). A failure names every offending import, so the fix is obvious.
// The boundaries docs/ARCHITECTURE.md states are ESLint's (eslint.config.js); the second part plants one
// wrong-way import of each kind in a source text linted with the project's own config, and checks it fails.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { ESLint } from 'eslint';

const CYCLE_FREE = '^(server|contract|workers|sw|src|device-db)/';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const rules: IForbiddenRuleType[] = [
  { name: 'no-cycle', severity: 'error', from: { path: CYCLE_FREE }, to: { circular: true } },
  { name: 'server-not-to-app', severity: 'error', from: { path: '^server/' }, to: { path: '^(src|workers|sw)/' } },
  { name: 'app-not-to-server', severity: 'error', from: { path: '^(src|workers|sw|device-db)/' }, to: { path: '^server/' } },
  { name: 'sw-and-worker-not-to-app', severity: 'error', from: { path: '^(sw|workers|device-db)/' }, to: { path: '^src/' } },
  { name: 'contract-only-contract', severity: 'error', from: { path: '^contract/' }, to: { path: '^(server|src|workers|sw)/' } },
  { name: 'store-not-up', severity: 'error', from: { path: '^server/store/' }, to: { path: '^server/(services|routes|plugins|app\\.ts)' } },
  { name: 'services-not-to-routes', severity: 'error', from: { path: '^server/services/' }, to: { path: '^server/(routes|plugins)/' } },
];

describe('architecture', () => {
  it('has no import cycles and no wrong-way imports between realms and layers', { timeout: 120_000 }, async () => {
    const result = await cruise(
      ['server', 'contract', 'workers', 'sw', 'src', 'device-db'],
      {
        validate: true,
        ruleSet: { forbidden: rules },
        doNotFollow: { path: 'node_modules' },
        exclude: { path: '(^|/)node_modules/|\\.d\\.ts$' },
        tsPreCompilationDeps: true, // type-only imports count: they tie the layers together all the same
        tsConfig: { fileName: 'tsconfig.node.json' },
      },
      undefined,
      undefined,
    );
    const output = result.output;
    if (typeof output === 'string') throw new Error('expected a cruise result object');
    const violations = output.summary.violations.map((v) =>
      v.cycle?.length
        ? `${v.rule.name}: ${v.from} -> ${v.cycle.map((c) => (typeof c === 'string' ? c : c.name)).join(' -> ')}`
        : `${v.rule.name}: ${v.from} -> ${v.to}`,
    );
    expect(violations).toEqual([]);
    // The cruise really saw the code (a wrong path would make an empty, always-passing graph).
    expect(output.modules.filter((m) => m.source.startsWith('server/')).length).toBeGreaterThan(50);
  });
});

/** A planted file: where it would live, what it imports, and the rule that must refuse it (null: allowed). */
const PLANTED: Array<{ file: string; code: string; rule: string | null; why: string }> = [
  {
    file: 'src/saved/planted.ts',
    code: "export { describeQuery } from '../search/describe';",
    rule: 'import-x/no-restricted-paths',
    why: 'feature -> feature',
  },
  {
    file: 'src/viewer/page/planted.ts',
    code: "export * from '../../shared/../offline/needs-network';",
    rule: 'import-x/no-restricted-paths',
    why: 'feature -> feature, by a roundabout path',
  },
  { file: 'src/info/planted.ts', code: "export { screens } from '../app/screens';", rule: 'import-x/no-restricted-paths', why: 'feature -> app/' },
  { file: 'src/shell/planted.ts', code: "export { App } from '../app/App';", rule: 'import-x/no-restricted-paths', why: 'shell -> app/' },
  { file: 'src/shell/planted.ts', code: "export { HomeScreen } from '../home/HomeScreen';", rule: 'import-x/no-restricted-paths', why: 'shell -> feature' },
  {
    file: 'src/shared/ui/planted.ts',
    code: "export { SavedScreen } from '../../saved/SavedScreen';",
    rule: 'import-x/no-restricted-paths',
    why: 'shared -> feature',
  },
  { file: 'sw/planted.ts', code: "export { archiveDb } from '../src/shared/db';", rule: 'import-x/no-restricted-paths', why: 'sw -> src' },
  { file: 'workers/planted.ts', code: "export { currentSite } from '../src/shared/data/site';", rule: 'import-x/no-restricted-paths', why: 'worker -> src' },
  {
    file: 'device-db/planted.ts',
    code: "export { currentSite } from '../src/shared/data/site';",
    rule: 'import-x/no-restricted-paths',
    why: 'device-db -> src',
  },
  { file: 'contract/planted.ts', code: "export { DB_NAME } from '../device-db/schema';", rule: 'import-x/no-restricted-paths', why: 'contract -> device-db' },
  { file: 'server/planted.ts', code: "export { DB_NAME } from '../device-db/schema';", rule: 'import-x/no-restricted-paths', why: 'server -> device-db' },
  { file: 'server/services/planted.ts', code: "export * from '../routes/search';", rule: 'import-x/no-restricted-paths', why: 'services -> routes' },
  {
    file: 'src/search/planted.ts',
    code: "import { format } from 'date-fns'; export const f = format;",
    rule: 'no-restricted-imports',
    why: 'date-fns in the results',
  },
  { file: 'src/viewer/page/planted.ts', code: 'export const n = (x: number) => x.toLocaleString();', rule: 'no-restricted-syntax', why: 'Intl in the viewer' },
  // What the rules allow, so a rule that refuses everything fails too.
  { file: 'src/saved/planted.ts', code: "export { archiveDb } from '../shared/db';", rule: null, why: 'feature -> shared' },
  { file: 'src/info/planted.ts', code: "export { DISCLAIMER_POINTS } from '../shell/footer-links';", rule: null, why: 'feature -> shell' },
  { file: 'src/app/planted.ts', code: "export { SavedScreen } from '../saved/SavedScreen';", rule: null, why: 'app/ -> feature' },
  { file: 'sw/planted.ts', code: "export { DB_NAME } from '../device-db/schema';", rule: null, why: 'sw -> device-db' },
  { file: 'workers/planted.ts', code: "export { DB_NAME } from '../device-db/schema';", rule: null, why: 'worker -> device-db' },
  {
    file: 'src/viewer/correct/planted.ts',
    code: "import { format } from 'date-fns'; export const f = format;",
    rule: null,
    why: 'date-fns in the lazy correction editor',
  },
];

describe('import boundaries (eslint.config.js)', () => {
  const eslint = new ESLint({ cwd: ROOT });
  for (const p of PLANTED) {
    it(`${p.rule ? 'refuses' : 'allows'} ${p.why} (${p.file})`, { timeout: 60_000 }, async () => {
      const [result] = await eslint.lintText(p.code, { filePath: `${ROOT}${p.file}` });
      const errors = result.messages.filter((m) => m.severity === 2).map((m) => m.ruleId);
      expect(errors).toEqual(p.rule ? [p.rule] : []);
    });
  }
});
