import { existsSync, readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { Store, TitleInput } from '../store/types';
import { issueUid } from '../store/types';
import { readBatchFile, type BatchIssueRef } from './batch-xml';
import { readMarcDir } from './marc';
import { readIssueMets } from './mets';
import { reasonOf } from './xml';
import { loadPage, type PageContext } from './page-loader';
import { resolveInside, safeName, UnsafePathError } from './paths';
import { ingestLimitsFromEnv, type IngestLimits } from './limits';
import { emptyReport, issuesToRetry, wholeBatchReport, type IngestProgress, type IngestReport } from './report';
import { removeBatchDump } from '../services/dumps/build';

export interface IngestOptions {
  marcDir?: string;
  onProgress?: (p: IngestProgress) => void;
  signal?: AbortSignal;
  /** Convert page images (default true). False loads text and words only. */
  images?: boolean;
  /** Issues prepared at the same time (image conversion runs on libvips threads while XML is parsed). */
  concurrency?: number;
  /** Page image caps (default: INGEST_MAX_IMAGE_PIXELS and INGEST_MAX_FILE_MB from the environment). */
  limits?: IngestLimits;
}

/** Folder under DATA_DIR that holds a batch's copied and converted files. */
export const batchFilesDir = (dataDir: string, name: string) => join(dataDir, 'batches', safeName(name));

/** Loads titles: from MARC when there is a record, else under the bare LCCN (with a warning). */
async function ensureTitles(store: Store, lccns: string[], marc: Map<string, TitleInput>, report: IngestReport) {
  for (const lccn of lccns) {
    const rec = marc.get(lccn);
    if (rec) {
      await store.ingest.upsertTitle(rec);
      report.titles.push({ lccn, name: rec.name, source: 'marc' });
    } else if ((await store.ingest.titleIdByLccn(lccn)) !== null) {
      report.titles.push({ lccn, name: lccn, source: 'existing' });
    } else {
      await store.ingest.upsertTitle({ lccn, name: lccn, place: {}, source: 'lccn-only' });
      report.titles.push({ lccn, name: lccn, source: 'lccn-only' });
      report.warnings.push(`No MARC record for title ${lccn}: loaded under its LCCN (pass --marc <dir> with its record to name and place it)`);
    }
  }
}

/**
 * Loads an NDNP batch: titles, then each issue (METS, ALTO, PDF, page image) written in one transaction.
 * Issues already loaded are skipped, so a re-run changes nothing and a killed run resumes. Broken or
 * missing files are reported with their paths and skipped; they never stop the batch.
 */
export async function ingestBatch(store: Store, dataDir: string, batchDir: string, opts: IngestOptions = {}): Promise<IngestReport> {
  const started = Date.now();
  const batchRoot = resolve(batchDir);
  if (!existsSync(batchRoot) || !statSync(batchRoot).isDirectory()) throw new Error(`Batch folder not found: ${batchDir}`);
  const name = safeName(basename(batchRoot));
  const report = emptyReport(name, batchRoot);
  const batchFile = readBatchFile(batchRoot);
  report.warnings.push(...batchFile.warnings);
  report.issues.total = batchFile.issues.length;

  const limits = opts.limits ?? ingestLimitsFromEnv();
  const marc = opts.marcDir ? readMarcDir(resolve(opts.marcDir), report.warnings) : new Map<string, TitleInput>();
  const titlesDone = new Set<string>();
  const titleOnce = async (lccn: string) => {
    if (titlesDone.has(lccn)) return;
    titlesDone.add(lccn);
    await ensureTitles(store, [lccn], marc, report);
  };
  for (const lccn of new Set(batchFile.issues.map((i) => i.lccn))) await titleOnce(lccn);

  // What earlier runs saved: issues with pages loaded without text are loaded again, and the saved report
  // grows to cover the whole batch (a rerun after an interruption does not replace it with its own part).
  const saved = (await store.ingest.getBatch(name))?.report;
  const retry = issuesToRetry(saved);
  const handledDirs = new Set<string>();
  const batchId = await store.ingest.beginBatch(name, batchRoot);
  const loaded = await store.ingest.loadedIssueUids(batchId);
  const outRoot = batchFilesDir(dataDir, name);
  await removePartFiles(outRoot);
  let done = 0;
  const progress = (current: string | null) =>
    opts.onProgress?.({ issuesTotal: report.issues.total, issuesDone: done, pagesDone: report.pages.loaded, current });
  progress(null);

  const loadIssue = async (ref: BatchIssueRef) => {
    const where = ref.href;
    let metsPath: string;
    try {
      metsPath = resolveInside(batchRoot, batchFile.dataDir, ref.href);
    } catch (err) {
      if (!(err instanceof UnsafePathError)) throw err;
      report.skipped.push({ path: where, reason: err.message });
      report.issues.skipped++;
      return;
    }
    const relPath = relative(batchRoot, metsPath);
    handledDirs.add(dirname(relPath));
    if (!existsSync(metsPath)) {
      report.missingFiles.push(relPath);
      report.skipped.push({ path: relPath, reason: 'issue METS file is missing' });
      report.issues.skipped++;
      return;
    }
    let mets;
    try {
      mets = readIssueMets(metsPath);
    } catch (err) {
      report.skipped.push({ path: relPath, reason: reasonOf(err) });
      report.issues.skipped++;
      return;
    }
    if (mets.lccn !== ref.lccn || mets.date !== ref.date || mets.edition !== ref.edition) {
      report.warnings.push(
        `${relPath}: the METS says ${mets.lccn} ${mets.date} ed. ${mets.edition}, the batch file ${ref.lccn} ${ref.date} ed. ${ref.edition}; the METS is used`,
      );
      await titleOnce(mets.lccn);
    }
    const issueDir = dirname(metsPath);
    const ctx: PageContext = {
      batchRoot,
      issueDir,
      outDir: join(outRoot, relative(batchRoot, issueDir)),
      dataDir,
      images: opts.images !== false,
      limits,
      report,
      textless: [],
    };
    const pages = [];
    for (const page of mets.pages) {
      if (opts.signal?.aborted) return;
      const p = await loadPage(ctx, page);
      if (p) pages.push(p);
      else {
        report.pages.skipped++;
        report.skipped.push({ path: `${relative(batchRoot, issueDir)} page ${page.sequence}`, reason: 'no usable OCR or image file' });
      }
    }
    if (pages.length === 0) {
      report.skipped.push({ path: relPath, reason: 'the issue has no loadable page' });
      report.issues.skipped++;
      return;
    }
    if (opts.signal?.aborted) return;
    const written = await store.ingest.writeIssue(batchId, {
      lccn: mets.lccn,
      dateIssued: mets.date,
      edition: mets.edition,
      volume: mets.volume,
      number: mets.number,
      pages,
    });
    const stats: [number, number, number, number] = [
      pages.length,
      pages.filter((p) => p.imagePath).length,
      pages.filter((p) => !p.imagePath).length,
      pages.reduce((n, p) => n + p.words.length, 0),
    ];
    report.issueStats[written.issueUid] = stats;
    report.issues.loaded++;
    report.pages.loaded += stats[0];
    report.pages.withImage += stats[1];
    report.pages.withoutImage += stats[2];
    report.pages.words += stats[3];
    const loadedPages = new Set(pages.map((p) => p.sequence));
    for (const t of ctx.textless) {
      if (!loadedPages.has(t.sequence)) continue;
      report.withoutText.push({ issue: written.issueUid, path: `${relative(batchRoot, issueDir)} page ${t.sequence}`, reason: t.reason });
      report.pages.withoutText++;
    }
  };

  const queue = [...batchFile.issues];
  const worker = async () => {
    for (let ref = queue.shift(); ref; ref = queue.shift()) {
      if (opts.signal?.aborted) return;
      const uid = issueUid(ref.lccn, ref.date, ref.edition);
      if (loaded.has(uid) && !retry.has(uid)) report.issues.alreadyLoaded++;
      else await loadIssue(ref);
      done++;
      progress(ref.href);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 2) }, worker));
  } catch (err) {
    report.status = 'failed';
    report.warnings.push(`Stopped by an unexpected error: ${err instanceof Error ? err.message : String(err)}`);
    finish(report, started);
    await store.ingest.finishBatch(batchId, 'failed', { ...wholeBatchReport(saved, report, handledDirs) });
    throw err;
  }
  report.aborted = !!opts.signal?.aborted;
  if (report.aborted) report.status = 'failed';
  finish(report, started);
  await store.ingest.finishBatch(batchId, report.status, { ...wholeBatchReport(saved, report, handledDirs) });
  return report;
}

/** Half-written files (*.part) left by a run that was killed; never referenced by the store. */
async function removePartFiles(dir: string) {
  if (!existsSync(dir)) return;
  const parts = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.part(\.tif)?$/.test(f));
  await Promise.all(parts.map((f) => rm(join(dir, f), { force: true })));
}

function finish(report: IngestReport, started: number) {
  report.finishedAt = new Date().toISOString();
  report.elapsedMs = Date.now() - started;
  report.missingFiles = [...new Set(report.missingFiles)].sort();
}

/** Removes a batch: its issues, pages and audio from the store, and its files and bulk-data dump from DATA_DIR. */
export async function purgeBatch(store: Store, dataDir: string, name: string): Promise<{ issues: number; pages: number } | null> {
  const counts = await store.ingest.purgeBatch(name);
  await rm(batchFilesDir(dataDir, name), { recursive: true, force: true });
  await removeBatchDump(dataDir, name);
  return counts;
}
