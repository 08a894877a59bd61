// Case- and diacritics-folding shared by the title index and the typed query, so "Évening" finds "evening",
// and the one rule for a title's index letter: the worker's letter index, the sitemap's groups and the letter
// the device database keeps with each title (device-db/schema.ts) all use it.

const COMBINING_MARKS = /[\u0300-\u036f]/g;
// Letters that NFD does not split into base + mark.
const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };
const SPECIAL_RE = /[ßæœøłđðþı]/g;

/** Lower-cases and strips diacritics; keeps length roughly stable but never relies on it. */
export function foldText(text: string): string {
  let s = text.toLowerCase();
  // Fast path: plain ASCII needs nothing more (most catalogue titles).
  if (/^[\x00-\x7f]*$/.test(s)) return s;
  s = s.normalize('NFD').replace(COMBINING_MARKS, '');
  return s.replace(SPECIAL_RE, (c) => SPECIAL[c] ?? c);
}

/** The index letter of a title (spec 2.4: grouped by upper-case initial); '#' for digits and others. */
export function initialLetter(title: string): string {
  const folded = foldText(title);
  for (let i = 0; i < folded.length; i++) {
    const c = folded.charCodeAt(i);
    if (c >= 97 && c <= 122) return String.fromCharCode(c - 32);
    if (c >= 48 && c <= 57) return '#';
    // Skip leading quotes, brackets, spaces: '"Freedom's journal"' files under F.
  }
  return '#';
}
