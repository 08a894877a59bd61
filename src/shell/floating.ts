/** A floating button's CSS bottom: the spec's distance above the device's safe area (0 on most screens). */
export const floatingBottom = (px: number) => `calc(${px}px + env(safe-area-inset-bottom, 0px))`;
