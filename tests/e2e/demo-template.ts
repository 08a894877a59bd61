// The demo archive a browser-test server starts from: make-demo-template.ts generates it once per run (the
// webServer command of playwright.config), and each server's data folder begins as a copy of it, so every spec
// that starts a server of its own gets the same fresh archive in a fraction of a second.
import { cpSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Written last: a template without it was interrupted and is not copied. */
export const TEMPLATE_DONE = '.template-complete';

/** The template of the run using `port` (E2E_PORT), so runs on other ports do not share or remove it. */
export const demoTemplateDir = (port = Number(process.env.E2E_PORT ?? 8181)) => resolve(import.meta.dirname, `../../.tmp/e2e-demo-template-${port}`);

/**
 * Fills a new data folder with the run's demo archive. Does nothing when the folder already holds an archive
 * (a server restarted within a spec keeps its data) or when there is no template (the server then generates it).
 */
export function seedFromDemoTemplate(dataDir: string, template = demoTemplateDir()): void {
  if (existsSync(join(dataDir, 'archive.sqlite')) || !existsSync(join(template, TEMPLATE_DONE))) return;
  cpSync(template, dataDir, { recursive: true, filter: (src) => !src.endsWith(TEMPLATE_DONE) });
}
