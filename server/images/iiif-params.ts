// IIIF Image API 3.0 request parameters: parsing and the geometry they ask for. Pure functions; every
// invalid or unsupported value throws IiifParamError (answered 400).

export class IiifParamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IiifParamError';
  }
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface Size {
  w: number;
  h: number;
}
export type Quality = 'default' | 'color' | 'gray' | 'bitonal';
export type Format = 'jpg' | 'png' | 'webp';

export interface ImageRequest {
  region: Rect; // in full-resolution pixels, cropped to the image
  size: Size; // of the extracted region, before rotation
  mirror: boolean;
  rotation: 0 | 90 | 180 | 270;
  quality: Quality;
  format: Format;
}

export interface ImageLimits {
  width: number;
  height: number;
  /** Declared in info.json: no request may produce a larger image; max, ^max and !w,h are fitted inside them. */
  maxArea: number;
  maxWidth?: number;
  maxHeight?: number;
}

const INT = /^\d+$/;
const NUM = /^\d+(\.\d+)?$/;
const bad = (m: string) => new IiifParamError(m);

export function parseRegion(region: string, width: number, height: number): Rect {
  if (region === 'full') return { x: 0, y: 0, w: width, h: height };
  if (region === 'square') {
    const side = Math.min(width, height);
    return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), w: side, h: side };
  }
  const pct = region.startsWith('pct:');
  const parts = (pct ? region.slice(4) : region).split(',');
  if (parts.length !== 4 || !parts.every((p) => (pct ? NUM : INT).test(p))) throw bad(`Invalid region '${region}': use full, square, x,y,w,h or pct:x,y,w,h`);
  let [x, y, w, h] = parts.map(Number);
  if (pct) {
    if (x > 100 || y > 100) throw bad(`Invalid region '${region}': percentages run from 0 to 100`);
    [x, y, w, h] = [Math.round((x * width) / 100), Math.round((y * height) / 100), Math.round((w * width) / 100), Math.round((h * height) / 100)];
  }
  if (w <= 0 || h <= 0) throw bad(`Invalid region '${region}': width and height must be greater than zero`);
  if (x >= width || y >= height) throw bad(`Region '${region}' lies outside the ${width}x${height} image`);
  return { x, y, w: Math.min(w, width - x), h: Math.min(h, height - y) };
}

export function parseSize(size: string, region: Rect, limits: ImageLimits): Size {
  const up = size.startsWith('^');
  const s = up ? size.slice(1) : size;
  const { w: rw, h: rh } = region;
  const maxW = limits.maxWidth ?? Infinity;
  const maxH = limits.maxHeight ?? Infinity;
  // The largest scale of the region the server's limits allow.
  const kLimit = Math.min(maxW / rw, maxH / rh, Math.sqrt(limits.maxArea / (rw * rh)));
  const scaled = (k: number, roundUp: boolean) => {
    const round = roundUp ? Math.round : Math.floor;
    let w = Math.max(1, Math.min(maxW, round(rw * k)));
    let h = Math.max(1, Math.min(maxH, round(rh * k)));
    if (w * h > limits.maxArea) [w, h] = [Math.max(1, Math.floor(rw * k)), Math.max(1, Math.floor(rh * k))];
    return { w, h };
  };
  let w: number;
  let h: number;
  if (s === 'max') {
    // The region itself, or with ^ as large as the limits allow, keeping the aspect ratio; never beyond the limits.
    ({ w, h } = scaled(up ? kLimit : Math.min(1, kLimit), false));
  } else if (s.startsWith('pct:')) {
    const n = s.slice(4);
    if (!NUM.test(n) || Number(n) <= 0) throw bad(`Invalid size '${size}': pct:n needs a number greater than 0`);
    w = Math.max(1, Math.round((rw * Number(n)) / 100));
    h = Math.max(1, Math.round((rh * Number(n)) / 100));
  } else {
    const confined = s.startsWith('!');
    const m = (confined ? s.slice(1) : s).match(/^(\d*),(\d*)$/);
    if (!m || (!m[1] && !m[2]) || (confined && (!m[1] || !m[2]))) throw bad(`Invalid size '${size}': use max, w,, ,h, pct:n, w,h or !w,h (with ^ to upscale)`);
    const rqW = m[1] ? Number(m[1]) : null;
    const rqH = m[2] ? Number(m[2]) : null;
    if (rqW === 0 || rqH === 0) throw bad(`Invalid size '${size}': width and height must be greater than zero`);
    if (confined) {
      // As large as possible within w and h, the region (without ^) and the server's limits.
      const k = Math.min(rqW! / rw, rqH! / rh, up ? Infinity : 1);
      ({ w, h } = k <= kLimit ? scaled(k, true) : scaled(kLimit, false));
      w = Math.min(w, rqW!);
      h = Math.min(h, rqH!);
    } else if (rqW !== null && rqH !== null) [w, h] = [rqW, rqH];
    else if (rqW !== null) [w, h] = [rqW, Math.max(1, Math.round((rh * rqW) / rw))];
    else [w, h] = [Math.max(1, Math.round((rw * rqH!) / rh)), rqH!];
  }
  if (!up && (w > rw || h > rh)) throw bad(`Size '${size}' is larger than the ${rw}x${rh} region: prefix it with ^ to upscale`);
  if (w > maxW || h > maxH || w * h > limits.maxArea) {
    const box = Number.isFinite(maxW) ? `${maxW}x${maxH} and ` : '';
    throw bad(`Size '${size}' is larger than this server allows (${box}${limits.maxArea} pixels, see maxWidth, maxHeight and maxArea in info.json)`);
  }
  return { w, h };
}

export function parseRotation(rotation: string): { mirror: boolean; rotation: 0 | 90 | 180 | 270 } {
  const mirror = rotation.startsWith('!');
  const r = mirror ? rotation.slice(1) : rotation;
  if (!NUM.test(r) || Number(r) > 360) throw bad(`Invalid rotation '${rotation}': a number from 0 to 360, optionally after '!'`);
  const deg = Number(r) % 360;
  if (deg % 90 !== 0) throw bad(`Rotation '${rotation}' is not supported: use 0, 90, 180 or 270`);
  return { mirror, rotation: deg as 0 | 90 | 180 | 270 };
}

export function parseQualityFormat(qf: string): { quality: Quality; format: Format } {
  const dot = qf.lastIndexOf('.');
  if (dot <= 0) throw bad(`Invalid '${qf}': expected {quality}.{format}, e.g. default.jpg`);
  const quality = qf.slice(0, dot);
  const format = qf.slice(dot + 1);
  if (!['default', 'color', 'gray', 'bitonal'].includes(quality)) throw bad(`Invalid quality '${quality}': use default, color, gray or bitonal`);
  if (!['jpg', 'png', 'webp'].includes(format)) throw bad(`Format '${format}' is not supported: use jpg, png or webp`);
  return { quality: quality as Quality, format: format as Format };
}

/** Parses the four path segments after the identifier into one checked request. */
export function parseImageRequest(p: { region: string; size: string; rotation: string; qf: string }, limits: ImageLimits): ImageRequest {
  const region = parseRegion(p.region, limits.width, limits.height);
  const size = parseSize(p.size, region, limits);
  return { region, size, ...parseRotation(p.rotation), ...parseQualityFormat(p.qf) };
}
