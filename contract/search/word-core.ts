// OCR words carry the punctuation printed next to them ("RICHMOND,", "HARVEST.", "(Signed)"), and ALTO
// gives one box for the whole string. Highlights mark and box the word only: these split the text and
// narrow the box by the share of the width the punctuation takes.
import type { Box } from '../viewer';

const CORE = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/su;

/** [leading punctuation, the word, trailing punctuation]; a word of punctuation only is all core. */
export function splitWordCore(text: string): [string, string, string] {
  const m = CORE.exec(text);
  if (!m || !m[2]) return ['', text, ''];
  return [m[1], m[2], m[3]];
}

/** Punctuation is printed narrower than letters: about half a letter's width. */
const PUNCT_WIDTH = 0.5;
const widthOf = (s: string) => [...s].reduce((sum, c) => sum + (/[\p{L}\p{N}]/u.test(c) ? 1 : PUNCT_WIDTH), 0);

/** The word's box without its punctuation (x, y, w, h in image pixels, rounded). */
export function coreBox(text: string, box: Box): Box {
  const [lead, core, trail] = splitWordCore(text);
  if (!lead && !trail) return box;
  const total = widthOf(text);
  const [x, y, w, h] = box;
  const left = (w * widthOf(lead)) / total;
  const width = (w * widthOf(core)) / total;
  return [Math.round(x + left), y, Math.max(1, Math.round(width)), h];
}
