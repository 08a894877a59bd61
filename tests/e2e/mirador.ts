// Mirador 4, the IIIF viewer nobody here wrote, started on a bare page the test serves itself.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';

const MIRADOR_JS = resolve('node_modules/mirador/dist/mirador.min.js');

/** Opens Mirador on one manifest or Collection (at `origin`, the page's base URL by default); its page errors. */
export async function openMirador(page: Page, manifestId: string, opts: { origin?: string; sideBarOpen?: boolean; extraConfig?: string } = {}) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mirador</title></head>
<body style="margin:0"><div id="mirador" style="position:absolute;inset:0"></div>
<script src="/__mirador/mirador.min.js"></script>
<script>
  window.miradorInstance = Mirador.viewer({
    id: 'mirador',
    windows: [{ manifestId: ${JSON.stringify(manifestId)} }],
    window: { sideBarOpen: ${opts.sideBarOpen ?? false}, allowClose: false },
    workspaceControlPanel: { enabled: false },${opts.extraConfig ?? ''}
  });
</script></body></html>`;
  await page.route('**/__mirador/index.html', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  await page.route('**/__mirador/mirador.min.js', (route) => route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: readFileSync(MIRADOR_JS) }));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${opts.origin ?? ''}/__mirador/index.html`);
  return errors;
}

/** Mirador's dialog listing a Collection's manifests: the window offers "Show collection", or has opened it itself. */
export async function openCollectionDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  const show = page.getByRole('button', { name: 'Show collection' });
  await expect(show.or(dialog).first()).toBeVisible({ timeout: 30_000 });
  if (!(await dialog.isVisible())) await show.first().click();
  return dialog;
}
