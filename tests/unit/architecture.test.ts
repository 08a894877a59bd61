// The code reads as layers, and dependency-cruiser checks that it stays that way: no import cycles, and no
// import against the direction of the layers (server -> src/workers, app -> server, store -> services/routes,
// contract -> anything but contract). A failure names every offending import, so the fix is obvious.
import { describe, expect, it } from 'vitest';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';

const CYCLE_FREE = '^(server|contract|workers|sw|src)/';

const rules: IForbiddenRuleType[] = [
  { name: 'no-cycle', severity: 'error', from: { path: CYCLE_FREE }, to: { circular: true } },
  { name: 'server-not-to-app', severity: 'error', from: { path: '^server/' }, to: { path: '^(src|workers|sw)/' } },
  { name: 'app-not-to-server', severity: 'error', from: { path: '^(src|workers|sw)/' }, to: { path: '^server/' } },
  { name: 'contract-only-contract', severity: 'error', from: { path: '^contract/' }, to: { path: '^(server|src|workers|sw)/' } },
  { name: 'store-not-up', severity: 'error', from: { path: '^server/store/' }, to: { path: '^server/(services|routes|plugins|app\\.ts)' } },
  { name: 'services-not-to-routes', severity: 'error', from: { path: '^server/services/' }, to: { path: '^server/(routes|plugins)/' } },
];

describe('architecture', () => {
  it('has no import cycles and no wrong-way imports between realms and layers', { timeout: 120_000 }, async () => {
    const result = await cruise(
      ['server', 'contract', 'workers', 'sw', 'src'],
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
