// `npm run ingest -- <batch dir> [--marc <dir>] [--site <slug>] [--no-images]`
// `npm run ingest -- <audio item dir>`          (a folder with item.json)
// `npm run ingest -- --purge <batch name>`
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import cliProgress from 'cli-progress';
import { loadConfig } from '../config';
import { openStore } from '../store';
import { setSqliteBusyTimeout } from '../store/sqlite/db';

import type { SiteRow, Store } from '../store/types';
import { ingestAudio, isAudioItem } from './audio';
import { ingestBatch, purgeBatch } from './ingest-batch';
import { formatReport } from './report';

/** A server running on the same archive can hold the write lock for seconds; the load waits for it. */
const INGEST_BUSY_TIMEOUT_MS = 120_000;

const USAGE = `Usage:
  npm run ingest -- <batch dir> [--marc <marc dir>] [--site <site slug>] [--no-images]
  npm run ingest -- <audio item dir> [--marc <marc dir>]
  npm run ingest -- --purge <batch name>
Data goes to DATA_DIR (default ./data).`;

interface Args {
  dir?: string;
  marc?: string;
  site?: string;
  purge?: string;
  images: boolean;
  json?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { images: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (!v || v.startsWith('--')) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--marc') args.marc = value();
    else if (a === '--site') args.site = value();
    else if (a === '--purge') args.purge = value();
    else if (a === '--report-json') args.json = value();
    else if (a === '--no-images') args.images = false;
    else if (a === '--help' || a === '-h') throw new Error('');
    else if (a.startsWith('--')) throw new Error(`Unknown option ${a}`);
    else if (!args.dir) args.dir = a;
    else throw new Error(`Unexpected argument ${a}`);
  }
  if (!args.dir && !args.purge) throw new Error('Give a batch folder, an audio item folder or --purge <batch name>');
  return args;
}

/** The site named by --site, checked before anything loads: a typo must not leave a batch loaded nowhere. */
export async function findSiteBySlug(store: Store, slug: string): Promise<SiteRow> {
  const sites = await store.sites.list();
  const site = sites.find((s) => s.slug === slug);
  if (!site) throw new Error(`No site with slug '${slug}'. Sites: ${sites.map((s) => s.slug).join(', ') || 'none yet'}. Nothing was loaded.`);
  return site;
}

/** Adds the titles to a site's collection (a site with an empty collection already shows every title). */
async function addToSite(store: Store, site: SiteRow, lccns: string[]) {
  const slug = site.slug;
  const ids = await store.sites.getTitleIds(site.id);
  if (ids.length === 0) return `Site '${slug}' shows every title already`;
  const add: number[] = [];
  for (const l of lccns) {
    const id = await store.ingest.titleIdByLccn(l);
    if (id !== null && !ids.includes(id)) add.push(id);
  }
  await store.sites.setTitleIds(site.id, [...ids, ...add]);
  return `Added ${add.length} title(s) to site '${slug}'`;
}

async function main() {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    const msg = (err as Error).message;
    console.error(msg ? `${msg}\n\n${USAGE}` : USAGE);
    process.exit(msg ? 2 : 0);
  }
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  setSqliteBusyTimeout(INGEST_BUSY_TIMEOUT_MS);
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    if (args.purge) {
      const r = await purgeBatch(store, config.dataDir, args.purge);
      if (!r) {
        console.error(`No batch named '${args.purge}'`);
        process.exitCode = 1;
      } else console.log(`Purged batch ${args.purge}: ${r.issues} issues, ${r.pages} pages removed`);
      return;
    }
    const dir = resolve(args.dir!);
    const site = args.site ? await findSiteBySlug(store, args.site) : null;
    if (isAudioItem(dir)) {
      const r = await ingestAudio(store, config.dataDir, dir, { marcDir: args.marc });
      console.log(`Audio item ${r.uid}: ${r.cues} transcript cues, ${r.duration?.toFixed(1) ?? '?'} s`);
      for (const w of r.warnings) console.log(`  warning: ${w}`);
      return;
    }
    const controller = new AbortController();
    process.once('SIGINT', () => {
      console.error('\nStopping after the issues in progress (run again to resume)...');
      controller.abort();
    });
    const started = Date.now();
    const bar = new cliProgress.SingleBar(
      {
        format: ' {bar} {percentage}% | issues {value}/{total} | pages {pages} | {duration_formatted} | {rate} pages/s',
        hideCursor: true,
        noTTYOutput: true,
        notTTYSchedule: 5000,
      },
      cliProgress.Presets.shades_classic,
    );
    let barStarted = false;
    const report = await ingestBatch(store, config.dataDir, dir, {
      marcDir: args.marc,
      images: args.images,
      signal: controller.signal,
      onProgress: (p) => {
        const rate = ((p.pagesDone * 1000) / Math.max(1, Date.now() - started)).toFixed(1);
        if (!barStarted) {
          bar.start(p.issuesTotal, p.issuesDone, { pages: p.pagesDone, rate });
          barStarted = true;
        } else bar.update(p.issuesDone, { pages: p.pagesDone, rate });
      },
    });
    if (barStarted) bar.stop();
    console.log(formatReport(report));
    if (args.json) writeFileSync(args.json, JSON.stringify(report, null, 2));
    if (site)
      console.log(
        await addToSite(
          store,
          site,
          report.titles.map((t) => t.lccn),
        ),
      );
    if (report.aborted) process.exitCode = 130;
  } finally {
    await store.close();
  }
}

main().catch((err) => {
  console.error(`Ingest failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
