// Query parameters of the Home endpoints (spec 7.2), validated with zod. Bad input is a 400 with a
// message the developer of a client can act on; parameters we do not know are ignored.
import { z } from 'zod';
import { badRequest } from '../errors';

export const MISSING_URL = "Missing 'url' parameter (the page's origin)";
export const MAX_LIST_ITEMS = 500;

const once = (name: string) => `'${name}' must be given once`;

/** `url`: the page's origin (a full http(s) URL is accepted and reduced to its origin). */
const originParam = z
  .string({ error: (iss) => (iss.input === undefined ? MISSING_URL : once('url')) })
  .refine((v) => v !== '', MISSING_URL)
  .refine((v) => v.length <= 2048, "'url' is too long (at most 2048 characters)")
  .transform((v, ctx) => {
    let parsed: URL | undefined;
    try {
      parsed = new URL(v.trim());
    } catch {
      /* reported below */
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.host) {
      ctx.addIssue({ code: 'custom', message: "'url' must be the page's origin, like https://example.org" });
      return z.NEVER;
    }
    return parsed.origin.toLowerCase();
  });

/** A comma list of non-negative integers; `stripSuffix` keeps only what precedes a '-' (decade ids). */
const idList = (name: string, stripSuffix = false) =>
  z
    .string({ error: () => once(name) })
    .max(MAX_LIST_ITEMS * 12, `'${name}' is too long (at most ${MAX_LIST_ITEMS} items)`)
    .optional()
    .transform((v, ctx) => {
      const parts = (v ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== '');
      if (parts.length > MAX_LIST_ITEMS) {
        ctx.addIssue({ code: 'custom', message: `'${name}' has too many items (at most ${MAX_LIST_ITEMS})` });
        return z.NEVER;
      }
      const ids = new Set<number>();
      for (const part of parts) {
        const value = stripSuffix ? part.split('-')[0].trim() : part;
        if (!/^\d{1,9}$/.test(value)) {
          ctx.addIssue({ code: 'custom', message: `'${name}' must be a comma-separated list of numbers; '${part.slice(0, 40)}' is not` });
          return z.NEVER;
        }
        ids.add(Number(value));
      }
      return [...ids].sort((a, b) => a - b);
    });

export const siteQuerySchema = z.object({ url: originParam });

export const titleDecadeQuerySchema = z.object({
  url: originParam,
  titleIds: idList('titleIds'),
  decades: idList('decades', true).transform((ds) => [...new Set(ds.map((d) => Math.floor(d / 10) * 10))]),
  collectionIds: idList('collectionIds'),
  solrType: z
    .string({ error: () => once('solrType') })
    .max(16, "'solrType' is too long")
    .regex(/^[A-Za-z0-9_]*$/, "'solrType' must be a short code like 4")
    .optional()
    .transform((v) => v || undefined),
});

/** Parses with a zod schema; the first problem becomes a 400 with its message alone. */
export function parseQuery<T extends z.ZodType>(schema: T, query: unknown): z.output<T> {
  const r = schema.safeParse(query ?? {});
  if (!r.success) throw badRequest(r.error.issues[0]?.message ?? 'Invalid query parameters');
  return r.data;
}
