// The viewer's session keys (spec 4.2 names them; the home screen resets them to null). Values are
// strings; a missing key, '' or 'null' means "not set".
export const VIEWER_KEYS = {
  visitedViewer: 'visitedViewer',
  viewersearch: 'viewersearch',
  isexactsearch: 'isexactsearch',
  ishighlightall: 'ishighlightall',
  viewerscale: 'viewerscale',
  viewerrotate: 'viewerrotate',
} as const;
type Key = keyof typeof VIEWER_KEYS;

function read(key: Key): string | null {
  try {
    const v = sessionStorage.getItem(VIEWER_KEYS[key]);
    return v === null || v === '' || v === 'null' ? null : v;
  } catch {
    return null;
  }
}

function write(key: Key, value: string) {
  try {
    sessionStorage.setItem(VIEWER_KEYS[key], value);
  } catch {
    /* storage disabled: the viewer still works, it just forgets */
  }
}

export const viewerSession = {
  markVisited: () => write('visitedViewer', 'true'),
  search: () => read('viewersearch') ?? '',
  setSearch: (text: string) => write('viewersearch', text),
  exact: () => read('isexactsearch') === 'true',
  setExact: (on: boolean) => write('isexactsearch', String(on)),
  /** Highlight every hit (default) or only the current one. */
  highlightAll: () => read('ishighlightall') !== 'false',
  setHighlightAll: (on: boolean) => write('ishighlightall', String(on)),
  scale: (): number | null => {
    const n = Number(read('viewerscale'));
    return Number.isFinite(n) && n > 0 ? n : null;
  },
  setScale: (zoom: number) => write('viewerscale', String(Math.round(zoom * 10000) / 10000)),
  rotation: (): number => {
    const n = Number(read('viewerrotate'));
    return Number.isFinite(n) ? (((Math.round(n / 90) * 90) % 360) + 360) % 360 : 0;
  },
  setRotation: (deg: number) => write('viewerrotate', String(((deg % 360) + 360) % 360)),
};
