/** What one ingest run did: printed by the CLI, shown by the admin area, saved in batches.report. */
export interface IngestReport {
  batch: string;
  source: string;
  status: 'complete' | 'failed';
  aborted: boolean;
  startedAt: string;
  finishedAt: string;
  elapsedMs: number;
  issues: { total: number; loaded: number; alreadyLoaded: number; skipped: number };
  pages: { loaded: number; withImage: number; withoutImage: number; skipped: number; words: number };
  titles: { lccn: string; name: string; source: 'marc' | 'lccn-only' | 'existing' }[];
  /** Files the METS names that are not in the batch, relative to the batch folder (TIFF masters are never used and not listed). */
  missingFiles: string[];
  /** Issues, pages and files left out, each with its path and why. */
  skipped: { path: string; reason: string }[];
  warnings: string[];
}

export interface IngestProgress {
  issuesTotal: number;
  issuesDone: number; // loaded + already loaded + skipped
  pagesDone: number;
  current: string | null;
}

export function emptyReport(batch: string, source: string): IngestReport {
  const now = new Date().toISOString();
  return {
    batch,
    source,
    status: 'complete',
    aborted: false,
    startedAt: now,
    finishedAt: now,
    elapsedMs: 0,
    issues: { total: 0, loaded: 0, alreadyLoaded: 0, skipped: 0 },
    pages: { loaded: 0, withImage: 0, withoutImage: 0, skipped: 0, words: 0 },
    titles: [],
    missingFiles: [],
    skipped: [],
    warnings: [],
  };
}

/** A few readable lines for a terminal. */
export function formatReport(r: IngestReport): string {
  const secs = (r.elapsedMs / 1000).toFixed(1);
  const rate = r.elapsedMs > 0 ? ((r.pages.loaded * 1000) / r.elapsedMs).toFixed(1) : '0';
  const lines = [
    `Batch ${r.batch}: ${r.aborted ? 'STOPPED before the end (run again to resume)' : r.status}`,
    `  issues: ${r.issues.loaded} loaded, ${r.issues.alreadyLoaded} already loaded, ${r.issues.skipped} skipped (of ${r.issues.total})`,
    `  pages:  ${r.pages.loaded} loaded (${r.pages.withImage} with image, ${r.pages.withoutImage} without), ${r.pages.skipped} skipped, ${r.pages.words} words`,
    `  titles: ${r.titles.map((t) => `${t.name} (${t.lccn}${t.source === 'lccn-only' ? ', no MARC record' : ''})`).join('; ') || '-'}`,
    `  time:   ${secs} s, ${rate} pages/s`,
  ];
  if (r.missingFiles.length) lines.push(`  missing files (${r.missingFiles.length}):`, ...r.missingFiles.slice(0, 20).map((p) => `    ${p}`));
  if (r.missingFiles.length > 20) lines.push(`    ... and ${r.missingFiles.length - 20} more`);
  if (r.skipped.length) lines.push(`  skipped (${r.skipped.length}):`, ...r.skipped.map((s) => `    ${s.path}: ${s.reason}`));
  if (r.warnings.length) lines.push(`  warnings (${r.warnings.length}):`, ...r.warnings.map((w) => `    ${w}`));
  return lines.join('\n');
}
