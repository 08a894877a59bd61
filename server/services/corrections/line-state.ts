// A page's lines as they read now, from the OCR lines and the page's correction rows (pure).
import type { CorrectionLine, CorrectionHistoryEntry } from '../../../contract/corrections';
import { ANONYMOUS, STAFF_AUTHOR } from '../../../contract/corrections';
import type { CorrectionRow, PageOverlay, WordBox } from '../../store/types';
import { divideLine, type OcrLine } from './lines';

/** Each line's published version now (the highest published version; 0 = the OCR) and whether one waits. */
export function currentLines(lines: OcrLine[], rows: CorrectionRow[]): CorrectionLine[] {
  const byLine = new Map<string, CorrectionRow[]>();
  for (const r of rows) byLine.set(r.lineId, [...(byLine.get(r.lineId) ?? []), r]);
  return lines.map((l) => {
    const mine = (byLine.get(l.id) ?? []).sort((a, b) => a.version - b.version);
    const published = mine.filter((r) => r.state === 'published').pop();
    const line: CorrectionLine = { id: l.id, box: l.box, text: published?.text ?? l.text, original: l.text, version: published?.version ?? 0 };
    if (mine.some((r) => r.state === 'pending' && r.version > line.version)) line.pending = true;
    return line;
  });
}

/** The search fields: the lines whose published text differs from the OCR, and their words boxed. */
export function overlayOf(lines: CorrectionLine[]): PageOverlay {
  const changed = lines.filter((l) => l.text !== l.original);
  const words: WordBox[] = changed.flatMap((l) => divideLine(l.text, l.box));
  return {
    text: changed.map((l) => l.text).join('\n'),
    lines: changed.map((l) => ({ id: l.id, text: l.text })),
    words: words.length ? JSON.stringify(words) : null,
  };
}

/** The page's words as they read now: each corrected line's words in place of its OCR words (IIIF text). */
export function currentWords(ocrWords: WordBox[], ocrLines: OcrLine[], lines: CorrectionLine[]): WordBox[] {
  const out: WordBox[] = [];
  let next = 0;
  ocrLines.forEach((ocr, i) => {
    const line = lines[i];
    for (; next < (ocr.words[0] ?? next); next++) out.push(ocrWords[next]);
    if (line.text !== line.original) out.push(...divideLine(line.text, line.box));
    else out.push(...ocr.words.map((w) => ocrWords[w]));
    next = (ocr.words[ocr.words.length - 1] ?? next - 1) + 1;
  });
  for (; next < ocrWords.length; next++) out.push(ocrWords[next]);
  return out;
}

/**
 * Who the public sees as a version's author. Accounts are staff accounts, and an account name is half of a
 * sign-in: a restore (always staff) or a signed-in correction without a display name shows the role.
 */
export const publicAuthorOf = (r: Pick<CorrectionRow, 'displayName' | 'account' | 'revertOf'>) =>
  r.revertOf !== null ? STAFF_AUTHOR : (r.displayName ?? (r.account ? STAFF_AUTHOR : ANONYMOUS));

/** One version as the public history shows it. */
export function historyEntry(r: CorrectionRow): CorrectionHistoryEntry {
  return { id: r.id, lineId: r.lineId, version: r.version, text: r.text, author: publicAuthorOf(r), at: r.createdAt, state: r.state, revertOf: r.revertOf };
}
