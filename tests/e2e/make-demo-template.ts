// Generates the demo archive once per browser-test run into the folder named first on the command line, then
// seeds the shared server's data folder (the second) from it: playwright.config runs it before that server starts. Every server of the run starts from a copy of it (demo-template.ts)
// instead of generating the same seeded archive again, which costs seconds of CPU each time.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureDemoArchive } from '../../server/demo';
import { openStore } from '../../server/store';
import { TEMPLATE_DONE, seedFromDemoTemplate } from './demo-template';

// --reuse: a second server of the same run copies the template the first one made, when it is complete.
const args = process.argv.slice(2);
const reuse = args[0] === '--reuse';
if (reuse) args.shift();
if (!args[0]) throw new Error('usage: tsx tests/e2e/make-demo-template.ts [--reuse] <template folder> [data folder]');
const dir = resolve(args[0]);
if (!reuse || !existsSync(join(dir, TEMPLATE_DONE))) {
  rmSync(dir, { recursive: true, force: true });
  const store = await openStore({ dataDir: dir });
  await ensureDemoArchive(store, dir, (line) => console.log(line));
  await store.close();
  writeFileSync(join(dir, TEMPLATE_DONE), '');
}
if (args[1]) seedFromDemoTemplate(resolve(args[1]), dir);
