// The search syntax inside one row's text, after the Lucene conventions Trove and Papers Past users know:
// plain words, "a phrase", "two words"~N (within N words, any order), wash* (any ending), wom?n (one
// letter) and harvest~ (OCR-tolerant). One parser for the server engines and the offline search. Pure.
// Everything else a person types (punctuation, NEAR, ^, :, OR) is no syntax: it only separates words.
import { QueryError } from './query-error';

/** The row kinds of contract/search/query.ts (an Exact row without quotes is one phrase). */
type RowType = 'all' | 'exact' | 'any' | 'none';
import { foldToken } from './tokens';

export type Term =
  | { kind: 'word'; token: string }
  /** Consecutive words; `within` set: the words within that many words of each other, in any order. */
  | { kind: 'phrase'; tokens: string[]; within?: number }
  /** A pattern over folded letters: `*` any ending (or middle), `?` exactly one letter. */
  | { kind: 'pattern'; pattern: string }
  /** OCR-tolerant: the word and its likely misreadings; `distance` given by word~1 / word~2. */
  | { kind: 'fuzzy'; token: string; distance?: number };

export const MIN_PROXIMITY = 1;
export const MAX_PROXIMITY = 20;
/** Words one proximity group may hold (PostgreSQL spells out every order and spacing). */
export const MAX_PROXIMITY_WORDS = 3;
/** Letters a pattern must start with: a shorter start would expand to a large part of the vocabulary. */
export const MIN_STAR_PREFIX = 3;
export const MIN_QUESTION_PREFIX = 2;

/**
 * A pattern with each run of wildcards that holds a * written as its ?s then one * (`*?*?` is `??*`: at least
 * two letters): the same words, and one * per run, so neither matcher below nor SQL LIKE meets a run of stars.
 */
export function collapseWildcards(pattern: string): string {
  let out = '';
  let ones = 0; // ?s in the current run of wildcards
  let star = false; // whether the run holds a *
  const flush = () => {
    out += '?'.repeat(ones) + (star ? '*' : '');
    ones = 0;
    star = false;
  };
  for (const ch of pattern) {
    if (ch === '?') ones++;
    else if (ch === '*') star = true;
    else {
      flush();
      out += ch;
    }
  }
  flush();
  return out;
}

/** Wildcards one pattern may hold, once runs are collapsed: enough for any word, few enough that nobody's
 *  pattern costs the vocabulary scan much. */
export const MAX_WILDCARDS = 10;

/** Letters of the longest word whose likely OCR misreadings are looked up: its distance to each form read costs
 *  its length times the form's, and no word of the archive's languages is longer (a longer token is OCR run
 *  together, or made up). With fz=1 a longer word is searched as typed. */
export const MAX_FUZZY_LETTERS = 24;

