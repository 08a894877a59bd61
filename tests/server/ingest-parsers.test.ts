// The readers at the edge of ingest: ALTO v2/v3 in every unit, MARC XML variants, WebVTT, WAV headers,
// path safety. Small hand-written inputs for the cases the shared corpus does not have.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAlto } from '../../server/ingest/alto';
import { altoToWords } from '../../server/ingest/words';
import { cleanMarc, readMarcFile } from '../../server/ingest/marc';
import { parseWebVtt } from '../../server/ingest/webvtt';
import { wavDuration } from '../../server/ingest/audio';
import { resolveInside, UnsafePathError } from '../../server/ingest/paths';
import { BadXmlError } from '../../server/ingest/xml';
import { tempDir } from './ingest-fixtures';

const dir = tempDir('parsers');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

const alto3 = (unit: string, page: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<alto xmlns="http://www.loc.gov/standards/alto/ns-v3#"><Description><MeasurementUnit>${unit}</MeasurementUnit></Description>
<Layout><Page ID="P1" ${page}><PrintSpace><TextBlock ID="B1">${body}</TextBlock></PrintSpace></Page></Layout></alto>`;

describe('ALTO', () => {
  it('reads ALTO v3 in pixels, joining a HYP-marked word without SUBS_CONTENT', async () => {
    const p = file(
      'v3-pixel.xml',
      alto3(
        'pixel',
        'WIDTH="1000" HEIGHT="2000"',
        `<TextLine><String CONTENT="Zeitungs" HPOS="10" VPOS="20" WIDTH="80" HEIGHT="12" WC="0.9"/><SP/><String CONTENT="Wieder-" HPOS="100" VPOS="20" WIDTH="70" HEIGHT="12"/><HYP CONTENT="-"/></TextLine>
         <TextLine><String CONTENT="gabe" HPOS="10" VPOS="40" WIDTH="40" HEIGHT="12"/><SP/><String CONTENT="über" HPOS="60" VPOS="40" WIDTH="40" HEIGHT="12"/></TextLine>`,
      ),
    );
    const alto = await readAlto(p);
    expect(alto).toMatchObject({ unit: 'pixel', pageWidth: 1000, pageHeight: 2000 });
    const { words, text } = altoToWords(alto, { width: 1000, height: 2000 });
    expect(words).toEqual([
      ['Zeitungs', 10, 20, 80, 12],
      ['Wiedergabe', 100, 20, 70, 12, [10, 40, 40, 12]],
      ['über', 60, 40, 40, 12],
    ]);
    expect(text).toBe('Zeitungs Wiedergabe\nüber');
  });

  it('converts tenths of millimetres to the pixels of the real image', async () => {
    // A 254 mm wide page (2540 mm10) scanned to a 3000 px wide image.
    const p = file(
      'v3-mm10.xml',
      alto3('mm10', 'WIDTH="2540" HEIGHT="3810"', '<TextLine><String CONTENT="Café" HPOS="254" VPOS="381" WIDTH="127" HEIGHT="50.8"/></TextLine>'),
    );
    const { words } = altoToWords(await readAlto(p), { width: 3000, height: 4500 });
    expect(words).toEqual([['Café', 300, 450, 150, 60]]);
  });

  it('uses a nominal 300 dpi for pages without an image', async () => {
    const p = file(
      'v2-inch.xml',
      alto3('inch1200', 'WIDTH="12000" HEIGHT="18000"', '<TextLine><String CONTENT="x" HPOS="1200" VPOS="2400" WIDTH="400" HEIGHT="400"/></TextLine>'),
    );
    expect(altoToWords(await readAlto(p), null).words).toEqual([['x', 300, 600, 100, 100]]);
  });

  it('keeps boxes inside the page even when the OCR runs past its edge', async () => {
    const p = file(
      'edge.xml',
      alto3('pixel', 'WIDTH="100" HEIGHT="100"', '<TextLine><String CONTENT="edge" HPOS="-5" VPOS="90" WIDTH="120" HEIGHT="30"/></TextLine>'),
    );
    expect(altoToWords(await readAlto(p), { width: 100, height: 100 }).words).toEqual([['edge', 0, 90, 100, 10]]);
  });

  it('rejects malformed XML with the file path', async () => {
    const p = file('bad.xml', '<alto><Layout><Page WIDTH="1"><TextLine><String CONTENT="a"></Layout>');
    await expect(readAlto(p)).rejects.toThrow(BadXmlError);
    await expect(readAlto(p)).rejects.toThrow(p);
  });
});

describe('MARC XML', () => {
  it('reads a namespaced collection and cleans ISBD punctuation', () => {
    const p = file(
      'marc.xml',
      `<?xml version="1.0"?><marc:collection xmlns:marc="http://www.loc.gov/MARC21/slim"><marc:record>
        <marc:controlfield tag="008">850101c19uu9999gw wr ne      0   a0ger c</marc:controlfield>
        <marc:datafield tag="010" ind1=" " ind2=" "><marc:subfield code="a">sn 12345678 </marc:subfield></marc:datafield>
        <marc:datafield tag="245" ind1="0" ind2="0"><marc:subfield code="a">Der Zeitungsbote :</marc:subfield></marc:datafield>
        <marc:datafield tag="260" ind1=" " ind2=" "><marc:subfield code="a">München :</marc:subfield><marc:subfield code="c">1905-</marc:subfield></marc:datafield>
        <marc:datafield tag="310" ind1=" " ind2=" "><marc:subfield code="a">Weekly,</marc:subfield></marc:datafield>
        <marc:datafield tag="752" ind1=" " ind2=" "><marc:subfield code="a">Germany</marc:subfield><marc:subfield code="b">Bayern</marc:subfield><marc:subfield code="d">München.</marc:subfield></marc:datafield>
      </marc:record></marc:collection>`,
    );
    expect(readMarcFile(p)).toEqual([
      {
        lccn: 'sn12345678',
        name: 'Der Zeitungsbote',
        place: { country: 'Germany', state: 'Bayern', county: null, city: 'München' },
        placeOfPublication: 'München',
        publisher: null,
        startYear: 1905, // 008 says 19uu: the exact 260 $c year wins
        endYear: null, // 9999: still published
        language: 'ger',
        frequency: 'Weekly',
        details: { formerFrequencies: [], subjects: [], preceding: [], succeeding: [], oclc: null, languages: ['ger'], places: ['München, Bayern, Germany'] },
        source: 'marc',
      },
    ]);
  });

  it('cleans trailing cataloguing punctuation but keeps abbreviations', () => {
    expect(cleanMarc('Evening star.')).toBe('Evening star');
    expect(cleanMarc('The sun /')).toBe('The sun');
    expect(cleanMarc('Washington, D.C. :')).toBe('Washington, D.C.');
    expect(cleanMarc('Omaha daily bee =')).toBe('Omaha daily bee');
  });
});

describe('WebVTT and WAV', () => {
  it('parses cues with hours, settings, ids, notes and tags', () => {
    const cues = parseWebVtt(
      '\uFEFFWEBVTT\n\nNOTE a comment\n\nintro\n00:00.500 --> 00:02.000 align:start\n<v Reader>Hello <b>there</b>\n\n01:00:00.000 --> 01:00:01.250\nCafe\u0301 &amp; more\n',
    );
    expect(cues).toEqual([
      { start: 0.5, end: 2, text: 'Hello there' },
      { start: 3600, end: 3601.25, text: 'Café & more' },
    ]);
    expect(() => parseWebVtt('not vtt')).toThrow(/WEBVTT/);
  });

  it('reads a WAV duration from its header', () => {
    const header = Buffer.alloc(44 + 8000);
    header.write('RIFF', 0, 'latin1');
    header.write('WAVE', 8, 'latin1');
    header.write('fmt ', 12, 'latin1');
    header.writeUInt32LE(16, 16);
    header.writeUInt32LE(4000, 28); // byte rate
    header.write('data', 36, 'latin1');
    header.writeUInt32LE(8000, 40);
    expect(wavDuration(header)).toBe(2);
    expect(wavDuration(Buffer.from('nope'))).toBeNull();
  });
});

describe('paths named in batch files', () => {
  const root = join(dir, 'batch');
  mkdirSync(join(root, 'data/issue'), { recursive: true });
  writeFileSync(join(dir, 'secret.txt'), 'outside');

  it('resolves paths inside the batch', () => {
    expect(resolveInside(root, join(root, 'data/issue'), './0001.xml')).toBe(join(root, 'data/issue/0001.xml'));
    expect(resolveInside(root, join(root, 'data/issue'), '../issue/0001.xml')).toBe(join(root, 'data/issue/0001.xml'));
  });

  it.each(['../../../secret.txt', '/etc/passwd', 'file:///etc/passwd', 'http://example.com/x.jp2', '..\\..\\..\\secret.txt', ''])('refuses %j', (href) => {
    expect(() => resolveInside(root, join(root, 'data/issue'), href)).toThrow(UnsafePathError);
  });

  it('refuses a link inside the batch that leads out of it', () => {
    symlinkSync(join(dir, 'secret.txt'), join(root, 'data/issue/link.xml'));
    expect(() => resolveInside(root, join(root, 'data/issue'), 'link.xml')).toThrow(/through a link/);
  });
});
