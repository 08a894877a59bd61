import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { asArray, BadXmlError, parseSmallXml, textOf, type XmlNode } from './xml';

export interface BatchIssueRef {
  lccn: string;
  date: string; // YYYY-MM-DD
  edition: number;
  href: string; // as written, relative to the batch file's folder
}

export interface BatchFile {
  path: string; // absolute path of the batch XML that was read
  dataDir: string; // folder the hrefs are relative to
  name: string | null; // the name attribute
  issues: BatchIssueRef[];
  reels: { number: string; href: string }[];
  warnings: string[];
}

/** Candidate batch files, best first: NDNP batches carry batch_1.xml (validated copy) and batch.xml. */
function candidates(batchDir: string): string[] {
  const out: string[] = [];
  for (const dir of [join(batchDir, 'data'), batchDir]) {
    for (const file of ['batch_1.xml', 'batch.xml']) if (existsSync(join(dir, file))) out.push(join(dir, file));
  }
  return out;
}

/** Reads the batch's issue list, falling back to the other batch file when one is malformed. */
export function readBatchFile(batchDir: string): BatchFile {
  const files = candidates(batchDir);
  if (files.length === 0) throw new Error(`No batch.xml or batch_1.xml found in ${batchDir} (or its data/ folder)`);
  const warnings: string[] = [];
  for (const path of files) {
    try {
      const doc = parseSmallXml(readFileSync(path, 'utf8'), path, ['issue', 'reel']);
      const batch = doc.batch as XmlNode | undefined;
      if (!batch || typeof batch !== 'object') throw new BadXmlError(path, 'no <batch> root element');
      const issues: BatchIssueRef[] = [];
      for (const node of asArray(batch.issue as XmlNode | XmlNode[])) {
        const lccn = String(node['@lccn'] ?? '').trim();
        const date = String(node['@issueDate'] ?? '').trim();
        const edition = Number.parseInt(String(node['@editionOrder'] ?? '1'), 10) || 1;
        const href = textOf(node);
        if (!lccn || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !href) {
          warnings.push(`${path}: an <issue> entry without lccn, issueDate or path was ignored`);
          continue;
        }
        issues.push({ lccn, date, edition, href });
      }
      const reels = asArray(batch.reel as XmlNode | XmlNode[]).map((r) => ({ number: String(r['@reelNumber'] ?? ''), href: textOf(r) }));
      return { path, dataDir: dirname(path), name: (batch['@name'] as string | undefined) ?? null, issues, reels, warnings };
    } catch (err) {
      warnings.push(err instanceof Error ? err.message : String(err));
    }
  }
  throw new Error(`No readable batch file in ${batchDir}: ${warnings.join('; ')}`);
}
