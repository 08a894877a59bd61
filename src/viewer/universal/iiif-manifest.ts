// Reads a IIIF Presentation 3 manifest and a Content Search 2 response into what the light IIIF viewer
// needs. Tolerant: unknown properties are ignored, missing ones become null.
import type { Box } from '../../../contract/viewer';

type LangMap = Record<string, string[]> | undefined;
export const langText = (m: LangMap, fallback = ''): string => {
  if (!m || typeof m !== 'object') return fallback;
  const values = m.en ?? m.none ?? Object.values(m)[0];
  return Array.isArray(values) && values.length ? values.join(' ') : fallback;
};

export interface IiifCanvas {
  id: string;
  label: string;
  width: number;
  height: number;
  /** Image Service base (info.json is below it), or null. */
  service: string | null;
  image: string | null;
  rendering: { id: string; label: string; format: string }[];
  seeAlso: { id: string; label: string; format: string }[];
}

export interface IiifManifest {
  id: string;
  label: string;
  summary: string;
  metadata: { label: string; value: string }[];
  canvases: IiifCanvas[];
  searchService: string | null;
}

interface Resource {
  id?: string;
  type?: string;
  label?: LangMap;
  format?: string;
  service?: Resource[] | Resource;
  profile?: string;
  items?: Resource[];
  body?: Resource | Resource[];
  width?: number;
  height?: number;
}

const asArray = <T>(v: T | T[] | undefined): T[] => (Array.isArray(v) ? v : v ? [v] : []);
const links = (v: Resource[] | undefined) =>
  asArray(v).map((r) => ({ id: String(r.id ?? ''), label: langText(r.label, String(r.format ?? 'File')), format: String(r.format ?? '') }));

export function parseManifest(json: unknown): IiifManifest {
  const m = json as Resource & {
    metadata?: { label: LangMap; value: LangMap }[];
    summary?: LangMap;
    service?: Resource[];
    rendering?: Resource[];
    seeAlso?: Resource[];
  };
  if (!m || m.type !== 'Manifest' || !Array.isArray(m.items)) throw new Error('This is not a IIIF Presentation 3 manifest.');
  const canvases = m.items
    .filter((c) => c.type === 'Canvas')
    .map((c) => {
      const anno = asArray(c.items?.[0]?.items)[0];
      const body = asArray(anno?.body)[0];
      const service = asArray(body?.service).find((s) => /ImageService[23]/.test(String(s.type ?? s.profile ?? '')) || !!s.id);
      const canvas = c as Resource & { rendering?: Resource[]; seeAlso?: Resource[] };
      return {
        id: String(c.id),
        label: langText(c.label, 'Page'),
        width: Number(c.width ?? body?.width ?? 0),
        height: Number(c.height ?? body?.height ?? 0),
        service: service?.id ? String(service.id).replace(/\/info\.json$/, '') : null,
        image: body?.id ? String(body.id) : null,
        rendering: links(canvas.rendering),
        seeAlso: links(canvas.seeAlso),
      };
    });
  const search = asArray(m.service).find((s) => /SearchService2|search\/[12]/.test(String(s.type ?? s.profile ?? '')));
  return {
    id: String(m.id ?? ''),
    label: langText(m.label, 'Untitled'),
    summary: langText(m.summary),
    metadata: (m.metadata ?? []).map((e) => ({ label: langText(e.label), value: langText(e.value) })),
    canvases,
    searchService: search?.id ? String(search.id) : null,
  };
}

export interface SearchHitOnCanvas {
  canvasId: string;
  boxes: Box[];
  text: string;
  prefix: string;
  suffix: string;
}

interface SearchAnno {
  id?: string;
  motivation?: string;
  target?: unknown;
  body?: { value?: string };
  label?: LangMap;
}
interface Quote {
  prefix?: string;
  exact?: string;
  suffix?: string;
}

const XYWH = /^(.*)#xywh=(\d+(?:\.\d+)?),(\d+(?:\.\d+)?),(\d+(?:\.\d+)?),(\d+(?:\.\d+)?)$/;

function targetOf(t: unknown): string {
  if (typeof t === 'string') return t;
  const r = t as { id?: string; source?: string; selector?: { value?: string } };
  return r?.id ?? (r?.source && r.selector?.value ? `${r.source}#${r.selector.value}` : '');
}

/**
 * Content Search 2 response to hits on canvases. Highlighting annotations target "canvas#xywh=..." boxes;
 * contextualizing annotations (when present) group the boxes of one hit and give the words around it.
 */
export function parseSearchResults(json: unknown): SearchHitOnCanvas[] {
  const page = json as { items?: SearchAnno[]; annotations?: { items?: SearchAnno[] }[] };
  const boxes = new Map<string, { canvasId: string; box: Box; text: string }>();
  const order: string[] = [];
  (page.items ?? []).forEach((a, i) => {
    const m = XYWH.exec(targetOf(a.target));
    if (!m) return;
    const id = a.id ?? `#${i}`;
    boxes.set(id, { canvasId: m[1], box: [Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])], text: a.body?.value ?? langText(a.label) });
    order.push(id);
  });
  const used = new Set<string>();
  const hits: SearchHitOnCanvas[] = [];
  for (const ctx of (page.annotations ?? []).flatMap((p) => p.items ?? [])) {
    const targets = (Array.isArray(ctx.target) ? ctx.target : [ctx.target]) as { source?: string; selector?: Quote[] | Quote }[];
    const parts = targets.map((t) => boxes.get(String(t?.source ?? ''))).filter((b): b is NonNullable<typeof b> => !!b);
    if (!parts.length) continue;
    const quote = ([] as Quote[]).concat(targets[0]?.selector ?? [])[0] ?? {};
    targets.forEach((t) => used.add(String(t?.source ?? '')));
    hits.push({
      canvasId: parts[0].canvasId,
      boxes: parts.map((p) => p.box),
      text: quote.exact ?? parts.map((p) => p.text).join(' '),
      prefix: quote.prefix ?? '',
      suffix: quote.suffix ?? '',
    });
  }
  for (const id of order) {
    if (used.has(id)) continue;
    const b = boxes.get(id)!;
    hits.push({ canvasId: b.canvasId, boxes: [b.box], text: b.text, prefix: '', suffix: '' });
  }
  return hits;
}
