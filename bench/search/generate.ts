// Builds the benchmark corpus into a SQLite store (the project's own schema and FTS triggers).
// Usage: tsx bench/search/generate.ts [--pages 100000] [--words 2000] [--titles 40] [--dir /tmp/search-bench]
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createSqliteStore } from '../../server/store/sqlite';
import { corpusPages, corpusTitles, realWords, PAGE_HEIGHT, PAGE_WIDTH, type CorpusOptions, type CorpusPage } from './corpus';

export interface GenerateOptions extends CorpusOptions {
  dir: string;
  log?: (line: string) => void;
}

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** Generates the corpus into `${dir}/data/archive.sqlite`, replacing what was there. */
export async function generateSqliteCorpus(opts: GenerateOptions): Promise<{ seconds: number; pages: number; fileBytes: number }> {
  const log = opts.log ?? (() => {});
  const started = performance.now();
  const dataDir = join(opts.dir, 'data');
  if (existsSync(dataDir)) rmSync(dataDir, { recursive: true });
  mkdirSync(dataDir, { recursive: true });
  const store = createSqliteStore(dataDir);
  const db = store.db;
  const source = realWords();
  const titles = corpusTitles(opts);
  log(`${source.length} real OCR words, ${titles.length} titles`);
  const titleIds = new Map<string, number>();
  for (const t of titles) {
    titleIds.set(
      t.lccn,
      await store.ingest.upsertTitle({
        lccn: t.lccn,
        name: t.name,
        place: { country: t.country, state: t.state, city: t.city },
        startYear: t.startYear,
        endYear: t.endYear,
        source: 'demo',
      }),
    );
  }
  await store.sites.create({ slug: 'bench', name: 'Benchmark', isDefault: true, origins: ['http://127.0.0.1:8331'] });
  const batch = await store.ingest.beginBatch('bench', null);

  // Bulk load: plain prepared inserts, one transaction per 2,000 pages; the FTS triggers index as we go.
  db.pragma('synchronous = OFF');
  const insIssue = db.prepare('INSERT INTO issues (uid, title_id, batch_id, date_issued, year, edition) VALUES (?, ?, ?, ?, ?, 1)');
  const insPage = db.prepare(
    `INSERT INTO pages (uid, issue_id, title_id, sequence, number, date_issued, year, decade, width, height, ocr_text, word_count)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insWords = db.prepare('INSERT INTO page_words (page_id, words) VALUES (?, ?)');
  let issueId = 0;
  let lastIssue = '';
  let n = 0;
  let chunk: CorpusPage[] = [];
  const flush = db.transaction((pages: CorpusPage[]) => {
    for (const p of pages) {
      const titleId = titleIds.get(p.lccn)!;
      const issueUid = `${p.lccn}-${p.date}-ed1`;
      const year = Number(p.date.slice(0, 4));
      if (issueUid !== lastIssue) {
        issueId = Number(insIssue.run(issueUid, titleId, batch, p.date, year).lastInsertRowid);
        lastIssue = issueUid;
      }
      const pageId = Number(
        insPage.run(
          `${issueUid}-seq${p.sequence}`,
          issueId,
          titleId,
          p.sequence,
          String(p.sequence),
          p.date,
          year,
          Math.floor(year / 10) * 10,
          PAGE_WIDTH,
          PAGE_HEIGHT,
          p.text,
          opts.wordsPerPage,
        ).lastInsertRowid,
      );
      insWords.run(pageId, p.wordsJson);
    }
  });
  for (const page of corpusPages(opts, titles, source)) {
    chunk.push(page);
    if (chunk.length === 2000) {
      flush(chunk);
      n += chunk.length;
      chunk = [];
      log(`${n} pages, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  }
  flush(chunk);
  n += chunk.length;
  log(`${n} pages loaded; merging the index`);
  db.prepare("INSERT INTO pages_fts (pages_fts) VALUES ('optimize')").run();
  await store.ingest.finishBatch(batch, 'complete', { pages: n });
  db.pragma('wal_checkpoint(TRUNCATE)');
  await store.close();
  const fileBytes = statSync(join(dataDir, 'archive.sqlite')).size;
  return { seconds: (performance.now() - started) / 1000, pages: n, fileBytes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const opts: GenerateOptions = {
    dir: arg('dir', '/tmp/search-bench'),
    pages: Number(arg('pages', '100000')),
    wordsPerPage: Number(arg('words', '2000')),
    titles: Number(arg('titles', '40')),
    seed: Number(arg('seed', '1887')),
    log: (l) => console.log(l),
  };
  const r = await generateSqliteCorpus(opts);
  console.log(`generated ${r.pages} pages in ${r.seconds.toFixed(1)} s; file ${(r.fileBytes / 1e9).toFixed(2)} GB`);
}
