// Tokenising the way the index does (FTS5 unicode61 remove_diacritics 2): case folded, diacritics removed,
// words are runs of letters and digits. Everything a person types goes through here, so the engine only
// ever sees plain tokens, each quoted: operators, column filters, NEAR, * and ^ lose their meaning.

const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}+/gu;

/** Lower case without diacritics: "Über" -> "uber". */
export function foldToken(s: string): string {
  return s.toLowerCase().normalize('NFD').replace(MARKS, '');
}

/** The searchable tokens of a text, folded. Punctuation, symbols and emoji separate tokens. */
export function tokenize(text: string): string[] {
  const folded = foldToken(text);
  return folded.match(WORD) ?? [];
}
