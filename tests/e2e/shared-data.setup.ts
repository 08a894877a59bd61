// Loads what several specs read from the shared server (a real NDNP batch, an audio item) before they run, so no
// two specs load it at once and no spec sees the archive change under it.
import { test as setup } from '@playwright/test';
import { ensureIngested } from './viewer-helpers';

setup('the shared NDNP batch and audio item are loaded', async ({ request }) => {
  setup.setTimeout(360_000);
  await ensureIngested(request);
});
