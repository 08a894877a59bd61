// scratch: substitution pairs in real NDNP misreadings (token -> unique dictionary word at Levenshtein 1)
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { readAlto } from '../../server/ingest/alto';
import { altoToWords } from '../../server/ingest/words';
import { tokenize } from '../../contract/search/tokens';
import { SHARED_CORPUS } from '../search/corpus';
const dict = new Set((createRequire(import.meta.url)('an-array-of-english-words') as string[]).map((w) => w.toLowerCase()));
function files(dir: string, out: string[] = []): string[] {
  for (const n of readdirSync(dir).sort()) { const p = join(dir, n); if (statSync(p).isDirectory()) files(p, out); else if (/^\d{4}\.xml$/.test(n)) out.push(p); }
  return out;
}
const freq = new Map<string, number>();
for (const f of files(join(SHARED_CORPUS, 'ndnp'))) for (const t of tokenize(altoToWords(await readAlto(f), null).text)) freq.set(t, (freq.get(t) ?? 0) + 1);
const lex = new Set([...freq.keys()].filter((t) => /^[a-z]+$/.test(t) && dict.has(t) && freq.get(t)! >= 3));
const subs = new Map<string, number>();
let n = 0;
for (const [t, c] of freq) {
  if (dict.has(t) || t.length < 4 || !/[a-z]/.test(t)) continue;
  // single substitutions only
  const found: string[] = [];
  for (let i = 0; i < t.length; i++) for (const ch of 'abcdefghijklmnopqrstuvwxyz') { const w = t.slice(0, i) + ch + t.slice(i + 1); if (w !== t && lex.has(w)) found.push(`${ch}>${t[i]}`); }
  if (found.length === 1) { subs.set(found[0], (subs.get(found[0]) ?? 0) + c); n += c; }
}
console.log(n, [...subs].sort((a, b) => b[1] - a[1]).slice(0, 60).map(([k, v]) => `${k}:${v}`).join(' '));
