// A visitor's corrected line is hostile text: it is kept as plain text only. Tags are stripped (nothing
// ever renders it as HTML, but a harvester might), control and direction-override characters removed,
// whitespace collapsed to single spaces (a line is one line). Then the spam check and the length cap.
import { CORRECTION_LIMITS } from '../../../contract/corrections';
import { tokenize } from '../../../contract/search/tokens';

// C0/C1 controls, zero-width and bidirectional formatting characters.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g;
const TAG = /<\/?[a-zA-Z!?][^<>]*>?/g;

export function cleanLineText(text: string): string {
  return text.normalize('NFC').replace(INVISIBLE, ' ').replace(TAG, ' ').replace(/\s+/g, ' ').trim();
}

export function cleanDisplayName(name: string | undefined): string | null {
  if (name === undefined) return null;
  const clean = cleanLineText(name).slice(0, CORRECTION_LIMITS.displayNameMax).trim();
  return clean || null;
}

const LINK =
  /(\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\b[a-z0-9-]{2,}\.(com|net|org|info|biz|xyz|ru|cn|top|io|ly|me|co|app|site|online|shop)\b|@[a-z0-9-]+\.[a-z]{2,})/i;

const bigrams = (s: string): Map<string, number> => {
  const m = new Map<string, number>();
  const t = tokenize(s).join(' ');
  for (let i = 0; i < t.length - 1; i++) m.set(t.slice(i, i + 2), (m.get(t.slice(i, i + 2)) ?? 0) + 1);
  return m;
};

/** Dice similarity of the two texts' character pairs (folded like search folds them): 0 = nothing shared. */
export function similarity(a: string, b: string): number {
  const x = bigrams(a);
  const y = bigrams(b);
  let shared = 0;
  let total = 0;
  for (const [k, n] of x) {
    shared += Math.min(n, y.get(k) ?? 0);
    total += n;
  }
  for (const n of y.values()) total += n;
  return total ? (2 * shared) / total : 1;
}

/**
 * Why a corrected line is refused, or null when it may be stored. The spam rule: a correction fixes the
 * OCR of the same line, so it shares some letter pairs with it, or at least has a similar length. Text
 * that shares almost nothing (similarity < 0.15) AND whose length is far off (below a third or above three
 * times the original's) is not a correction of this line. Links are never part of a newspaper's OCR.
 */
export function refusal(text: string, original: string): string | null {
  if (!text) return 'The corrected line is empty: type the text you read on the page.';
  const max = original.length * CORRECTION_LIMITS.lengthFactor + CORRECTION_LIMITS.lengthSlack;
  if (text.length > max) return `The corrected line is too long: at most ${max} characters for this line.`;
  if (LINK.test(text)) return 'Links and addresses are not allowed in corrections: type only the text printed on the page.';
  const ratio = text.length / Math.max(1, original.length);
  if (original.length >= 8 && similarity(text, original) < 0.15 && (ratio > 3 || ratio < 1 / 3)) {
    return 'This text looks too different from the line it corrects: type the text printed on this line of the page.';
  }
  return null;
}
