// Site images for the demo: hero, banner and content pictures (SVG shapes rendered by sharp, no text so
// no fonts are needed), logos with lettering from our bitmap font, and the install-button JPEG.
import { join } from 'node:path';
import sharp from 'sharp';
import { rasterImage, writeImage } from './images';
import { Raster, lineHeight, measureText, type Rgb, type TextStyle } from './raster';

export interface Palette {
  sky: [string, string]; // gradient top, bottom
  ground: [string, string];
  accent: string;
  ink: Rgb;
  paper: Rgb;
}

/** A landscape: sky gradient, sun, three ranges of hills and a band of water. */
function landscapeSvg(w: number, h: number, p: Palette, variant: number): string {
  const hill = (base: number, amp: number, phase: number, fill: string) => {
    const pts: string[] = [];
    for (let x = 0; x <= w; x += w / 16) pts.push(`${x.toFixed(0)},${(base + Math.sin((x / w) * 6.3 + phase) * amp).toFixed(0)}`);
    return `<polygon points="0,${h} ${pts.join(' ')} ${w},${h}" fill="${fill}"/>`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#s)"/>
  <circle cx="${w * (0.2 + 0.15 * variant)}" cy="${h * 0.38}" r="${h * 0.12}" fill="${p.accent}" opacity="0.85"/>
  ${hill(h * 0.62, h * 0.05, variant, p.ground[0])}
  ${hill(h * 0.72, h * 0.04, variant + 2, p.ground[1])}
  <rect y="${h * 0.84}" width="${w}" height="${h * 0.16}" fill="${p.sky[0]}" opacity="0.55"/>
  </svg>`;
}

/** Stacked newspaper sheets: pale pages with column lines, fanned over a coloured ground. */
function papersSvg(w: number, h: number, p: Palette): string {
  const sheet = (x: number, y: number, rot: number) => {
    const sw = w * 0.32,
      sh = h * 0.7;
    const cols = [0.08, 0.38, 0.68].map((c) => `<rect x="${sw * c}" y="${sh * 0.2}" width="${sw * 0.25}" height="${sh * 0.72}" fill="#c9bea6"/>`).join('');
    return `<g transform="translate(${x} ${y}) rotate(${rot})"><rect width="${sw}" height="${sh}" fill="#f4ecda" stroke="#8c7a5c"/>
      <rect x="${sw * 0.08}" y="${sh * 0.05}" width="${sw * 0.84}" height="${sh * 0.08}" fill="#3b2f22"/>${cols}</g>`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.ground[0]}"/><stop offset="1" stop-color="${p.ground[1]}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>
  ${sheet(w * 0.12, h * 0.2, -8)}${sheet(w * 0.36, h * 0.12, 3)}${sheet(w * 0.58, h * 0.2, 10)}
  </svg>`;
}

const svg = (text: string) => sharp(Buffer.from(text));

type Lettering = { text: string; scale: number; bold?: boolean }[];

/** Centred lines of bitmap lettering on a transparent or solid ground; w/h 0 = just fit the text. */
export function lettering(w: number, h: number, lines: Lettering, ink: Rgb, ground?: Rgb): Raster {
  if (!w || !h) {
    w ||= Math.max(...lines.map((l) => measureText(l.text, { scale: l.scale, bold: l.bold, color: ink }))) + 8;
    h ||= lines.reduce((s, l) => s + l.scale * 12, 0) + 4;
  }
  const r = new Raster(w, h, 4);
  if (ground) r.fill(ground);
  else r.fill([0, 0, 0], 0);
  const styles: TextStyle[] = lines.map((l) => ({ scale: l.scale, bold: l.bold, color: ink }));
  const total = styles.reduce((s, st) => s + lineHeight(st), 0);
  let y = Math.floor((h - total) / 2);
  lines.forEach((l, i) => {
    r.drawText(l.text, Math.floor((w - measureText(l.text, styles[i])) / 2), y, styles[i]);
    y += lineHeight(styles[i]);
  });
  return r;
}

export interface SiteMediaSpec {
  slug: string;
  name: string; // lettering of the logos
  shortName: string; // monogram of the small logo
  palette: Palette;
  partners: string[][]; // lines of each partner logo; empty = none
}

/** Writes the site's images under DATA_DIR/media/sites/<slug>/; returns paths relative to DATA_DIR. */
export async function writeSiteMedia(dataDir: string, spec: SiteMediaSpec) {
  const rel = (name: string) => `media/sites/${spec.slug}/${name}`;
  const abs = (name: string) => join(dataDir, rel(name));
  const { palette: p } = spec;
  const words = spec.name.toUpperCase().split(' ');
  const half = Math.ceil(words.length / 2);
  const logoLines = [
    { text: words.slice(0, half).join(' '), scale: 4, bold: true },
    { text: words.slice(half).join(' '), scale: 3 },
  ];
  await Promise.all([
    writeImage(svg(landscapeSvg(1600, 640, p, 0)).jpeg({ quality: 80 }), abs('hero.jpg')),
    writeImage(svg(landscapeSvg(800, 500, p, 2)).jpeg({ quality: 80 }), abs('banner.jpg')),
    writeImage(svg(papersSvg(800, 500, p)).jpeg({ quality: 80 }), abs('about.jpg')),
    writeImage(rasterImage(lettering(0, 0, logoLines, p.ink)).png(), abs('logo-large.png')),
    writeImage(rasterImage(lettering(96, 96, [{ text: spec.shortName, scale: 5, bold: true }], p.paper, p.ink)).png(), abs('logo-small.png')),
    writeImage(rasterImage(lettering(0, 0, [{ text: 'NEWSPAPER ARCHIVE', scale: 4, bold: true }], p.ink)).png(), abs('default-logo.png')),
    writeImage(
      rasterImage(
        lettering(
          240,
          120,
          [
            { text: 'IN PARTNERSHIP', scale: 3, bold: true },
            { text: 'with libraries', scale: 2 },
          ],
          p.ink,
          p.paper,
        ),
      ).png(),
      abs('default-footer-logo.png'),
    ),
    writeImage(
      svg(landscapeSvg(1200, 630, p, 1))
        .composite([
          {
            input: await rasterImage(
              lettering(
                1000,
                200,
                logoLines.map((l) => ({ ...l, scale: l.scale * 2 })),
                p.ink,
                p.paper,
              ),
            )
              .png()
              .toBuffer(),
            top: 215,
            left: 100,
          },
        ])
        .jpeg({ quality: 82 }),
      abs('share.jpg'),
    ),
    ...spec.partners.map((lines, i) =>
      writeImage(
        rasterImage(
          lettering(
            240,
            120,
            lines.map((text, j) => ({ text, scale: j === 0 ? 3 : 2, bold: j === 0 })),
            p.ink,
            p.paper,
          ),
        ).png(),
        abs(`partner-${i + 1}.png`),
      ),
    ),
  ]);
  return {
    hero: rel('hero.jpg'),
    banner: rel('banner.jpg'),
    about: rel('about.jpg'),
    logoLarge: rel('logo-large.png'),
    logoSmall: rel('logo-small.png'),
    defaultLogo: rel('default-logo.png'),
    defaultFooterLogo: rel('default-footer-logo.png'),
    share: rel('share.jpg'),
    partners: spec.partners.map((_, i) => rel(`partner-${i + 1}.png`)),
  };
}

export type SiteMedia = Awaited<ReturnType<typeof writeSiteMedia>>;

/** The install-app button: a small JPEG as a data URL (spec: a base64 JPEG). */
export async function installButtonImage(p: Palette): Promise<string> {
  const icon = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">
    <rect width="64" height="64" rx="12" fill="${p.sky[0]}"/>
    <rect x="16" y="10" width="32" height="40" fill="#f4ecda"/>
    <rect x="20" y="16" width="24" height="5" fill="#3b2f22"/>
    <rect x="20" y="25" width="10" height="20" fill="#b9ad95"/><rect x="34" y="25" width="10" height="20" fill="#b9ad95"/>
    <polygon points="32,60 22,48 42,48" fill="${p.accent}"/></svg>`;
  const jpeg = await svg(icon).flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}
