import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createSqliteStore } from '../../server/store/sqlite';
import type { Store } from '../../server/store';

// Hostile HTML an attacker (or a careless paste) could put into any admin HTML field.
export const HOSTILE_HTML = [
  '<p>Safe <strong>bold</strong> and <a href="https://example.org/">a link</a></p>',
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '<a href="javascript:window.__pwned=1">click</a>',
  '<a href="jav&#x09;ascript:window.__pwned=1">tab trick</a>',
  '<a href=" JaVaScRiPt:window.__pwned=1">case trick</a>',
  '<svg onload="window.__pwned=1"><circle r="5"/></svg>',
  '<svg><script>window.__pwned=1</script></svg>',
  '<iframe src="javascript:window.__pwned=1"></iframe>',
  '<object data="data:text/html,<script>window.__pwned=1</script>"></object>',
  '<div style="background:url(javascript:window.__pwned=1)">styled</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__pwned=1>',
  '<form action="javascript:window.__pwned=1"><button>go</button></form>',
  '<p onclick="window.__pwned=1" onmouseover="window.__pwned=1">hover</p>',
  '<a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ+">data url</a>',
  '<img src="data:image/svg+xml,<svg onload=window.__pwned=1>">',
  '<details open ontoggle="window.__pwned=1">x</details>',
].join('\n');

const DANGER = /<script|onerror|onload|onclick|onmouseover|ontoggle|javascript:|<iframe|<object|<svg|<form|<math|<style|data:text/i;

let app: FastifyInstance;
let store: Store;
let cookies: Record<string, string> = {};
const xsrf = () => ({ 'x-xsrf-token': cookies['XSRF-TOKEN'] });
const absorb = <T extends { cookies: Array<{ name: string; value: string }> }>(res: T): T => {
  for (const c of res.cookies) cookies[c.name] = c.value;
  return res;
};

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'admin-content-'));
  store = createSqliteStore(dataDir);
  await store.sites.create({ slug: 'main', name: 'Main', isDefault: true, origins: ['127.0.0.1'] });
  app = await buildApp({ ...loadConfig({ NODE_ENV: 'test' }), dataDir, distDir: join(dataDir, 'no-dist'), adminPassword: 'content admin pw' }, store);
  await app.ready();
  cookies = {};
  absorb(await app.inject({ method: 'GET', url: '/Api/Home/GetSiteTheme?url=http://127.0.0.1' }));
  const login = absorb(
    await app.inject({ method: 'POST', url: '/Api/Admin/Login', payload: { username: 'admin', password: 'content admin pw' }, headers: xsrf(), cookies }),
  );
  expect(login.statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
  await store.close();
});

const put = (url: string, payload: unknown) => app.inject({ method: 'PUT', url, payload: payload as object, headers: xsrf(), cookies });

describe('admin content editing', () => {
  it('changes SiteTitle and a menu item, and the public settings show them at once', async () => {
    // The editor loads every section filled with defaults, changes one field and saves the document.
    const sections = (await app.inject({ url: '/Api/Admin/Sites/1/Sections', cookies })).json();
    const res = await put('/Api/Admin/Sites/1/Sections/settings', { ...sections.settings, SiteTitle: 'The Renamed Archive' });
    expect(res.statusCode, res.body).toBe(200);
    const menus = { header: [{ MenuText: 'Our Story', MenuLink: 'https://example.org/story', OpenInNewTab: true }], footer: [], footerSub: [] };
    expect((await put('/Api/Admin/Sites/1/Sections/menus', menus)).statusCode).toBe(200);
    const after = (await app.inject({ url: '/Api/Home/GetSiteSettings?url=http://127.0.0.1:8080' })).json();
    expect(after.SiteTitle).toBe('The Renamed Archive');
    expect(after.objHeaderMenuList).toEqual([{ MenuText: 'Our Story', MenuLink: 'https://example.org/story', OpenInNewTab: true }]);
  });

  // Issue #14.5: "//evil.example/x" was accepted as a menu link.
  it('refuses a protocol-relative menu link with a clear message, and keeps full external links', async () => {
    const menus = (hdr: string) => ({ header: [{ MenuText: 'Elsewhere', MenuLink: hdr, OpenInNewTab: false }], footer: [], footerSub: [] });
    for (const link of ['//evil.example/x', ' //evil.example', '/\\evil.example/x']) {
      const res = await put('/Api/Admin/Sites/1/Sections/menus', menus(link));
      expect(res.statusCode, link).toBe(400);
      expect(res.json().error).toMatch(/header\.0\.MenuLink: must not start with \/\/.*https:\/\//);
    }
    expect((await put('/Api/Admin/Sites/1/Sections/menus', menus('https://evil.example/x'))).statusCode).toBe(200);
    // A row written around the API is still cleaned when served.
    await store.sites.putSection(1, 'menus', menus('//evil.example/x'));
    const served = (await app.inject({ url: '/Api/Home/GetSiteSettings?url=http://127.0.0.1:8080' })).json();
    expect(JSON.stringify(served.objHeaderMenuList)).not.toContain('//evil');
  });

  it('sanitises hostile HTML when saved and when served', async () => {
    const banner = {
      Status: true,
      BannerHeading: 'Heading',
      BannerContentShort: HOSTILE_HTML,
      BannerImagePath: '',
      BannerContent: HOSTILE_HTML,
      ContentMore: true,
    };
    const saved = await put('/Api/Admin/Sites/1/Sections/banner', banner);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toMatch(DANGER);
    const stored = (await store.sites.getSections(1)).banner as Record<string, string>;
    expect(stored.BannerContent).not.toMatch(DANGER);
    expect(stored.BannerContent).toContain('<strong>bold</strong>');
    // Even HTML written straight into the database (bypassing the admin API) is cleaned on the way out.
    await store.sites.putSection(1, 'banner', { ...banner });
    await store.meta.bumpDataVersion();
    const served = (await app.inject({ url: '/Api/Home/GetBanner?url=http://127.0.0.1:8080' })).json();
    expect(served.webBannerModel.BannerContent).not.toMatch(DANGER);
    expect(served.webBannerModel.BannerContent).toContain('href="https://example.org/"');
  });

  it('accepts image uploads by their real type and refuses the rest', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const ok = await upload(png, 'logo.png', 'image/png');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().path).toMatch(/^media\/uploads\/[0-9a-f]{24}\.png$/);
    const served = await app.inject({ url: `/${ok.json().path}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/image\/png/);
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'x.png', 'image/png');
    expect(svg.statusCode).toBe(400);
    const text = await upload(Buffer.from('just text'), 'x.jpg', 'image/jpeg');
    expect(text.statusCode).toBe(400);
    const big = await upload(Buffer.alloc(6 * 1024 * 1024, 1), 'big.png', 'image/png');
    expect(big.statusCode).toBe(400);
  });
});

function upload(buf: Buffer, name: string, type: string) {
  const boundary = '----archiveboundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    buf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/Api/Admin/Upload',
    payload: body,
    headers: { ...xsrf(), 'content-type': `multipart/form-data; boundary=${boundary}` },
    cookies,
  });
}
