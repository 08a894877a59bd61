// Page images whose full resolution is made on first need. Such a page has, beside the path its record
// names, a preview: a smaller pyramid (the full size halved some whole number of times) made at once.
// Requests the preview can answer use it; the first request that needs more detail has the full image
// made (by whoever registered the page's maker: the demo archive) and then read like any other.

/** 'a/b.tif' -> 'a/b.preview.tif' */
export const previewPathOf = (imagePath: string) => imagePath.replace(/(\.[a-z]+)?$/i, '.preview$1');

export interface DeferredImages {
  /** Writes the full image at `imagePath` (relative to DATA_DIR); false when it is not one this maker knows. */
  make(imagePath: string): Promise<boolean>;
}
