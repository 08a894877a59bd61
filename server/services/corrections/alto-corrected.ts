// The corrected ALTO download: the page's ALTO file as ingested, with the String CONTENT of each
// corrected line rewritten and nothing else touched (positions, styles, other lines stay byte for byte).
// Lines are numbered exactly as ingest makes the page's text (server/ingest/words.ts): TextLines with
// String tokens, a line whose only token finishes the previous line's hyphenated word emitting none.
import type { CorrectionLine } from '../../../contract/corrections';

interface StringTag {
  start: number;
  end: number;
  tag: string;
  subsType: string | null;
}

interface RawLine {
  strings: StringTag[];
  hyphenEnd: boolean;
}

const TAG = /<(\/?)(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const attr = (tag: string, name: string): string | null => {
  const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(tag);
  return m ? (m[2] ?? m[3]) : null;
};
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function rawLines(xml: string): RawLine[] {
  const lines: RawLine[] = [];
  let line: RawLine | null = null;
  for (const m of xml.matchAll(TAG)) {
    const [whole, close, name, rest] = m;
    if (name === 'TextLine') {
      if (close) {
        if (line?.strings.length) lines.push(line);
        line = null;
      } else line = { strings: [], hyphenEnd: false };
    } else if (line && !close && name === 'String' && (attr(rest, 'CONTENT') ?? '').trim()) {
      line.strings.push({ start: m.index, end: m.index + whole.length, tag: whole, subsType: attr(rest, 'SUBS_TYPE') });
    } else if (line && !close && name === 'HYP') line.hyphenEnd = true;
  }
  return lines;
}

/** For each text line of the page ("L1", "L2", ...), the String tags that make it, as ingest numbers them. */
function numberedLines(lines: RawLine[]): Map<string, StringTag[]> {
  const out = new Map<string, StringTag[]>();
  let pending = false;
  for (const line of lines) {
    const strings: StringTag[] = [];
    line.strings.forEach((s, i) => {
      if (pending && i === 0 && (s.subsType === 'HypPart2' || s.subsType === null)) {
        pending = false; // finishes the previous line's word: not a word of this line
        return;
      }
      pending = false;
      const isLast = i === line.strings.length - 1;
      const hyphenStart = s.subsType === 'HypPart1' || (isLast && line.hyphenEnd);
      strings.push(s);
      if (hyphenStart && isLast) pending = true;
    });
    if (strings.length) out.set(`L${out.size + 1}`, strings);
  }
  return out;
}

/**
 * Which String gets which words: one each in order, the last String the last word (it is often the first
 * half of a hyphenated word); surplus words join the String before the last, and Strings left over in the
 * middle get none.
 */
export function spread(words: string[], strings: number): string[] {
  if (strings === 1) return [words.join(' ')];
  const out = Array.from({ length: strings }, (_, i) => (i < strings - 2 ? (words[i] ?? '') : ''));
  out[strings - 2] = words.slice(strings - 2, -1).join(' ');
  out[strings - 1] = words[words.length - 1] ?? '';
  return out;
}

/** The ALTO with the corrected lines' words (spread) in their Strings; a String left without a word is removed. */
export function correctedAlto(xml: string, corrected: CorrectionLine[]): string {
  const byId = numberedLines(rawLines(xml));
  const edits: { start: number; end: number; text: string }[] = [];
  for (const line of corrected) {
    const strings = byId.get(line.id);
    if (!strings) continue;
    const contents = spread(line.text.split(' ').filter(Boolean), strings.length);
    strings.forEach((s, i) => {
      const content = contents[i];
      const emptied = !content && s.tag.endsWith('/>'); // a self-closing String without a word goes
      // A function, not a replacement string: the visitor's text may hold $', $` or $& (String.replace patterns).
      const tag = emptied ? '' : s.tag.replace(/(\sCONTENT\s*=\s*)("[^"]*"|'[^']*')/, (_m, name: string) => `${name}"${escapeAttr(content)}"`);
      edits.push({ start: s.start, end: s.end, text: tag });
    });
  }
  edits.sort((a, b) => b.start - a.start);
  let out = xml;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
