// Test helpers for the ingest suites: the shared real corpus, and small editable copies of its batches.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** ../shared/corpus relative to the repository root. */
export const CORPUS = fileURLToPath(new URL('../../../shared/corpus', import.meta.url));
export const NDNP = join(CORPUS, 'ndnp');
export const MARC = join(NDNP, 'marc');
export const STAR_BATCH = join(NDNP, 'batch_dlc_manyyears_ver01');
export const BEE_BATCH = join(NDNP, 'batch_nbu_manyissues_ver01');
export const AUDIO_ITEM = join(CORPUS, 'audio/omaha-bee-1887-03-03');

export const tempDir = (label: string) => mkdtempSync(join(tmpdir(), `ingest-${label}-`));

export interface BatchCopy {
  dir: string; // the batch folder (name = its last segment)
  /** Issue folders of the copy, in batch-file order, absolute. */
  issueDirs: string[];
  /** METS files of the copy, in batch-file order, absolute. */
  metsFiles: string[];
}

/**
 * Copies the first `issues` issues of a real batch (batch_1.xml rewritten to list only them) into a new
 * temp folder named `name`, so a test can break files without touching the shared corpus.
 */
export function copyBatch(src: string, name: string, issues: number): BatchCopy {
  const dir = join(tempDir('copy'), name);
  const data = join(dir, 'data');
  mkdirSync(data, { recursive: true });
  const xml = readFileSync(join(src, 'data/batch_1.xml'), 'utf8');
  const entries = [...xml.matchAll(/<ndnp:issue [^>]*>([^<]+)<\/ndnp:issue>/g)].slice(0, issues);
  const kept = xml
    .replace(/\s*<ndnp:(issue|reel) [^>]*>[^<]+<\/ndnp:(issue|reel)>/g, '')
    .replace('</ndnp:batch>', `${entries.map((m) => `    ${m[0]}`).join('\n')}\n</ndnp:batch>`);
  writeFileSync(join(data, 'batch_1.xml'), kept);
  const metsFiles: string[] = [];
  for (const m of entries) {
    const rel = m[1].trim();
    cpSync(join(src, 'data', dirname(rel)), join(data, dirname(rel)), { recursive: true });
    metsFiles.push(join(data, rel));
  }
  return { dir, issueDirs: metsFiles.map((f) => dirname(f)), metsFiles };
}
