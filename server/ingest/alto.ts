import { createReadStream } from 'node:fs';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { BadXmlError, DECLARES_ENTITIES, ENTITIES_REFUSED } from './xml';

export type AltoUnit = 'pixel' | 'inch1200' | 'mm10';

export interface AltoToken {
  content: string;
  hpos: number;
  vpos: number;
  width: number;
  height: number;
  subsType: string | null; // HypPart1 | HypPart2
  subsContent: string | null; // the whole hyphenated word
}

export interface AltoLine {
  tokens: AltoToken[];
  hyphenEnd: boolean; // the line ends with a <HYP>
  blockStart: boolean; // first line of a TextBlock
}

export interface AltoPage {
  unit: AltoUnit;
  pageWidth: number | null;
  pageHeight: number | null;
  lines: AltoLine[];
}

const num = (v: string | undefined) => {
  const n = Number.parseFloat(v ?? '');
  return Number.isFinite(n) ? n : 0;
};
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Streams an ALTO file (v1/v2/v3, any namespace) and collects its lines of String tokens. A SAX parser
 * keeps memory flat for 2 MB pages with 10,000 words; no DOM is built.
 */
export function readAlto(path: string): Promise<AltoPage> {
  return new Promise((resolvePage, reject) => {
    const page: AltoPage = { unit: 'pixel', pageWidth: null, pageHeight: null, lines: [] };
    const parser = new SaxesParser({ xmlns: false });
    let line: AltoLine | null = null;
    let blockStart = false;
    let inUnit = false;
    let unitText = '';
    let failed = false;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      stream.destroy();
      reject(err instanceof BadXmlError ? err : new BadXmlError(path, err.message));
    };

    parser.on('opentag', (tag: SaxesTagPlain) => {
      const a = tag.attributes as Record<string, string>;
      switch (local(tag.name)) {
        case 'MeasurementUnit':
          inUnit = true;
          unitText = '';
          break;
        case 'Page':
          if (page.pageWidth === null) {
            page.pageWidth = num(a.WIDTH) || null;
            page.pageHeight = num(a.HEIGHT) || null;
          }
          break;
        case 'TextBlock':
          blockStart = true;
          break;
        case 'TextLine':
          line = { tokens: [], hyphenEnd: false, blockStart };
          blockStart = false;
          break;
        case 'String':
          if (line) {
            const content = (a.CONTENT ?? '').trim();
            if (content) {
              line.tokens.push({
                content,
                hpos: num(a.HPOS),
                vpos: num(a.VPOS),
                width: num(a.WIDTH),
                height: num(a.HEIGHT),
                subsType: a.SUBS_TYPE ?? null,
                subsContent: a.SUBS_CONTENT?.trim() || null,
              });
            }
          }
          break;
        case 'HYP':
          if (line) line.hyphenEnd = true;
          break;
      }
    });
    parser.on('text', (t) => {
      if (inUnit) unitText += t;
    });
    parser.on('closetag', (tag) => {
      const name = local(tag.name);
      if (name === 'MeasurementUnit') {
        inUnit = false;
        const u = unitText.trim().toLowerCase();
        page.unit = u === 'inch1200' || u === 'mm10' ? u : 'pixel';
      } else if (name === 'TextLine' && line) {
        if (line.tokens.length) page.lines.push(line);
        line = null;
      }
    });
    parser.on('error', fail);
    // saxes expands no entity a DOCTYPE declares (a reference to one is an error); say why plainly.
    parser.on('doctype', (doctype) => {
      if (DECLARES_ENTITIES.test(`<!DOCTYPE${doctype}>`)) fail(new BadXmlError(path, ENTITIES_REFUSED));
    });

    const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 });
    stream.on('data', (chunk) => {
      if (failed) return;
      try {
        parser.write(chunk as string);
      } catch (err) {
        fail(err as Error);
      }
    });
    stream.on('error', (err) => {
      if (failed) return;
      failed = true; // an unreadable file is not malformed XML: pass the I/O error on as it is
      reject(err);
    });
    stream.on('end', () => {
      if (failed) return;
      try {
        parser.close();
      } catch (err) {
        return fail(err as Error);
      }
      if (!failed) resolvePage(page);
    });
  });
}