const WORD = /[\p{L}\p{N}]+/gu;
const LETTER = /[\p{L}\p{N}]/u;
/** A word-ish piece outside quotes: letters, digits and wildcards, then perhaps a ~ with digits. */
const PIECE = /[\p{L}\p{N}*?]+(~[^\s"]*)?|~[^\s"]*/gu;

const shown = (s: string) => (s.length > 30 ? `${s.slice(0, 30)}…` : s);

function wordTerm(piece: string): Term | null {
  const tilde = piece.indexOf('~');
  const body = tilde < 0 ? piece : piece.slice(0, tilde);
  const suffix = tilde < 0 ? null : piece.slice(tilde + 1);
  if (!body) throw new QueryError(`A ~ must follow a word (harvest~) or a quoted phrase ("city council"~5).`);
  const wild = /[*?]/.test(body);
  if (wild) {
    if (!LETTER.test(body)) throw new QueryError(`A lone ${body.includes('*') ? '*' : '?'} matches nothing: put letters before it, as in wash* or wom?n.`);
    if (suffix !== null) throw new QueryError(`'${shown(piece)}': a ~ cannot follow a word with * or ?.`);
    const first = body.search(/[*?]/);
    if (body.includes('*') && body.search(/\*/) < MIN_STAR_PREFIX)
      throw new QueryError(`'${shown(body)}': put at least ${MIN_STAR_PREFIX} letters before a *, as in wash*.`);
    if (first < MIN_QUESTION_PREFIX) throw new QueryError(`'${shown(body)}': put at least ${MIN_QUESTION_PREFIX} letters before a ?, as in wom?n.`);
    const pattern = collapseWildcards(body);
    if ((pattern.match(/[*?]/g) ?? []).length > MAX_WILDCARDS)
      throw new QueryError(`'${shown(body)}': at most ${MAX_WILDCARDS} * or ? in one word; write more of its letters.`);
    return { kind: 'pattern', pattern };
  }
  if (suffix === null) return { kind: 'word', token: body };
  if ((suffix === '' || suffix === '1' || suffix === '2') && [...body].length > MAX_FUZZY_LETTERS)
    throw new QueryError(`'${shown(piece)}': likely misreadings are looked up for words of at most ${MAX_FUZZY_LETTERS} letters; search it without the ~.`);
  if (suffix === '') return { kind: 'fuzzy', token: body };
  if (suffix === '1' || suffix === '2') return { kind: 'fuzzy', token: body, distance: Number(suffix) };
  throw new QueryError(`'${shown(piece)}': after a word, write ~ alone (or ~1, ~2) for likely OCR misreadings.`);
}

function phraseTerm(inside: string, suffix: string): Term | null {
  if (/[*?~]/.test(inside)) throw new QueryError(`"${shown(inside)}": * ? and ~ work on single words, not inside quotes.`);
  const tokens = inside.match(WORD) ?? [];
  if (!suffix) {
    if (!tokens.length) return null;
    return tokens.length === 1 ? { kind: 'word', token: tokens[0] } : { kind: 'phrase', tokens };
  }
  const n = /^~(\d{1,3})$/.exec(suffix);
  if (!n || Number(n[1]) < MIN_PROXIMITY || Number(n[1]) > MAX_PROXIMITY)
    throw new QueryError(`"${shown(inside)}"${shown(suffix)}: within N words takes N from ${MIN_PROXIMITY} to ${MAX_PROXIMITY}, as in "city council"~5.`);
  const distinct = [...new Set(tokens)];
  if (distinct.length < 2 || distinct.length > MAX_PROXIMITY_WORDS)
    throw new QueryError(`"${shown(inside)}"${suffix}: within N words takes two or three different words between the quotes.`);
  return { kind: 'phrase', tokens: distinct, within: Number(n[1]) };
}

/** The terms outside quotes: whitespace and punctuation separate words; * ? ~ are operators. */
function looseTerms(text: string, out: Term[]) {
  for (const piece of text.match(PIECE) ?? []) {
    const term = wordTerm(piece);
    if (term) out.push(term);
  }
}

/**
 * A row's text as terms, folded (lower case, no diacritics). An Exact row without quotes is one phrase,
 * as before the syntax existed; with quotes, its text reads like any other row's. Throws QueryError
 * (a 400 from the API, a message on the results screen) for syntax it cannot read.
 */
export function parseRowText(text: string, type: RowType = 'all'): Term[] {
  const folded = foldToken(text);
  const quotes = (folded.match(/"/g) ?? []).length;
  if (quotes % 2) throw new QueryError(`Unbalanced quotes in '${shown(text.trim())}': close the phrase with a second ".`);
  if (type === 'exact' && !quotes && !/[*?~]/.test(folded)) {
    const tokens = folded.match(WORD) ?? [];
    if (tokens.length <= 1) return tokens.map((token) => ({ kind: 'word', token }));
    return [{ kind: 'phrase', tokens }];
  }
  if (type === 'exact' && !quotes && (folded.match(WORD) ?? []).length > 1 && /[\p{L}\p{N}][*?~]|~/u.test(folded))
    throw new QueryError(
      `'${shown(text.trim())}': in an Exact row, * ? and ~ work on a single word; put the words in quotes for within N words ("city council"~5).`,
    );
  const out: Term[] = [];
  // Alternate outside / inside quotes; a ~N straight after a closing quote belongs to the phrase.
  const parts = folded.split('"');
  for (let i = 0; i < parts.length; i += 2) {
    let loose = parts[i];
    if (i > 0) {
      const suffix = /^~[^\s"]*/.exec(loose)?.[0] ?? '';
      loose = loose.slice(suffix.length);
      const phrase = phraseTerm(parts[i - 1], suffix);
      if (phrase) out.push(phrase);
    }
    looseTerms(loose, out);
  }
  return out;
}

/** The words a person typed, for display: the term as it would be written back. */
export function termLabel(t: Term): string {
  switch (t.kind) {
    case 'word':
      return t.token;
    case 'pattern':
      return t.pattern;
    case 'fuzzy':
      return `${t.token}~${t.distance ?? ''}`;
    case 'phrase':
      return `"${t.tokens.join(' ')}"${t.within ? `~${t.within}` : ''}`;
  }
}
