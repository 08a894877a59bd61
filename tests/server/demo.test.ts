// The demo archive generated on first start: its size and spread, its determinism and resumability,
// its two sites, and — what the viewers and search highlighting rely on — OCR boxes that lie exactly
// on the words drawn in the page images.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createSqliteStore, type SqliteStore } from '../../server/store/sqlite';
import { DEMO_BATCH, ensureDemoArchive, needsDemoArchive, type DemoReport } from '../../server/demo';
import { canDraw } from '../../server/demo/font';
import { breakLines } from '../../server/demo/layout';
import { measureWord, spaceWidth } from '../../server/demo/typeface';
import { demoFullImages, writeFullImage } from '../../server/demo/full-image';
import { previewPathOf } from '../../server/images/deferred';
import { createImageService } from '../../server/images/service';
import { THEMES, contrastRatio } from '../../server/demo/themes';
import type { SiteSections } from '../../server/sites/sections';
import type { WordBox } from '../../server/store/types';

interface PageRow {
  uid: string;
  width: number;
  height: number;
  image_path: string;
  ocr_text: string;
  words: string;
  decade: number;
}

const dirs: string[] = [];
const stores: SqliteStore[] = [];
let a: { dir: string; store: SqliteStore; report: DemoReport };
let b: { dir: string; store: SqliteStore };

function freshStore() {
  const dir = mkdtempSync(join(tmpdir(), 'demo-test-'));
  dirs.push(dir);
  const store = createSqliteStore(dir);
  stores.push(store);
  return { dir, store };
}

type Drawn = [text: string, x: number, y: number, w: number, h: number];

/** Every drawn piece in reading order: a hyphenated word gives its two halves' boxes (the 6th element). */
const drawnBoxes = (words: WordBox[]): Drawn[] =>
  words.flatMap(([text, x, y, w, h, rest]): Drawn[] =>
    rest
      ? [
          [text, x, y, w, h],
          [text, ...rest],
        ]
      : [[text, x, y, w, h]],
  );

/** Pairs of word boxes that overlap (none should: each word is drawn in its own place). */
function overlapping(words: Drawn[]): [string, string][] {
  const sorted = [...words].sort((p, q) => p[2] - q[2]);
  const out: [string, string][] = [];
  sorted.forEach((p, i) => {
    for (let j = i + 1; j < sorted.length && sorted[j][2] < p[2] + p[4]; j++) {
      const q = sorted[j];
      if (p[1] < q[1] + q[3] && q[1] < p[1] + p[3]) out.push([p[0], q[0]]);
    }
  });
  return out;
}

const pagesOf = (store: SqliteStore) =>
  store.db
    .prepare('SELECT p.uid, p.width, p.height, p.image_path, p.ocr_text, w.words, p.decade FROM pages p JOIN page_words w ON w.page_id = p.id ORDER BY p.uid')
    .all() as PageRow[];

beforeAll(async () => {
  const first = freshStore();
  const report = await ensureDemoArchive(first.store, first.dir, () => {});
  expect(report).not.toBeNull();
  a = { ...first, report: report! };

  // A second installation whose first start is interrupted after a few issues, then started again.
  b = freshStore();
  await expect(ensureDemoArchive(b.store, b.dir, () => {}, { stopAfterIssues: 8 })).rejects.toThrow();
  expect(await needsDemoArchive(b.store)).toBe(true);
  expect((await b.store.ingest.getBatch(DEMO_BATCH))?.status).toBe('loading');
  const resumed = await ensureDemoArchive(b.store, b.dir, () => {});
  expect(resumed!.written).toBeLessThan(resumed!.issues);
}, 240_000);

