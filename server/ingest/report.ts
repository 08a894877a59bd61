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
  pages: { loaded: number; withImage: number; withoutImage: number; withoutText: number; skipped: number; words: number };
  titles: { lccn: string; name: string; source: 'marc' | 'lccn-only' | 'existing' }[];
  /** Files the METS names that are not in the batch, relative to the batch folder (TIFF masters are never used and not listed). */
  missingFiles: string[];
  /** Issues, pages and files left out, each with its path and why. */
  skipped: { path: string; reason: string }[];
  warnings: string[];
  /**
   * Pages loaded without text because their ALTO file is missing or unreadable: searchable once the file is
   * fixed and the batch is loaded again (only these issues are loaded again; the rest count as loaded).
   */
  withoutText: TextlessPage[];
  /** Per issue uid: [pages, with image, without image, words]; lets reruns add up to a whole-batch report. */
  issueStats: Record<string, [number, number, number, number]>;
}

export interface TextlessPage {
  /** The issue's uid (what a rerun loads again). */
  issue: string;
  /** "<issue folder> page <sequence>", relative to the batch folder. */
  path: string;
  reason: string;
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
    pages: { loaded: 0, withImage: 0, withoutImage: 0, withoutText: 0, skipped: 0, words: 0 },
    titles: [],
    missingFiles: [],
    skipped: [],
    warnings: [],
    withoutText: [],
    issueStats: {},
  };
}

/** A few readable lines for a terminal. */
export function formatReport(r: IngestReport): string {
  const secs = (r.elapsedMs / 1000).toFixed(1);
  const rate = r.elapsedMs > 0 ? ((r.pages.loaded * 1000) / r.elapsedMs).toFixed(1) : '0';
  const lines = [
    `Batch ${r.batch}: ${r.aborted ? 'STOPPED before the end (run again to resume)' : r.status}`,
    `  issues: ${r.issues.loaded} loaded, ${r.issues.alreadyLoaded} already loaded, ${r.issues.skipped} skipped (of ${r.issues.total})`,
    `  pages:  ${r.pages.loaded} loaded (${r.pages.withImage} with image, ${r.pages.withoutImage} without), ${r.pages.withoutText} loaded without text, ${r.pages.skipped} skipped, ${r.pages.words} words`,
    `  titles: ${r.titles.map((t) => `${t.name} (${t.lccn}${t.source === 'lccn-only' ? ', no MARC record' : ''})`).join('; ') || '-'}`,
    `  time:   ${secs} s, ${rate} pages/s`,
  ];
  if (r.missingFiles.length) lines.push(`  missing files (${r.missingFiles.length}):`, ...r.missingFiles.slice(0, 20).map((p) => `    ${p}`));
  if (r.missingFiles.length > 20) lines.push(`    ... and ${r.missingFiles.length - 20} more`);
  if (r.withoutText.length) {
    lines.push(
      `  loaded without text (${r.withoutText.length}): fix the ALTO file and load the batch again`,
      ...r.withoutText.map((p) => `    ${p.path}: ${p.reason}`),
    );
  }
  if (r.skipped.length) lines.push(`  skipped (${r.skipped.length}):`, ...r.skipped.map((s) => `    ${s.path}: ${s.reason}`));
  if (r.warnings.length) lines.push(`  warnings (${r.warnings.length}):`, ...r.warnings.map((w) => `    ${w}`));
  return lines.join('\n');
}

const isReport = (r: unknown): r is IngestReport =>
  !!r && typeof r === 'object' && typeof (r as IngestReport).issues === 'object' && Array.isArray((r as IngestReport).skipped);

/** Issues an earlier run loaded without text for some page: a rerun loads these again. */
export function issuesToRetry(saved: unknown): Set<string> {
  return new Set(isReport(saved) ? (saved.withoutText ?? []).map((p) => p.issue) : []);
}

/**
 * The report saved with the batch: the whole batch, not only the last run. Entries of the earlier report
 * about issues this run handled again (their folders) are replaced by this run's; the rest are kept.
 */
export function wholeBatchReport(saved: unknown, run: IngestReport, handledDirs: Set<string>): IngestReport {
  if (!isReport(saved)) return run;
  const handled = (path: string) => [...handledDirs].some((d) => path === d || path.startsWith(`${d}/`) || path.startsWith(`${d} `));
  const keep = <T>(items: T[] | undefined, path: (t: T) => string) => (items ?? []).filter((t) => !handled(path(t)));
  const issueStats = { ...(saved.issueStats ?? {}), ...run.issueStats };
  const stats = Object.values(issueStats);
  const sum = (i: number) => stats.reduce((n, s) => n + s[i], 0);
  const withoutText = [...keep(saved.withoutText, (p) => p.path), ...run.withoutText];
  return {
    ...run,
    startedAt: saved.startedAt < run.startedAt ? saved.startedAt : run.startedAt,
    elapsedMs: (saved.elapsedMs ?? 0) + run.elapsedMs,
    issues: { total: run.issues.total, loaded: stats.length, alreadyLoaded: 0, skipped: run.issues.skipped },
    pages: {
      loaded: sum(0),
      withImage: sum(1),
      withoutImage: sum(2),
      withoutText: withoutText.length,
      skipped: run.pages.skipped + keep(saved.skipped, (s) => s.path).filter((s) => / page \d+$/.test(s.path)).length,
      words: sum(3),
    },
    titles: [...new Map([...saved.titles, ...run.titles].map((t) => [t.lccn, t])).values()],
    missingFiles: [...new Set([...keep(saved.missingFiles, (p) => p), ...run.missingFiles])].sort(),
    skipped: [...keep(saved.skipped, (s) => s.path), ...run.skipped],
    warnings: [...new Set([...saved.warnings.filter((w) => ![...handledDirs].some((d) => w.includes(d))), ...run.warnings])],
    withoutText,
    issueStats,
  };
}
