import { describe, expect, it } from 'vitest';
import { sanitizeHtml, sanitizeImageSrc, sanitizeUrl } from '../../server/lib/sanitize';

/** Payloads that try to run script or load something unsafe; none may survive. */
const HOSTILE: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:text/html;base64,PHNjcmlwdD4=">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><script>alert(1)</script></mtext></math>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="evil.swf"></object><embed src="evil.swf">',
  '<form action="https://evil.example"><input name="p"><button>go</button></form>',
  '<div style="width: expression(alert(1))">x</div>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<div onclick="alert(1)" onmouseover="alert(2)">x</div>',
  '<a href="#" onfocus="alert(1)" autofocus>x</a>',
  '<<script>script>alert(1)<</script>/script>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
];

function assertHarmless(out: string) {
  const lower = out.toLowerCase();
  expect(lower).not.toMatch(/<\s*(script|svg|math|iframe|object|embed|form|input|style|link|meta|base|body)\b/);
  expect(lower).not.toMatch(/\son[a-z]+\s*=/);
  expect(lower).not.toMatch(/style\s*=/);
  expect(lower).not.toMatch(/javascript:|vbscript:|data:text|data:image\/svg/);
}

describe('sanitizeHtml', () => {
  it.each(HOSTILE)('neutralises %s', (payload) => {
    assertHarmless(sanitizeHtml(payload));
  });

  it('keeps ordinary formatting, classes, tables and safe links', () => {
    const html =
      '<h2 class="lead">Title</h2><p><strong>b</strong> <em>i</em> <u>u</u><br></p><ul><li>one</li></ul>' +
      '<blockquote>q</blockquote><figure><img src="media/a.png" alt="A" width="10" height="20"><figcaption>c</figcaption></figure>' +
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">d</td></tr></tbody></table><hr>' +
      '<a href="https://example.org/x">ext</a> <a href="/home">rel</a> <a href="mailto:a@example.org">mail</a>';
    const out = sanitizeHtml(html);
    for (const kept of ['<h2 class="lead">', '<strong>', '<em>', '<u>', '<br />', '<li>one</li>', '<blockquote>', '<figcaption>', '<td colspan="2">', '<hr />'])
      expect(out).toContain(kept);
    expect(out).toContain('<img src="media/a.png" alt="A" width="10" height="20" />');
    expect(out).toContain('href="https://example.org/x"');
    expect(out).toContain('href="/home"');
    expect(out).toContain('href="mailto:a@example.org"');
  });

  it('adds rel="noopener noreferrer" to links opening a new tab and drops other targets', () => {
    expect(sanitizeHtml('<a href="https://x.org" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="/a" target="_top">x</a>')).toBe('<a href="/a">x</a>');
  });

  it('keeps raster data: images and drops other data: URLs', () => {
    expect(sanitizeHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(sanitizeHtml('<img src="data:image/webp;base64,UklGRg==">')).toContain('src="data:image/webp');
    expect(sanitizeHtml('<img src="data:image/svg+xml,<svg/>">')).toBe('<img />');
  });

  it('treats non-strings and empty input as empty', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(undefined as unknown as string)).toBe('');
  });
});

describe('sanitizeUrl', () => {
  it.each([
    ['media/sites/a/logo.png', 'media/sites/a/logo.png'],
    ['media/my logo.png', 'media/my%20logo.png'],
    ['/home', '/home'],
    ['home', 'home'],
    ['https://example.org/a?b=c', 'https://example.org/a?b=c'],
    ['HTTP://example.org', 'HTTP://example.org'],
    ['  /trimmed  ', '/trimmed'],
  ])('accepts %s', (input, expected) => {
    expect(sanitizeUrl(input)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'javascript&#58;alert(1)',
    'javascript&colon;alert(1)',
    'vbscript:x',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,AAAA',
    'mailto:a@b.c',
    'file:///etc/passwd',
    'x" onerror="alert(1)',
    "x' onerror='alert(1)",
    '<script>',
    '\\\\evil.example\\x',
    'a'.repeat(3000),
  ])('rejects %s', (input) => {
    expect(sanitizeUrl(input)).toBe('');
  });

  it('rejects non-strings', () => {
    expect(sanitizeUrl(42)).toBe('');
    expect(sanitizeUrl(null)).toBe('');
  });
});

describe('sanitizeImageSrc', () => {
  it('accepts raster data URLs, bare base64 and paths; rejects the rest', () => {
    expect(sanitizeImageSrc('data:image/jpeg;base64,/9j/4AAQSkZJRg==')).toBe('data:image/jpeg;base64,/9j/4AAQSkZJRg==');
    expect(sanitizeImageSrc('/9j/4AAQSkZJRgABAQAAAQABAAD')).toBe('/9j/4AAQSkZJRgABAQAAAQABAAD');
    expect(sanitizeImageSrc('media/pwa.png')).toBe('media/pwa.png');
    expect(sanitizeImageSrc('data:image/svg+xml;base64,PHN2Zz4=')).toBe('');
    expect(sanitizeImageSrc('data:image/png;base64,<script>')).toBe('');
    expect(sanitizeImageSrc('javascript:alert(1)')).toBe('');
  });
});

// Issue #14.5: protocol-relative URLs ("//evil.example/x") point at another site while looking local.
describe('links to other sites', () => {
  it.each(['//evil.example/x', ' //evil.example/x', '/\\evil.example/x', '\\\\evil.example', '//evil'])('sanitizeUrl refuses %s', (u) => {
    expect(sanitizeUrl(u)).toBe('');
  });

  it('drops protocol-relative image sources and links from HTML', () => {
    expect(sanitizeHtml('<img src="//evil.example/t.png" alt="t">')).toBe('<img alt="t" />');
    expect(sanitizeHtml('<a href="//evil.example/x">x</a>')).toBe('<a>x</a>');
  });

  it('gives absolute http(s) links rel="noopener noreferrer", and leaves local links alone', () => {
    expect(sanitizeHtml('<a href="https://example.org/a">a</a>')).toBe('<a href="https://example.org/a" rel="noopener noreferrer">a</a>');
    expect(sanitizeHtml('<a href="http://example.org/a" rel="opener">a</a>')).toBe('<a href="http://example.org/a" rel="noopener noreferrer">a</a>');
    expect(sanitizeHtml('<a href="/home">h</a>')).toBe('<a href="/home">h</a>');
  });

  it('sanitizeImageSrc refuses // even when it looks like base64', () => {
    expect(sanitizeImageSrc('//evilexampleorgxxxxxxxx')).toBe('');
  });
});
