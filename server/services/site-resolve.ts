// Which site a request is for: the one whose origin (or bare host) matches `url`, else the default site.
import type { Store } from '../store';
import type { SiteRow } from '../store/types';

/** Stands in when no site is configured at all (a store before the demo or the admin created one). */
const UNCONFIGURED: SiteRow = { id: 0, slug: 'default', name: 'Historic Newspaper Archive', isDefault: true, origins: [], updatedAt: '' };

export async function resolveSite(store: Store, origin: string): Promise<SiteRow> {
  const found = await store.sites.findByOrigin(origin);
  if (found) return found;
  try {
    return await store.sites.getDefault();
  } catch (err) {
    if ((await store.sites.list()).length === 0) return UNCONFIGURED;
    throw err;
  }
}
