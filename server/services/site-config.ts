// A site's configuration as the Home API serves it: stored sections laid over the defaults field by field.
// A stored field that no longer passes its schema (older data, a hand edit) falls back to the default
// instead of breaking the page; arrays keep their valid items.
import { z } from 'zod';
import type { Store } from '../store';
import type { SiteRow } from '../store/types';
import { defaultSections } from '../sites/defaults';
import { POLICY_SLUGS, sectionSchemas } from '../sites/schema';
import type { SiteSections } from '../sites/sections';

function mergeValue(schema: z.ZodType, fallback: unknown, stored: unknown): unknown {
  if (stored === undefined) return fallback;
  if (schema instanceof z.ZodObject && isPlainObject(stored) && isPlainObject(fallback)) {
    return mergeObject(schema, fallback, stored);
  }
  if (schema instanceof z.ZodArray && Array.isArray(stored)) {
    const whole = schema.safeParse(stored);
    if (whole.success) return whole.data;
    const element = schema.element as z.ZodType;
    const valid = stored.flatMap((item) => {
      const r = element.safeParse(item);
      return r.success ? [r.data] : [];
    });
    return schema.safeParse(valid).success ? valid : fallback;
  }
  const r = schema.safeParse(stored);
  return r.success ? r.data : fallback;
}

function mergeObject(schema: z.ZodObject, fallback: Record<string, unknown>, stored: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [key, dflt] of Object.entries(fallback)) {
    const fieldSchema = schema.shape[key] as z.ZodType | undefined;
    out[key] = fieldSchema ? mergeValue(fieldSchema, dflt, stored[key]) : dflt;
  }
  return out;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Lays stored section documents over the defaults for a site named `siteName`. */
export function mergeSections(siteName: string, stored: Partial<Record<keyof SiteSections, unknown>>): SiteSections {
  const d = defaultSections(siteName);
  const obj = <K extends 'settings' | 'menus' | 'home' | 'banner' | 'pageContent' | 'ads' | 'kiosk'>(k: K): SiteSections[K] =>
    (isPlainObject(stored[k]) ? mergeObject(sectionSchemas[k], d[k] as unknown as Record<string, unknown>, stored[k]) : d[k]) as SiteSections[K];

  let pwa: SiteSections['pwa'] = d.pwa;
  if (stored.pwa === null)
    pwa = null; // explicitly switched off: the install button is hidden (spec 4.9)
  else if (isPlainObject(stored.pwa) && d.pwa) {
    pwa = mergeObject(sectionSchemas.pwa.unwrap(), d.pwa as unknown as Record<string, unknown>, stored.pwa) as SiteSections['pwa'];
  }

  const policies: SiteSections['policies'] = { ...d.policies };
  if (isPlainObject(stored.policies)) {
    for (const slug of POLICY_SLUGS) {
      const v = stored.policies[slug];
      if (typeof v === 'string' && v.trim() !== '' && v.length <= 100_000) policies[slug] = v;
    }
  }

  return {
    settings: obj('settings'),
    menus: obj('menus'),
    home: obj('home'),
    banner: obj('banner'),
    pageContent: obj('pageContent'),
    ads: obj('ads'),
    pwa,
    policies,
    kiosk: obj('kiosk'),
  };
}

/** The site's merged configuration, read from the store. */
export async function loadSiteSections(store: Store, site: SiteRow): Promise<SiteSections> {
  const stored = (await store.sites.getSections(site.id)) as Partial<Record<keyof SiteSections, unknown>>;
  return mergeSections(site.name, stored);
}
