// Hostile values for the route fuzzer: what a careless client, a scanner or an attacker sends.
import fc from 'fast-check';

/** Strings that have broken servers: huge, control characters, odd Unicode, query-language syntax, paths. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\r\nSet-Cookie: x=1',
  '\u202e\u0301\u200b',
  '😀'.repeat(50),
  '\ud800',
  '\udfff\ud800',
  'Ⅻ ﬃ ǅ',
  'x'.repeat(10_000),
  '9'.repeat(400),
  // Full-text query syntax (FTS5 and tsquery) and quoting
  '"',
  '"""',
  "'",
  'NEAR(a b, 2)',
  'a NEAR/3 b',
  'a OR',
  'AND NOT',
  '*',
  'a*',
  '^a',
  'col:term',
  '{a b}:c',
  '(((',
  ')',
  '-a -b',
  'a & b | !c <-> d',
  ':*',
  '\\',
  // Paths
  '..',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....//....//etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  'C:\\boot.ini',
  'file:///etc/passwd',
  '//evil.example/x',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  // Numbers that are not quite numbers
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '2147483648',
  '9007199254740993',
  ' 1',
];

/**
 * Search words that are expensive to match: wildcards with many stars and question marks over the whole
 * vocabulary, OCR-tolerant (fuzzy) words, and queries of hundreds of terms.
 */
export const SEARCH_STRINGS = [
  `a${'*?'.repeat(15)}z`,
  '*?'.repeat(20),
  '?'.repeat(40),
  `${'*'.repeat(40)}a`,
  'a*b*c*d*e*f*g*h*i*j*k*l*m*n*o*p*z',
  '*e*e*e*e*e*e*e*e*e*e*e*e*e*e*e*e*',
  'word~',
  'telegram~2',
  'the~ and~ of~ to~ in~ a~ is~ was~ for~ on~',
  Array.from({ length: 300 }, (_, i) => `w${i}`).join(' '),
  Array.from({ length: 60 }, (_, i) => `${String.fromCharCode(97 + (i % 26))}*~`).join(' '),
  '"a* b? c~ d*e?f"',
  'page* text~ ?age',
];

/** Query strings sent as they are, slashes unescaped: a route must read its path, not the raw URL. */
export const RAW_QUERIES = ['a=/b/c', 'x=/a/b/c/', '/=/', 'k=a/b/c&q=//x//', 'url=/../../etc/passwd', 'p=1/2/3/4/5/6/7/8', '/a/b/c/'];

/** IIIF Image API parameters at and beyond their edges. */
export const IIIF_STRINGS = [
  'full',
  'square',
  'max',
  '^max',
  'pct:0',
  'pct:100',
  'pct:1000',
  'pct:-1',
  'pct:1e9',
  '0,0,0,0',
  '0,0,1,1',
  '-1,-1,10,10',
  '99999999,1,1,1',
  '1,1,99999999,99999999',
  '0,0,10',
  ',0',
  '0,',
  '!0,0',
  '!10,10',
  '^!10,10',
  '^pct:200',
  '100,',
  ',100',
  '^100,',
  '65535,65535',
  // Upscales: a pixel or a few made as large as the server allows, or larger.
  '^10000,10000',
  '^!65535,65535',
  '^pct:100000',
  '^,65535',
  '^1,65535',
  '999,1399,1,1',
  '0,0,8,8',
  '0',
  '90',
  '!90',
  '360',
  '361',
  '-90',
  '45.5',
  '1e309',
  'default.jpg',
  'color.png',
  'gray.webp',
  'bitonal.gif',
  'default.tif',
  'default.JPG',
  'default',
  '.jpg',
  'info.json',
];

/** Path, query and body values: hostile strings, IIIF edge values, and values real data has (so handlers run deep). */
export function scalar(real: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 2, arbitrary: fc.constantFrom(...IIIF_STRINGS) },
    { weight: 2, arbitrary: fc.constantFrom(...SEARCH_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...real) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.integer({ min: -2, max: 70_000 }).map(String) },
  );
}

/** Any JSON value, shallow: where a handler expects a string it may get an array, an object or null. */
export function jsonValue(real: string[]): fc.Arbitrary<unknown> {
  const s = scalar(real);
  const leaf = fc.oneof(s, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(2 ** 31), fc.constant(-0));
  return fc.oneof(
    { weight: 5, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(s, leaf, { maxKeys: 3 }) },
  );
}

/**
 * Percent-encodes a string for a URL, including lone surrogates (encodeURIComponent throws on them): those
 * are sent as the raw, invalid UTF-8 bytes a hostile client would send.
 */
export function encodePart(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    else out += encodeURIComponent(ch);
  }
  return out;
}
