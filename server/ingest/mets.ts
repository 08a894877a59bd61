import { readFileSync } from 'node:fs';
import { asArray, BadXmlError, parseSmallXml, textOf, type XmlNode } from './xml';

export type FileUse = 'master' | 'service' | 'derivative' | 'ocr' | string;

export interface MetsPage {
  sequence: number;
  number: string | null;
  /** NDNP's optional section label of the page (mods:detail type="section label"). */
  section: string | null;
  reel: string | null;
  /** hrefs by USE (master = TIFF, service = JP2, derivative = PDF, ocr = ALTO), as written in the METS. */
  files: Partial<Record<FileUse, string>>;
}

export interface MetsIssue {
  lccn: string;
  date: string;
  edition: number;
  volume: string | null;
  number: string | null;
  label: string | null;
  pages: MetsPage[];
}

const ARRAYS = ['dmdSec', 'fileGrp', 'file', 'div', 'fptr', 'detail', 'identifier', 'relatedItem', 'dateIssued', 'extent', 'FLocat', 'number'];

const modsOf = (dmd: XmlNode | undefined): XmlNode => (((dmd?.mdWrap as XmlNode)?.xmlData as XmlNode)?.mods as XmlNode) ?? {};
const attr = (n: XmlNode | undefined, name: string) => (n ? String(n[`@${name}`] ?? '').trim() : '');
const detail = (part: XmlNode | undefined, type: string): string | null => {
  const d = asArray(part?.detail as XmlNode[]).find((x) => attr(x, 'type') === type);
  const v = d ? textOf(asArray(d.number as unknown[])[0]) : '';
  return v || null;
};

/** Reads an NDNP issue METS/MODS file: issue fields and, per page div of the structMap, its files by USE. */
export function readIssueMets(path: string): MetsIssue {
  const doc = parseSmallXml(readFileSync(path, 'utf8'), path, ARRAYS);
  const mets = doc.mets as XmlNode | undefined;
  if (!mets || typeof mets !== 'object') throw new BadXmlError(path, 'no <mets> root element');
  const dmds = new Map(asArray(mets.dmdSec as XmlNode[]).map((d) => [attr(d, 'ID'), d]));
  const issueDiv = asArray(((mets.structMap as XmlNode)?.div as XmlNode[]) ?? [])[0];
  if (!issueDiv) throw new BadXmlError(path, 'no issue <div> in the structMap');

  const issueMods = modsOf(dmds.get(attr(issueDiv, 'DMDID')) ?? dmds.get('issueModsBib'));
  const host = asArray(issueMods.relatedItem as XmlNode[]).find((r) => attr(r, 'type') === 'host');
  const lccn = textOf(asArray(host?.identifier as unknown[]).find((i) => attr(i as XmlNode, 'type') === 'lccn'));
  const part = host?.part as XmlNode | undefined;
  const dates = asArray((issueMods.originInfo as XmlNode)?.dateIssued as unknown[]);
  const date = textOf(dates.find((d) => typeof d === 'object' && attr(d as XmlNode, 'encoding') === 'iso8601') ?? dates[0]);
  if (!lccn) throw new BadXmlError(path, 'the issue has no LCCN');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new BadXmlError(path, `the issue date '${date}' is not YYYY-MM-DD`);

  const files = new Map<string, { use: string; href: string }>();
  for (const grp of asArray((mets.fileSec as XmlNode)?.fileGrp as XmlNode[])) {
    for (const f of asArray(grp.file as XmlNode[])) {
      const loc = asArray(f.FLocat as XmlNode[])[0];
      const href = attr(loc, 'href');
      if (href) files.set(attr(f, 'ID'), { use: attr(f, 'USE').toLowerCase(), href });
    }
  }

  const pages: MetsPage[] = [];
  asArray(issueDiv.div as XmlNode[]).forEach((div, i) => {
    const mods = modsOf(dmds.get(attr(div, 'DMDID')));
    const mpart = mods.part as XmlNode | undefined;
    const extent = asArray(mpart?.extent as XmlNode[]).find((e) => attr(e, 'unit') === 'pages');
    const seq = Number.parseInt(textOf(extent?.start), 10);
    const original = asArray(mods.relatedItem as XmlNode[]).find((r) => attr(r, 'type') === 'original');
    const reel = textOf(asArray(original?.identifier as unknown[]).find((x) => attr(x as XmlNode, 'type') === 'reel number'));
    const byUse: MetsPage['files'] = {};
    for (const ptr of asArray(div.fptr as XmlNode[])) {
      const f = files.get(attr(ptr, 'FILEID'));
      if (f && !byUse[f.use]) byUse[f.use] = f.href;
    }
    pages.push({
      sequence: Number.isFinite(seq) && seq > 0 ? seq : i + 1,
      number: detail(mpart, 'page number'),
      section: detail(mpart, 'section label')?.slice(0, 200) ?? null,
      reel: reel || null,
      files: byUse,
    });
  });

  return {
    lccn,
    date,
    edition: Number.parseInt(detail(part, 'edition') ?? '1', 10) || 1,
    volume: detail(part, 'volume'),
    number: detail(part, 'issue'),
    label: attr(mets, 'LABEL') || null,
    pages,
  };
}
