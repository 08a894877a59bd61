// Issue #34 (6): a visitor's correction is text, never a String.replace pattern. "$'", "$`", "$&" and "$1"
// in a corrected line must land in the corrected ALTO as written, and the download must stay well-formed XML.
import { describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { correctedAlto } from '../../server/services/corrections/alto-corrected';
import type { CorrectionLine } from '../../contract/corrections';

const line = (id: string, text: string): CorrectionLine => ({ id, text, original: '', version: 1, box: [0, 0, 1, 1] });

const ALTO = `<?xml version="1.0" encoding="UTF-8"?>
<alto xmlns="http://www.loc.gov/standards/alto/ns-v2#"><Layout><Page WIDTH="100" HEIGHT="100"><PrintSpace>
<TextBlock ID="B1"><TextLine ID="L1"><String CONTENT="Price" HPOS="1" VPOS="1" WIDTH="5" HEIGHT="5"/><SP/><String CONTENT="five" HPOS="7" VPOS="1" WIDTH="5" HEIGHT="5"/></TextLine>
<TextLine ID="L2"><String CONTENT="dollars" HPOS="1" VPOS="9" WIDTH="5" HEIGHT="5"/></TextLine></TextBlock>
</PrintSpace></Page></Layout></alto>`;

const contents = (xml: string): string[] => {
  const out: string[] = [];
  const walk = (n: unknown) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object')
      for (const [k, v] of Object.entries(n)) {
        if (k === '@CONTENT') out.push(String(v));
        else walk(v);
      }
  };
  walk(new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml));
  return out;
};

describe('corrected ALTO with $ patterns in the text', () => {
  it.each([["$'"], ['$`'], ['$&'], ['$1'], ['$$'], ['$\'$`$&$2<>"&']])('keeps %j as written and the file well-formed', (word) => {
    const xml = correctedAlto(ALTO, [line('L1', `Price ${word}`), line('L2', word)]);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(contents(xml)).toEqual(['Price', word, word]);
    // Nothing outside the corrected attributes moved.
    expect(xml.replace(/CONTENT="[^"]*"/g, 'C')).toBe(ALTO.replace(/CONTENT="[^"]*"/g, 'C'));
  });
});
