import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import sharp from 'sharp';
import type { PageInput } from '../store/types';
import { readAlto, type AltoPage } from './alto';
import type { MetsPage } from './mets';
import { dataRelative, resolveInside, UnsafePathError } from './paths';
import { embeddedJpeg, isCompletePdf, pdfimagesJpeg } from './pdf';
import { writePyramid, type ImageSource } from './page-image';
import { ImageTooLargeError, type IngestLimits } from './limits';
import type { IngestReport } from './report';
import { altoToWords, nominalSize } from './words';
import { reasonOf } from './xml';

export interface PageContext {
  batchRoot: string; // the batch folder: no file may be read outside it
  issueDir: string; // hrefs in the METS are relative to it
  outDir: string; // where this issue's files go, inside DATA_DIR
  dataDir: string;
  images: boolean; // false: text and words only (benchmarks, quick loads)
  limits: IngestLimits;
  report: IngestReport;
  /** Pages of this issue whose ALTO is named but missing or unreadable (loaded without text). */
  textless: Array<{ sequence: number; reason: string }>;
}

const rel = (ctx: PageContext, abs: string) => relative(ctx.batchRoot, abs) || abs;

/** Resolves one of the page's files; records traversal attempts and missing files. Null = not usable. */
function locate(ctx: PageContext, href: string | undefined, label: string): string | null {
  if (!href) return null;
  let abs: string;
  try {
    abs = resolveInside(ctx.batchRoot, ctx.issueDir, href);
  } catch (err) {
    if (err instanceof UnsafePathError) {
      ctx.report.skipped.push({ path: join(rel(ctx, ctx.issueDir), href), reason: `${label}: ${err.message}` });
      return null;
    }
    throw err;
  }
  if (!existsSync(abs)) {
    ctx.report.missingFiles.push(rel(ctx, abs));
    return null;
  }
  return abs;
}

async function copyInto(ctx: PageContext, src: string): Promise<string> {
  const dest = join(ctx.outDir, basename(src));
  const tmp = `${dest}.${process.pid}.part`;
  await copyFile(src, tmp);
  await rename(tmp, dest); // atomic: a killed run never leaves half a file under the real name
  return dataRelative(ctx.dataDir, dest);
}

/** Page image sources, best first: the JP2 when present, then the JPEG inside the PDF. */
function* imageSources(ctx: PageContext, jp2: string | null, pdf: { path: string; data: Buffer } | null): Generator<ImageSource | Promise<ImageSource | null>> {
  if (jp2) yield { kind: 'jp2', path: jp2 };
  if (!pdf) return;
  const inline = embeddedJpeg(pdf.data);
  if (inline) yield { kind: 'jpeg', data: inline, path: pdf.path };
  else
    yield pdfimagesJpeg(pdf.path, ctx.limits).then(
      (jpeg) => {
        if (jpeg) return { kind: 'jpeg', data: jpeg, path: pdf.path } as ImageSource;
        ctx.report.skipped.push({ path: rel(ctx, pdf.path), reason: 'no readable JPEG page image inside the PDF' });
        return null;
      },
      (err: unknown) => {
        ctx.report.skipped.push({ path: rel(ctx, pdf.path), reason: reasonOfImage(err) });
        return null;
      },
    );
}

/** The batch report's reason for a page image not converted. */
function reasonOfImage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return (err instanceof ImageTooLargeError ? `image over the limits: ${message}` : `unreadable image: ${message}`).slice(0, 300);
}

/**
 * Everything one page needs, files copied or converted into DATA_DIR. Null when the page has nothing usable
 * (no OCR and no image); every problem is recorded in the report with its path.
 */
export async function loadPage(ctx: PageContext, page: MetsPage): Promise<PageInput | null> {
  const altoPath = locate(ctx, page.files.ocr, 'OCR (ALTO)');
  const pdfPath = locate(ctx, page.files.derivative, 'PDF');
  const jp2Path = locate(ctx, page.files.service, 'JPEG 2000 image');
  await mkdir(ctx.outDir, { recursive: true });

  let alto: AltoPage | null = null;
  if (altoPath) {
    try {
      alto = await readAlto(altoPath);
    } catch (err) {
      ctx.report.skipped.push({ path: rel(ctx, altoPath), reason: reasonOf(err) });
      ctx.textless.push({ sequence: page.sequence, reason: `unreadable ALTO ${rel(ctx, altoPath)}: ${reasonOf(err)}`.slice(0, 300) });
    }
  } else if (page.files.ocr) {
    ctx.textless.push({ sequence: page.sequence, reason: `ALTO file missing or refused: ${page.files.ocr}`.slice(0, 300) });
  }

  let pdf: { path: string; data: Buffer } | null = null;
  if (pdfPath) {
    const bytes = (await stat(pdfPath)).size;
    if (bytes > ctx.limits.maxFileBytes) {
      const mb = (n: number) => `${Math.ceil(n / 1024 / 1024)} MB`;
      ctx.report.skipped.push({
        path: rel(ctx, pdfPath),
        reason: `PDF of ${mb(bytes)}, over the ${mb(ctx.limits.maxFileBytes)} limit (INGEST_MAX_FILE_MB): not read`,
      });
    } else {
      const data = await readFile(pdfPath);
      if (isCompletePdf(data)) pdf = { path: pdfPath, data };
      else ctx.report.skipped.push({ path: rel(ctx, pdfPath), reason: 'truncated or damaged PDF (no %PDF header or %%EOF end marker)' });
    }
  }

  let size: { width: number; height: number } | null = null;
  let imagePath: string | null = null;
  let hadSource = false;
  for (const next of imageSources(ctx, jp2Path, pdf)) {
    const source = await next;
    if (!source) continue;
    hadSource = true;
    try {
      if (ctx.images) {
        const out = join(ctx.outDir, `${basename(source.path).replace(/\.[^.]+$/, '')}.tif`);
        size = await writePyramid(source, out, ctx.limits);
        imagePath = dataRelative(ctx.dataDir, out);
      } else if (source.kind === 'jpeg') {
        const meta = await sharp(source.data).metadata(); // header only: the words still need the pixel size
        size = meta.width && meta.height ? { width: meta.width, height: meta.height } : null;
      }
      break;
    } catch (err) {
      // An unreadable JP2, or one over the limits, falls back to the PDF's image.
      ctx.report.skipped.push({ path: rel(ctx, source.path), reason: reasonOfImage(err) });
    }
  }
  if (!alto && !imagePath && !pdf && !(hadSource && !ctx.images)) return null;
  if (ctx.images && !imagePath)
    ctx.report.warnings.push(`Page ${page.sequence} of ${rel(ctx, ctx.issueDir)} has no page image (no JP2 and no readable PDF image)`);

  const text = alto ? altoToWords(alto, size ?? (alto ? nominalSize(alto) : null)) : { words: [], text: '' };
  for (const w of text.words) w[0] = w[0].normalize('NFC');
  return {
    sequence: page.sequence,
    number: page.number,
    section: page.section,
    reel: page.reel,
    width: imagePath || !ctx.images ? (size?.width ?? null) : null,
    height: imagePath || !ctx.images ? (size?.height ?? null) : null,
    imagePath,
    pdfPath: pdf ? await copyInto(ctx, pdf.path) : null,
    altoPath: alto && altoPath ? await copyInto(ctx, altoPath) : null,
    ocrText: text.text.normalize('NFC'),
    words: text.words,
  };
}
