// Bulk data (issue #37): per batch, a dump of its OCR (plain text per page and the ALTO) with a SHA-256
// manifest, built in the background after ingest (server/services/dumps/) and listed at /data/batches.

export interface DumpFile {
  /** File name under DATA_DIR/dumps/<batch>/. */
  name: string;
  kind: 'text' | 'alto' | 'manifest';
  bytes: number;
  sha256: string;
}

export interface DumpTitle {
  id: number;
  lccn: string;
  name: string;
}

export interface DumpRow {
  batchId: number;
  batch: string;
  /** The batch's finished_at the dump was built from. */
  builtFrom: string;
  builtAt: string;
  issues: number;
  pages: number;
  dateFirst: string | null;
  dateLast: string | null;
  titles: DumpTitle[];
  files: DumpFile[];
}

/** A batch whose dump is missing or older than its last load. */
export interface BatchToDump {
  id: number;
  name: string;
  finishedAt: string;
}

/** One page of a batch as the dump writes it. */
export interface DumpPage {
  id: number;
  uid: string;
  lccn: string;
  dateIssued: string;
  edition: number;
  sequence: number;
  altoPath: string | null;
  ocrText: string;
}

export type DumpSummary = Pick<DumpRow, 'issues' | 'pages' | 'dateFirst' | 'dateLast' | 'titles'>;

export interface DumpsRepo {
  /** Complete batches with no dump, or a dump built before their last load; oldest first. */
  batchesToDump(): Promise<BatchToDump[]>;
  /** A batch's counts, date range and titles. */
  batchSummary(batchId: number): Promise<DumpSummary>;
  /** Up to `limit` pages of a batch after page id `afterId`, in id order (keyset steps: bounded memory). */
  batchPages(batchId: number, afterId: number, limit: number): Promise<DumpPage[]>;
  /** Records (or replaces) a batch's dump. */
  saveDump(row: Omit<DumpRow, 'batch'>): Promise<void>;
  /** Every dump, newest build first. */
  listDumps(): Promise<DumpRow[]>;
  dump(batch: string): Promise<DumpRow | null>;
  /**
   * Runs `build` while holding the dump builders' lock, or answers null at once when another server holds it
   * (PostgreSQL: several servers share DATA_DIR and the table; one builds, the others find the dump done).
   */
  whileBuilding<T>(build: () => Promise<T>): Promise<T | null>;
}
