// The site is the browser's origin (spec 1): every saved record and cached answer is keyed by it.
export const currentSite = (): string => location.origin;
