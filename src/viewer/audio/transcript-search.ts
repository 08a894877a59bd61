// Finding words in an audio transcript: case- and accent-insensitive, whole phrase as typed.
import type { AudioCueResponse } from '../../../contract/viewer';

export const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** Indexes of the cues whose text contains the query. */
export function matchingCues(cues: AudioCueResponse[], query: string): number[] {
  const q = fold(query.trim()).replace(/\s+/g, ' ');
  if (!q) return [];
  return cues.flatMap((c, i) => (fold(c.text).replace(/\s+/g, ' ').includes(q) ? [i] : []));
}

/** The cue playing at a time: the last one that started at or before it (kept through the pause after it). */
export function cueAt(cues: AudioCueResponse[], time: number): number {
  let found = -1;
  for (let i = 0; i < cues.length; i++) {
    if (cues[i].start <= time + 0.05) found = i;
    else break;
  }
  return found;
}

/** Splits a cue's text around the query so the match can be marked. */
export function splitMatch(text: string, query: string): [string, string, string] | null {
  const q = fold(query.trim());
  if (!q) return null;
  // Folding may change lengths (é → e + mark, removed), so search char by char on the folded form.
  const folded = [...text].map((ch) => fold(ch));
  const joined = folded.join('');
  const at = joined.indexOf(q);
  if (at < 0) return null;
  let pos = 0;
  let start = -1;
  let end = -1;
  for (let i = 0; i < folded.length; i++) {
    if (start < 0 && pos >= at) start = i;
    pos += folded[i].length;
    if (end < 0 && pos >= at + q.length) {
      end = i + 1;
      break;
    }
  }
  const chars = [...text];
  return [chars.slice(0, start).join(''), chars.slice(start, end).join(''), chars.slice(end).join('')];
}
