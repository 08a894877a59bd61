// "Corrected 3 lines by 2 contributors": what the Text panel says about the page's corrections.
import type { CorrectionSummary } from '../../../contract/corrections';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function correctionSummaryText(s: CorrectionSummary | null | undefined): string {
  if (!s || s.correctedLines <= 0) return 'Nobody has corrected this page’s text yet.';
  return `Corrected ${plural(s.correctedLines, 'line', 'lines')} by ${plural(s.contributors, 'contributor', 'contributors')}`;
}
