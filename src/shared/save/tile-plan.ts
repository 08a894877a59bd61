/** The screen a saved page's tiles are planned for (by contract/iiif-tiles.ts): this one, in device pixels. */
export const screenSize = () => {
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return { width: Math.round((window?.innerWidth ?? 1280) * dpr), height: Math.round((window?.innerHeight ?? 900) * dpr) };
};
