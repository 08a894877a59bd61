// English words (an-array-of-english-words, 275,000 forms), for learning the OCR's confusions: a rare form
// that is a word is no evidence of a misreading ("lather" beside "father"). Loaded when first asked for.
import { createRequire } from 'node:module';

let words: Set<string> | null = null;

export function isEnglishWord(term: string): boolean {
  words ??= new Set((createRequire(import.meta.url)('an-array-of-english-words') as string[]).map((w) => w.toLowerCase()));
  return words.has(term);
}
