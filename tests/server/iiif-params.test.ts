// IIIF Image API 3 parameters: the geometry each form asks for, and the 400s.
import { describe, expect, it } from 'vitest';
import { IiifParamError, parseImageRequest, parseQualityFormat, parseRegion, parseRotation, parseSize } from '../../server/images/iiif-params';

const W = 3000;
const H = 4000;
const limits = { width: W, height: H, maxArea: W * H };
const full = { x: 0, y: 0, w: W, h: H };

describe('region', () => {
  it.each([
    ['full', full],
    ['square', { x: 0, y: 500, w: 3000, h: 3000 }],
    ['256,512,256,256', { x: 256, y: 512, w: 256, h: 256 }],
    ['2900,3900,256,256', { x: 2900, y: 3900, w: 100, h: 100 }], // cropped at the image edge
    ['pct:10,25,50,50', { x: 300, y: 1000, w: 1500, h: 2000 }],
    ['pct:0.5,0,99.5,100', { x: 15, y: 0, w: 2985, h: 4000 }],
  ])('%s', (region, rect) => expect(parseRegion(region, W, H)).toEqual(rect));

  it.each(['', 'fullx', '1,2,3', '1,2,3,4,5', '-1,0,10,10', '0,0,0,10', '3000,0,10,10', '0,4000,10,10', 'pct:101,0,1,1', 'pct:a,b,c,d', '1.5,0,10,10'])(
    'rejects %j',
    (region) => expect(() => parseRegion(region, W, H)).toThrow(IiifParamError),
  );
});

describe('size', () => {
  const tile = { x: 0, y: 0, w: 512, h: 512 };
  it.each([
    ['max', full, { w: 3000, h: 4000 }],
    ['256,', tile, { w: 256, h: 256 }],
    [',128', tile, { w: 128, h: 128 }],
    ['300,', full, { w: 300, h: 400 }],
    ['pct:50', full, { w: 1500, h: 2000 }],
    ['100,50', full, { w: 100, h: 50 }], // w,h may distort
    ['!240,320', full, { w: 240, h: 320 }],
    ['!240,240', full, { w: 180, h: 240 }],
    ['!9000,9000', full, { w: 3000, h: 4000 }], // no upscaling without ^
    ['^!1024,1024', tile, { w: 1024, h: 1024 }],
    ['^1024,', tile, { w: 1024, h: 1024 }],
    ['^pct:200', tile, { w: 1024, h: 1024 }],
    ['^max', tile, { w: 3464, h: 3464 }], // up to maxArea
  ])('%s of %j', (size, region, out) => expect(parseSize(size, region, limits)).toEqual(out));

  it.each(['1024,', ',1024', 'pct:200', '600,600', '0,', ',0', 'pct:0', '!100,', 'abc', '^6000,8000', 'max,'])('rejects %j for a 512 px region', (size) =>
    expect(() => parseSize(size, tile, limits)).toThrow(IiifParamError),
  );
});

describe('rotation, quality and format', () => {
  it('accepts the right angles, with or without mirroring', () => {
    expect(parseRotation('0')).toEqual({ mirror: false, rotation: 0 });
    expect(parseRotation('!90')).toEqual({ mirror: true, rotation: 90 });
    expect(parseRotation('270')).toEqual({ mirror: false, rotation: 270 });
    expect(parseRotation('360')).toEqual({ mirror: false, rotation: 0 });
  });
  it.each(['45', '-90', '400', 'x', '', '!!90'])('rejects rotation %j', (r) => expect(() => parseRotation(r)).toThrow(IiifParamError));

  it('reads quality and format', () => {
    expect(parseQualityFormat('default.jpg')).toEqual({ quality: 'default', format: 'jpg' });
    expect(parseQualityFormat('gray.png')).toEqual({ quality: 'gray', format: 'png' });
    expect(parseQualityFormat('bitonal.webp')).toEqual({ quality: 'bitonal', format: 'webp' });
  });
  it.each(['default', 'best.jpg', 'default.gif', 'default.jpeg', '.jpg', 'color.'])('rejects %j', (qf) =>
    expect(() => parseQualityFormat(qf)).toThrow(IiifParamError),
  );

  it('puts a whole request together', () => {
    expect(parseImageRequest({ region: 'square', size: '!256,256', rotation: '!180', qf: 'gray.webp' }, limits)).toEqual({
      region: { x: 0, y: 500, w: 3000, h: 3000 },
      size: { w: 256, h: 256 },
      mirror: true,
      rotation: 180,
      quality: 'gray',
      format: 'webp',
    });
  });
});

describe('size within the declared caps (maxWidth, maxHeight, maxArea)', () => {
  const capped = { width: W, height: H, maxWidth: 2000, maxHeight: 2500, maxArea: 2_000_000 };
  const px = { x: 0, y: 0, w: 8, h: 8 };
  it.each([
    ['max', full, { w: 1224, h: 1632 }], // sqrt(2e6 / 12e6) of 3000 x 4000
    ['^max', px, { w: 1414, h: 1414 }], // 8 px up to the area, not the page's 12 Mpx
    ['^max', { x: 0, y: 0, w: 8, h: 1 }, { w: 2000, h: 250 }], // wide: up to maxWidth
    ['!9000,9000', full, { w: 1224, h: 1632 }],
    ['^!9000,9000', px, { w: 1414, h: 1414 }],
    ['^2000,1000', px, { w: 2000, h: 1000 }],
  ])('%s of %j', (size, region, out) => expect(parseSize(size, region, capped)).toEqual(out));

  it.each(['^2001,', '^,2501', '^1500,1500', '2100,', 'pct:50'])('refuses %j', (size) =>
    expect(() => parseSize(size, size.startsWith('^') ? px : full, capped)).toThrow(/larger than this server allows/),
  );
});
