// axe-core findings for the browser specs: one way to run it and one way to report what it found.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

export interface AxeScope {
  /** Only inside these (CSS selectors). */
  include?: string[];
  /** Not inside these: markup of other libraries' drawing surfaces, or screens judged by their own specs. */
  exclude?: string[];
  /** Rules: WCAG 2.2 AA (the default), that and axe's best practices, or every rule axe has. */
  rules?: 'wcag22aa' | 'wcag22aa+best-practice' | 'all';
  /** Which findings count; serious and critical by default. */
  counts?: (v: Violation) => boolean;
}

const seriousOrCritical = (v: Violation) => v.impact === 'serious' || v.impact === 'critical';

/** The findings that count, one line each: "rule (impact): target, target". */
export async function axeFindings(page: Page, scope: AxeScope = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  for (const s of scope.include ?? []) builder = builder.include(s);
  for (const s of scope.exclude ?? []) builder = builder.exclude(s);
  const rules = scope.rules ?? 'wcag22aa';
  if (rules !== 'all') builder = builder.withTags(rules === 'wcag22aa' ? WCAG_22_AA : [...WCAG_22_AA, 'best-practice']);
  // Only violations are read: axe then skips building the details of every passed and incomplete check,
  // which is most of its time on a large screen.
  const result = await builder.options({ resultTypes: ['violations'] }).analyze();
  return result.violations.filter(scope.counts ?? seriousOrCritical).map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
