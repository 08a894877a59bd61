import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TitleInput } from '../store/types';
import type { TitleDetails } from '../../contract/runs';
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
  const details = marcDetails(fields, control, lang);
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
    details,
    source: 'marc',
  };
}

const subfields = (f: XmlNode) => asArray(f.subfield as XmlNode[]).map((s) => ({ code: String(s['@code']), text: textOf(s).trim() }));

/** '(DLC)sn 84022743' -> 'sn84022743'; '(OCoLC)10562737' -> '10562737'. */
function linkIds(subs: { code: string; text: string }[]): { lccn: string | null; oclc: string | null } {
  let lccn: string | null = null;
  let oclc: string | null = null;
  for (const s of subs.filter((x) => x.code === 'w' || x.code === 'x')) {
    const m = /^\(([^)]+)\)\s*(.+)$/.exec(s.text);
    if (!m) continue;
    if (m[1] === 'DLC' && !lccn) lccn = normLccn(m[2]);
    else if (m[1] === 'OCoLC' && !oclc) oclc = m[2].replace(/\D/g, '') || null;
  }
  return { lccn, oclc };
}

// MARC 780/785 second indicator: how the earlier or later title relates (MARC 21 Bibliographic).
const PRECEDING: Record<string, string> = {
  '0': 'Continues',
  '1': 'Continues in part',
  '2': 'Supersedes',
  '3': 'Supersedes in part',
  '4': 'Formed by the union of',
  '5': 'Absorbed',
  '6': 'Absorbed in part',
  '7': 'Separated from',
};
const SUCCEEDING: Record<string, string> = {
  '0': 'Continued by',
  '1': 'Continued in part by',
  '2': 'Superseded by',
  '3': 'Superseded in part by',
  '4': 'Absorbed by',
  '5': 'Absorbed in part by',
  '6': 'Split into',
  '7': 'Merged with',
  '8': 'Changed back to',
};

/** What the title page shows beyond the columns: earlier frequencies, subjects, related titles, OCLC, languages, places. */
function marcDetails(fields: XmlNode[], control: Map<string, string>, lang008: string): TitleDetails {
  const tagged = (tag: string) => fields.filter((f) => String(f['@tag']) === tag);
  const formerFrequencies = tagged('321').map((f) =>
    cleanMarc(
      subfields(f)
        .filter((s) => s.code === 'a' || s.code === 'b')
        .map((s) => cleanMarc(s.text))
        .join(', '),
    ),
  );
  const subjects = [...tagged('650'), ...tagged('651')]
    .map((f) =>
      subfields(f)
        .filter((s) => /^[a-z]$/.test(s.code) && s.code !== 'e')
        .map((s) => cleanMarc(s.text))
        .filter(Boolean)
        .join(' -- '),
    )
    .filter(Boolean);
  const related = (tag: string, relations: Record<string, string>) =>
    tagged(tag)
      .map((f) => {
        const subs = subfields(f);
        const name = cleanMarc(subs.find((s) => s.code === 't')?.text ?? subs.find((s) => s.code === 'a')?.text ?? '');
        return { name, ...linkIds(subs), relation: relations[String(f['@ind2'] ?? '').trim()] ?? (tag === '780' ? 'Preceded by' : 'Succeeded by') };
      })
      .filter((r) => r.name || r.lccn);
  const oclc035 = tagged('035')
    .flatMap((f) => subfields(f).filter((s) => s.code === 'a'))
    .map((s) => /^\(OCoLC\)\D*(\d+)/.exec(s.text)?.[1])
    .find(Boolean);
  // CONSER records often carry the OCLC number as the control number itself.
  const oclc001 = /^\d+$/.test(control.get('001')?.trim() ?? '') && (control.get('003') ?? 'OCoLC').trim() === 'OCoLC' ? control.get('001')!.trim() : null;
  const languages = [
    /^[a-z]{3}$/.test(lang008) ? lang008 : null,
    ...tagged('041').flatMap((f) =>
      subfields(f)
        .filter((s) => s.code === 'a')
        .map((s) => s.text),
    ),
  ]
    .filter((l): l is string => !!l && /^[a-z]{3}$/.test(l))
    .filter((l, i, all) => all.indexOf(l) === i);
  const places = tagged('752')
    .map((f) => {
      const subs = subfields(f);
      return ['d', 'c', 'b', 'a']
        .map((code) => subs.find((s) => s.code === code)?.text)
        .filter((v): v is string => !!v)
        .map(cleanMarc)
        .join(', ');
    })
    .filter(Boolean);
  return {
    formerFrequencies: formerFrequencies.filter(Boolean),
    subjects: subjects.filter((s, i, all) => all.indexOf(s) === i),
    preceding: related('780', PRECEDING),
    succeeding: related('785', SUCCEEDING),
    oclc: oclc035 ?? oclc001,
    languages,
    places,
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
