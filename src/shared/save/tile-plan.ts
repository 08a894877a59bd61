// The screen a saved page's tiles are planned for (contract/iiif-tiles.ts plans them).
/** The screen a saved page is planned for: this one, in device pixels. */
export const screenSize = () => {
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return { width: Math.round((window?.innerWidth ?? 1280) * dpr), height: Math.round((window?.innerHeight ?? 900) * dpr) };
};
