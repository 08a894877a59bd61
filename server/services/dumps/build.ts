// A batch's bulk-data dump: its OCR as plain text per page and its ALTO files, each a tar.gz streamed to
// disk (tar-stream + zlib), with a SHA-256 manifest of the members inside each archive and one of the
// archives beside them, so a harvester can check what it mirrored. Built under a temporary folder and
// renamed into place: a reader never sees half a dump.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack as tarPack, type Pack } from 'tar-stream';
import { safeName } from '../../ingest/paths';
import type { BatchToDump, DumpFile, DumpPage, Store } from '../../store/types';

/** Pages read from the store at a time: bounds memory whatever the batch's size. */
const PAGE_STEP = 200;

export const dumpsRoot = (dataDir: string) => join(dataDir, 'dumps');
/** Folder of one batch's dump files. */
export const dumpDir = (dataDir: string, batch: string) => join(dumpsRoot(dataDir), safeName(batch));

/** The archives' names: stable per batch, so a mirror's paths stay put when a batch is loaded again. */
export const dumpFileNames = (batch: string) => ({
  text: `${safeName(batch)}-ocr-text.tar.gz`,
  alto: `${safeName(batch)}-alto.tar.gz`,
  manifest: 'manifest-sha256.txt',
});

/** A page's path inside the archives: <lccn>/<date>/ed-<n>/seq-<n>. */
const pagePath = (p: DumpPage) => `${safeName(p.lccn)}/${p.dateIssued}/ed-${p.edition}/seq-${p.sequence}`;

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** BagIt's manifest form: "<sha256>  <path>" a line. */
const manifestText = (lines: [string, string][]) => lines.map(([sum, path]) => `${sum}  ${path}\n`).join('');

/** A tar.gz written as entries are added; entries wait for the archive to take them (backpressure). */
class TarGzWriter {
  private readonly pack: Pack = tarPack();
  private readonly done: Promise<void>;
  private readonly sums: [string, string][] = [];

  constructor(
    file: string,
    private readonly root: string,
  ) {
    this.done = pipeline(this.pack, createGzip({ level: 6 }), createWriteStream(file));
  }

  async add(name: string, data: Buffer) {
    this.sums.push([sha256(data), name]);
    await new Promise<void>((ok, fail) =>
      this.pack.entry({ name: `${this.root}/${name}`, size: data.length, mtime: new Date(0) }, data, (e) => (e ? fail(e) : ok())),
    );
  }

  /** Adds the members' manifest, ends the archive and waits for the file. */
  async close() {
    const manifest = Buffer.from(manifestText(this.sums));
    await new Promise<void>((ok, fail) =>
      this.pack.entry({ name: `${this.root}/manifest-sha256.txt`, size: manifest.length, mtime: new Date(0) }, manifest, (e) => (e ? fail(e) : ok())),
    );
    this.pack.finalize();
    await this.done;
  }
}

/** Reads a file under DATA_DIR; null when it is missing or the path leaves DATA_DIR. */
async function readInside(dataDir: string, rel: string): Promise<Buffer | null> {
  const root = resolve(dataDir);
  const path = resolve(root, rel);
  if (path !== root && !path.startsWith(root + sep)) return null;
  return readFile(path).catch(() => null);
}

export interface BuiltDump {
  batch: string;
  files: DumpFile[];
  pages: number;
  altoMissing: number;
}

/** Builds (or rebuilds) one batch's dump and records it in the store. */
export async function buildBatchDump(store: Store, dataDir: string, batch: BatchToDump, signal?: AbortSignal): Promise<BuiltDump> {
  const names = dumpFileNames(batch.name);
  const final = dumpDir(dataDir, batch.name);
  const tmp = `${final}.part-${randomBytes(4).toString('hex')}`;
  await mkdir(tmp, { recursive: true });
  try {
    const root = safeName(batch.name);
    const text = new TarGzWriter(join(tmp, names.text), `${root}/text`);
    const alto = new TarGzWriter(join(tmp, names.alto), `${root}/alto`);
    let pages = 0;
    let altoMissing = 0;
    for (let after = 0; ;) {
      if (signal?.aborted) throw new Error('Dump build stopped');
      const step = await store.dumps.batchPages(batch.id, after, PAGE_STEP);
      if (!step.length) break;
      for (const p of step) {
        await text.add(`${pagePath(p)}.txt`, Buffer.from(p.ocrText, 'utf8'));
        const xml = p.altoPath ? await readInside(dataDir, p.altoPath) : null;
        if (xml) await alto.add(`${pagePath(p)}.xml`, xml);
        else altoMissing++;
        pages++;
      }
      after = step[step.length - 1].id;
    }
    await Promise.all([text.close(), alto.close()]);
    const files: DumpFile[] = [];
    for (const [kind, name] of [
      ['text', names.text],
      ['alto', names.alto],
    ] as const) {
      const path = join(tmp, name);
      // A batch without ALTO (text-only or demo pages) offers no empty ALTO archive.
      if (kind === 'alto' && altoMissing === pages) {
        await rm(path, { force: true });
        continue;
      }
      files.push({ name, kind, bytes: (await stat(path)).size, sha256: await fileSha256(path) });
    }
    const manifest = manifestText(files.map((f) => [f.sha256, f.name]));
    await writeFile(join(tmp, names.manifest), manifest);
    files.push({ name: names.manifest, kind: 'manifest', bytes: Buffer.byteLength(manifest), sha256: sha256(manifest) });
    // Into place: the old dump (if any) goes only once the new one is whole.
    if (existsSync(final)) await rm(final, { recursive: true, force: true });
    await rename(tmp, final);
    const summary = await store.dumps.batchSummary(batch.id);
    await store.dumps.saveDump({ batchId: batch.id, builtFrom: batch.finishedAt, builtAt: new Date().toISOString(), ...summary, files });
    return { batch: batch.name, files, pages, altoMissing };
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
}

/** Removes a batch's dump files (its row goes with the batch's row). */
export async function removeBatchDump(dataDir: string, batch: string): Promise<void> {
  await rm(dumpDir(dataDir, batch), { recursive: true, force: true });
}