afterAll(async () => {
  for (const s of stores) await s.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('demo archive content', () => {
  it('has at least 6 titles in 3+ cities of 3+ countries, 300+ pages over 10+ decades', () => {
    const db = a.store.db;
    expect(db.prepare('SELECT COUNT(*) FROM titles').pluck().get()).toBeGreaterThanOrEqual(6);
    expect(db.prepare('SELECT COUNT(DISTINCT city_id) FROM titles').pluck().get()).toBeGreaterThanOrEqual(3);
    expect(db.prepare('SELECT COUNT(*) FROM countries').pluck().get()).toBeGreaterThanOrEqual(3);
    expect(db.prepare('SELECT COUNT(*) FROM pages').pluck().get()).toBeGreaterThanOrEqual(300);
    const decades = db.prepare('SELECT DISTINCT decade FROM pages ORDER BY decade').pluck().all() as number[];
    expect(decades.length).toBeGreaterThanOrEqual(10);
    // Every title spans several decades.
    const spans = db.prepare('SELECT COUNT(DISTINCT decade) FROM pages GROUP BY title_id').pluck().all() as number[];
    expect(Math.min(...spans)).toBeGreaterThanOrEqual(3);
    expect(a.report.pages).toBe(db.prepare('SELECT COUNT(*) FROM pages').pluck().get());
  });

  it('gives every page a preview image at once, its size, and OCR text made of its words in reading order', async () => {
    for (const p of pagesOf(a.store)) {
      expect(existsSync(join(a.dir, previewPathOf(p.image_path))), p.image_path).toBe(true);
      expect([p.width, p.height]).toEqual([4000, 6000]); // scan-sized: the full image is made on first zoom
      const words = JSON.parse(p.words) as WordBox[];
      expect(words.length).toBeGreaterThan(200);
      expect(p.ocr_text.split(/\s+/)).toEqual(words.map((w) => w[0]));
      expect(words.filter(([text]) => !canDraw(text))).toEqual([]);
    }
    const one = pagesOf(a.store)[0];
    const meta = await sharp(join(a.dir, previewPathOf(one.image_path))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['tiff', one.width / 4, one.height / 4]);
    expect(meta.pages).toBeGreaterThan(1); // a pyramid: full size plus smaller levels
    expect(readdirSync(join(a.dir, 'demo/pages')).filter((f) => f.includes('.part'))).toEqual([]);
  });

  it('contains the phrases and diacritics search is demonstrated with', () => {
    const has = (sql: string) => (a.store.db.prepare(`SELECT COUNT(*) FROM pages WHERE ocr_text LIKE ?`).pluck().get(sql) as number) > 0;
    for (const phrase of ['%Abraham Lincoln%', '%civil war%', '%railroad%', '%über%', '%Zeitung%', '%élection%', '%Señor%'])
      expect(has(phrase), phrase).toBe(true);
    // Words hyphenated at line ends are one OCR word (the whole word, as ingest makes them from ALTO), with
    // the second half's box as a 6th element, on the next line; the OCR text has the whole word.
    const hyphenated = pagesOf(a.store).flatMap((p) => (JSON.parse(p.words) as WordBox[]).filter((w) => w[5]));
    expect(hyphenated.length).toBeGreaterThan(1000);
    for (const [text, , y, , , rest] of hyphenated.slice(0, 200)) {
      expect(text).not.toMatch(/-$/);
      expect(rest![1] !== y).toBe(true);
    }
    expect(has('%railroad%') && !has('%rail-\nroad%')).toBe(true);
    expect(has('%..%')).toBe(false); // filled templates never double their punctuation
  });
});

describe('OCR word boxes lie on the drawn words', () => {
  it('every box is inside its page and overlaps no other; each box is the ink extent of its word in the full-size image and the gaps between words are blank', async () => {
    const pages = pagesOf(a.store);
    // Every other title (each full-size image is 24 Mpx to make and scan), front pages (masthead) and last
    // pages of 4-page issues (advertisements) in turn.
    const lccns = [...new Set(pages.map((p) => p.uid.split('-')[0]))].filter((_, i) => i % 2 === 0);
    const sample = lccns.map((lccn, i) => pages.find((p) => p.uid.startsWith(lccn) && p.uid.endsWith(i % 2 ? '-seq4' : '-seq1'))!).filter(Boolean);
    expect(sample.length).toBeGreaterThanOrEqual(4);
    const problems: string[] = [];
    let checked = 0;
    for (const page of pages) {
      const outside = drawnBoxes(JSON.parse(page.words) as WordBox[]).filter(
        ([, x, y, w, h]) => !(x >= 0 && y >= 0 && w > 0 && h > 0 && x + w <= page.width && y + h <= page.height),
      );
      expect(outside, page.uid).toEqual([]);
      expect(overlapping(drawnBoxes(JSON.parse(page.words) as WordBox[])), page.uid).toEqual([]);
    }
    // Anti-aliased type: a box edge may sit up to TOL pixels (of 4000) from where the ink crosses the threshold.
    const TOL = 2;
    for (const page of sample) {
      expect(await writeFullImage(page.image_path, a.dir)).toBe(true);
      const { data, info } = await sharp(join(a.dir, page.image_path)).greyscale().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([page.width, page.height]);
      const lum = (x: number, y: number) => data[y * info.width + x];
      const darkColumns = (x0: number, x1: number, y0: number, y1: number) => {
        const cols: number[] = [];
        for (let x = x0; x <= x1; x++)
          for (let y = y0; y <= y1; y++)
            if (lum(x, y) < 110) {
              cols.push(x);
              break;
            }
        return cols;
      };
      const near = (a: number | undefined, b: number) => a !== undefined && Math.abs(a - b) <= TOL;
      const words = drawnBoxes(JSON.parse(page.words) as WordBox[]);
      words.forEach(([text, x, y, w, h], i) => {
        // The box is the word's extent: ink at (or within TOL of) its first and last columns and its bottom row
        // (baseline or descender), and none from TOL + 1 pixels outside it.
        const where = `${page.uid} '${text}' [${x},${y},${w},${h}]`;
        const cols = darkColumns(x - TOL, x + w - 1 + TOL, y, y + h - 1);
        if (!near(cols[0], x) || !near(cols[cols.length - 1], x + w - 1)) problems.push(`${where}: ink spans ${cols[0]}..${cols[cols.length - 1]}`);
        if (!darkColumns(x, x + w - 1, y + h - 1 - TOL, y + h - 1 + TOL).length) problems.push(`${where}: no ink on the bottom row`);
        const out = TOL + 1;
        if (darkColumns(x - out, x - out, y, y + h - 1).length) problems.push(`${where}: ink left of the box`);
        if (darkColumns(x + w - 1 + out, x + w - 1 + out, y, y + h - 1).length) problems.push(`${where}: ink right of the box`);
        if (darkColumns(x, x + w - 1, y - out, y - out).length) problems.push(`${where}: ink above the box`);
        if (darkColumns(x, x + w - 1, y + h - 1 + out, y + h - 1 + out).length) problems.push(`${where}: ink below the box`);
        // The gap to the next word on the same line holds no ink.
        const next = words[i + 1];
        if (next && next[2] === y && next[1] - out > x + w - 1 + out && darkColumns(x + w - 1 + out, next[1] - out, y, y + Math.min(h, next[4]) - 1).length) {
          problems.push(`${where}: ink in the gap before '${next[0]}'`);
        }
        checked++;
      });
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(checked).toBeGreaterThan(2000);
  });
});

describe('scan-sized page images through IIIF', () => {
  it('answers thumbnails and fitted pages from the preview, and makes the full image on the first request for more detail', async () => {
    const images = createImageService(a.store, a.dir, { deferred: demoFullImages(a.dir) });
    const page = pagesOf(a.store).find((p) => p.uid.endsWith('-seq2') && !existsSync(join(a.dir, p.image_path)))!;
    const info = (await images.info(page.uid, 'http://archive.test/iiif/3')) as { width: number; height: number; tiles: { scaleFactors: number[] }[] };
    expect([info.width, info.height]).toEqual([4000, 6000]);
    expect(info.tiles[0].scaleFactors).toContain(16);
    const get = async (region: string, size: string) => {
      const r = await images.image(page.uid, { region, size, rotation: '0', qf: 'default.png' });
      if (r === 'not-modified') throw new Error('unexpected 304');
      return sharp(r.data).greyscale().raw().toBuffer({ resolveWithObject: true });
    };
    const thumb = await get('full', '250,');
    expect([thumb.info.width, thumb.info.height]).toEqual([250, 375]);
    const fitted = await get('0,0,4000,4000', '1000,');
    expect(fitted.info.width).toBe(1000);
    expect(existsSync(join(a.dir, page.image_path))).toBe(false);
    // A word read at full size (a viewer zoomed in on it): the full image is made, and the word's box holds its ink.
    const [text, x, y, w, h] = (JSON.parse(page.words) as WordBox[]).find((wd) => wd[3] > 150)!;
    const word = await get(`${x},${y},${w},${h}`, 'max');
    expect(existsSync(join(a.dir, page.image_path))).toBe(true);
    expect([word.info.width, word.info.height]).toEqual([w, h]);
    const dark = word.data.filter((v) => v < 110).length;
    expect(dark / (w * h), text).toBeGreaterThan(0.08);
    // Beside the box, between words, the paper is blank: the same strip one word-height above the line.
    const above = await get(`${x},${Math.max(0, y - Math.round(h * 0.6))},${w},${Math.round(h * 0.25)}`, 'max');
    expect(above.data.filter((v) => v < 110).length, text).toBe(0);
  });
});

describe('determinism and an interrupted first start', () => {
  it('a second installation (interrupted, then restarted) has the same pages, text, boxes and images', () => {
    const pa = pagesOf(a.store),
      pb = pagesOf(b.store);
    expect(pb.map((p) => p.uid)).toEqual(pa.map((p) => p.uid));
    pa.forEach((p, i) => {
      expect(pb[i].ocr_text).toBe(p.ocr_text);
      expect(pb[i].words).toBe(p.words);
    });
    const hash = (dir: string, rel: string) =>
      createHash('sha256')
        .update(readFileSync(join(dir, rel)))
        .digest('hex');
    for (const p of [pa[0], pa[150], pa[pa.length - 1]]) expect(hash(b.dir, previewPathOf(p.image_path))).toBe(hash(a.dir, previewPathOf(p.image_path)));
  });

  it('a start interrupted while the sites were being made finishes them, without duplicates', async () => {
    await b.store.ingest.beginBatch(DEMO_BATCH, null); // the batch is 'loading' again, as before the sites were done
    const report = await ensureDemoArchive(b.store, b.dir, () => {});
    expect(report!.written).toBe(0);
    expect((await b.store.sites.list()).map((s) => s.slug)).toEqual(['default', 'prairie']);
    expect((await b.store.ingest.getBatch(DEMO_BATCH))?.status).toBe('complete');
  });

  it('runs only on a first start: a finished archive is left alone', async () => {
    expect((await a.store.ingest.getBatch(DEMO_BATCH))?.status).toBe('complete');
    expect(await ensureDemoArchive(a.store, a.dir, () => {})).toBeNull();
    expect(await ensureDemoArchive(b.store, b.dir, () => {})).toBeNull();
  });
});

describe('the two demo sites', () => {
  const sectionsOf = async (origin: string) => {
    const site = (await a.store.sites.findByOrigin(origin)) ?? (await a.store.sites.getDefault());
    return { site, s: (await a.store.sites.getSections(site.id)) as SiteSections };
  };

  it('are chosen by origin, have every section, and differ in title, theme, texts and flags', async () => {
    const one = await sectionsOf('http://127.0.0.1:8080');
    const two = await sectionsOf('http://localhost:8080');
    expect(one.site.isDefault).toBe(true);
    expect(two.site.slug).toBe('prairie');
    expect(await a.store.sites.findByOrigin('http://example.org')).toBeNull();
    for (const { s } of [one, two]) {
      expect(Object.keys(s).sort()).toEqual(['ads', 'banner', 'home', 'kiosk', 'menus', 'pageContent', 'policies', 'pwa', 'settings']);
      expect(existsSync(join(a.dir, s.settings.ThemeFile))).toBe(true);
    }
    expect(one.s.settings.SiteTitle).not.toBe(two.s.settings.SiteTitle);
    expect(one.s.settings.ThemeFile).not.toBe(two.s.settings.ThemeFile);
    expect(one.s.settings.PrimaryColor).not.toBe(two.s.settings.PrimaryColor);
    expect(one.s.home.HomePageContent).not.toBe(two.s.home.HomePageContent);
    expect([one.s.settings.AdvantageFooterStatus, two.s.settings.AdvantageFooterStatus]).toEqual([true, false]);
    expect([one.s.settings.solrtype, two.s.settings.solrtype]).toEqual(['4', '7']);
    expect([one.s.settings.ShowThumbInHome, two.s.settings.ShowThumbInHome]).toEqual([true, false]);
    expect(one.s.banner.ContentMore && one.s.banner.BannerContent.length > 0).toBe(true);
    expect(one.s.pageContent.PageContent.length).toBeGreaterThan(0);
  });

  it('show different titles: every title on the default site, three on the second', async () => {
    const one = await sectionsOf('http://127.0.0.1:8080');
    const two = await sectionsOf('http://localhost:8080');
    const all = a.store.db.prepare('SELECT COUNT(*) FROM titles').pluck().get();
    expect((await a.store.browse.titleCounts(one.site.id)).length).toBe(all);
    const names = (await a.store.browse.titleCounts(two.site.id)).map((t) => t.name).sort();
    expect(names).toEqual(['Cincinnati Täglicher Wächter', 'The Omaha Morning Herald', 'The Toronto Daily Beacon']);
    expect(new Set((await a.store.browse.yearCounts(two.site.id)).map((y) => Math.floor(y.year / 10))).size).toBeGreaterThanOrEqual(10);
  });

  it('have menus, partner logos (or the fallback) and install settings as the shell needs them', async () => {
    for (const origin of ['http://127.0.0.1:8080', 'http://localhost:8080']) {
      const { s } = await sectionsOf(origin);
      const links = Object.fromEntries(s.menus.header.map((m) => [m.MenuText, m.MenuLink]));
      expect(links).toMatchObject({ Home: 'home', 'Contact Us': 'contactus', Directory: 'sitedirectory' });
      expect(s.menus.header.some((m) => /^https:\/\//.test(m.MenuLink) && m.OpenInNewTab)).toBe(true);
      const parents = new Set(s.menus.footer.map((m) => m.FooterMenuID));
      for (const sub of s.menus.footerSub) expect(parents.has(sub.FooterMenuID)).toBe(true);
      for (const m of s.menus.footer) expect(s.menus.footerSub.some((sub) => sub.FooterMenuID === m.FooterMenuID)).toBe(true);
      const images = [
        s.settings.WebsiteLargeLogoPath,
        s.settings.WebsiteSmallLogoPath,
        s.settings.DefaultLargeLogo,
        s.settings.DefaultFooterLogo,
        s.settings.FBShareLogo,
        s.home.HomePageImagePath,
        s.banner.BannerImagePath,
        s.pageContent.PageContentImagePath,
        ...s.settings.FooterLogoList,
      ];
      for (const rel of images) expect(existsSync(join(a.dir, rel)), rel).toBe(true);
    }
    const one = (await sectionsOf('http://127.0.0.1:8080')).s;
    const two = (await sectionsOf('http://localhost:8080')).s;
    expect(one.settings.FooterLogoList.length).toBeGreaterThan(1);
    expect(two.settings.FooterLogoList).toEqual([]);
    expect(two.pwa).toBeNull();
    expect(one.pwa!.ButtonTooltip).not.toBe('');
    const jpeg = Buffer.from(one.pwa!.ButtonImage.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
    expect((await sharp(jpeg).metadata()).format).toBe('jpeg');
  });

  it('theme colours keep AA contrast', () => {
    for (const c of Object.values(THEMES)) {
      for (const [fg, bg] of [
        [c.ink, c.paper],
        [c.inkSoft, c.paper],
        [c.inkSoft, c.paperDeep],
        [c.primary, c.paper],
        [c.primaryInk, c.primary],
        [c.accent, c.paper],
        [c.accent, c.card],
        [c.footerInk, c.footerBg],
        [c.footerLink, c.footerBg],
        [c.ink, c.bandBg],
        [c.ink, c.headerBg],
      ]) {
        expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

describe('line breaking', () => {
  it('keeps lines within the column and hyphenates so that the line ends rejoin into the text', () => {
    const style = { scale: 2, color: [0, 0, 0] as const };
    const text =
      'The directors of the railroad company met on Wednesday and declared a dividend. ' +
      'Die Versammlung über die Eisenbahn wurde vertagt. Une représentation au bénéfice des pauvres.';
    const lines = breakLines(text, 200, style, 16);
    for (const [i, line] of lines.entries()) {
      const width = (i === 0 ? 16 : 0) + line.words.reduce((s, w) => s + measureWord(w, style), 0) + spaceWidth(style) * (line.words.length - 1);
      expect(width).toBeLessThanOrEqual(200);
    }
    expect(lines.some((l) => l.words[l.words.length - 1].endsWith('-'))).toBe(true);
    const rejoined = lines
      .map((l) => l.words.join(' '))
      .join('\n')
      .replace(/-\n/g, '')
      .replace(/\n/g, ' ');
    expect(rejoined).toBe(text);
  });
});

describe('after the demo', () => {
  it('stays removed when an administrator purges the demo batch', async () => {
    expect(await a.store.ingest.purgeBatch(DEMO_BATCH)).toMatchObject({ pages: a.report.pages });
    expect(await ensureDemoArchive(a.store, a.dir, () => {})).toBeNull();
    expect(a.store.db.prepare('SELECT COUNT(*) FROM pages').pluck().get()).toBe(0);
  });
});
