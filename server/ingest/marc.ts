import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TitleInput } from '../store/types';
import { asArray, parseSmallXml, textOf, type XmlNode } from './xml';

/** Drops the ISBD punctuation cataloguers leave at the end of a subfield (' /', ' :', ' ;', ',', '.', ' ='). */
export function cleanMarc(value: string): string {
  let s = value.trim();
  for (let i = 0; i < 3; i++)
    s = s
      .replace(/\s*[/:;,=]\s*$/, '')
      .replace(/(?<!\b[A-Z])\.$/, '')
      .trim();
  return s;
}

/** 4-digit year from MARC 008 positions: exact, or with 'u' digits (unknown) filled in (start: 0, end: 9). */
function year008(s: string, end: boolean, approximate: boolean): number | null {
  if (/^\d{4}$/.test(s)) return s === '9999' ? null : Number(s);
  if (!approximate || !/^\d[0-9u]{3}$/.test(s)) return null;
  return Number(s.replace(/u/g, end ? '9' : '0'));
}

function years260(c: string): { start: number | null; end: number | null } {
  const m = c.match(/(\d{4})?\s*-\s*(\d{4})?/);
  if (m) return { start: m[1] ? Number(m[1]) : null, end: m[2] ? Number(m[2]) : null };
  const one = c.match(/\d{4}/);
  return { start: one ? Number(one[0]) : null, end: null };
}

const normLccn = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** Turns one MARC XML <record> into a title; null when it has no LCCN (010 $a). */
export function titleFromRecord(rec: XmlNode): TitleInput | null {
  const control = new Map(asArray(rec.controlfield as XmlNode[]).map((c) => [String(c['@tag']), textOf(c)]));
  const fields = asArray(rec.datafield as XmlNode[]);
  const sub = (tag: string, code: string): string | null => {
    for (const f of fields) {
      if (String(f['@tag']) !== tag) continue;
      const s = asArray(f.subfield as XmlNode[]).find((x) => String(x['@code']) === code);
      if (s) return textOf(s);
    }
    return null;
  };
  const lccnRaw = sub('010', 'a');
  if (!lccnRaw) return null;
  const f008 = (control.get('008') ?? '').padEnd(40, ' ');
  // Exact 008 years first, then the 260 $c years, then 008 years with unknown digits filled in.
  const start008 = f008.slice(7, 11);
  const end008 = f008.slice(11, 15);
  const c260 = sub('260', 'c') ?? sub('264', 'c');
  const y260 = c260 ? years260(c260) : { start: null, end: null };
  const startYear = year008(start008, false, false) ?? y260.start ?? year008(start008, false, true);
  const endYear = end008 === '9999' ? null : (year008(end008, true, false) ?? y260.end ?? year008(end008, true, true));
  const lang = f008.slice(35, 38).trim();
  const name = cleanMarc(sub('245', 'a') ?? sub('130', 'a') ?? normLccn(lccnRaw));
  const place = (code: string) => {
    const v = sub('752', code);
    return v ? cleanMarc(v) : null;
  };
  const pop = sub('260', 'a') ?? sub('264', 'a');
  const publisher = sub('260', 'b') ?? sub('264', 'b');
  const freq = sub('310', 'a');
  return {
    lccn: normLccn(lccnRaw),
    name,
    place: { country: place('a'), state: place('b'), county: place('c'), city: place('d') },
    placeOfPublication: pop ? cleanMarc(pop) : null,
    publisher: publisher ? cleanMarc(publisher) : null,
    startYear,
    endYear,
    language: /^[a-z]{3}$/.test(lang) ? lang : null,
    frequency: freq ? cleanMarc(freq) : null,
    source: 'marc',
  };
}

/** Parses a MARC XML file: a <collection>, a single <record>, or several bare <record>s in one file. */
export function readMarcFile(path: string): TitleInput[] {
  const raw = readFileSync(path, 'utf8').replace(/^\uFEFF?\s*<\?xml[^>]*\?>/, '');
  const doc = parseSmallXml(`<marcwrap>${raw}</marcwrap>`, path, ['record', 'controlfield', 'datafield', 'subfield']);
  const wrap = doc.marcwrap as XmlNode;
  const records = [...asArray(wrap.record as XmlNode[]), ...asArray(((wrap.collection as XmlNode) ?? {}).record as XmlNode[])];
  return records.map(titleFromRecord).filter((t): t is TitleInput => t !== null);
}

/** Every title record under a folder (recursively, *.xml), by LCCN. Unreadable files go to `warnings`. */
export function readMarcDir(dir: string, warnings: string[]): Map<string, TitleInput> {
  const out = new Map<string, TitleInput>();
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`MARC folder not found: ${dir}`);
  const walk = (d: string) => {
    for (const entry of readdirSync(d).sort()) {
      const p = join(d, entry);
      if (statSync(p).isDirectory()) walk(p);
      else if (entry.toLowerCase().endsWith('.xml')) {
        try {
          for (const t of readMarcFile(p)) if (!out.has(t.lccn)) out.set(t.lccn, t);
        } catch (err) {
          warnings.push(`MARC file skipped: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }
  };
  walk(dir);
  return out;
}
