// Generates the demo archive once per browser-test run into the folder named first on the command line, then
// seeds the shared server's data folder (the second) from it: playwright.config runs it before that server starts. Every server of the run starts from a copy of it (demo-template.ts)
// instead of generating the same seeded archive again, which costs seconds of CPU each time.
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureDemoArchive } from '../../server/demo';
import { openStore } from '../../server/store';
import { TEMPLATE_DONE, seedFromDemoTemplate } from './demo-template';

const dir = resolve(process.argv[2] ?? '');
if (!process.argv[2]) throw new Error('usage: tsx tests/e2e/make-demo-template.ts <template folder> [data folder]');
rmSync(dir, { recursive: true, force: true });
const store = await openStore({ dataDir: dir });
await ensureDemoArchive(store, dir, (line) => console.log(line));
await store.close();
writeFileSync(join(dir, TEMPLATE_DONE), '');
if (process.argv[3]) seedFromDemoTemplate(resolve(process.argv[3]), dir);
