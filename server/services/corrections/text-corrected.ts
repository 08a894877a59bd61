// The page's plain text with visitors' published corrections (issue #23), laid out as the OCR text is: each
// corrected line replaces its OCR line in place, blank lines between blocks stay. Pure.
import type { CorrectionLine } from '../../../contract/corrections';
import type { OcrLine } from './lines';

/**
 * ocrLines come from the page's text lines when text and words agree (lines.ts): then the n-th non-empty
 * text line is line n and is replaced in place. Otherwise (lines grouped from the word boxes) the text's
 * layout cannot be kept and the answer is the lines as they read now, one per line.
 */
export function correctedPlainText(ocrText: string, ocrLines: OcrLine[], lines: CorrectionLine[]): string {
  const now = new Map(lines.map((l) => [l.id, l.text]));
  const textLines = ocrText.split('\n');
  const nonEmpty = textLines.filter((l) => l.trim() !== '');
  const inPlace = nonEmpty.length === ocrLines.length && nonEmpty.every((l, i) => l.trim().split(/\s+/).join(' ') === ocrLines[i].text);
  if (!inPlace) return lines.map((l) => l.text).join('\n');
  let n = 0;
  return textLines
    .map((l) => {
      if (l.trim() === '') return l;
      const line = ocrLines[n++];
      const text = now.get(line.id);
      return text === undefined || text === line.text ? l : text;
    })
    .join('\n');
}
