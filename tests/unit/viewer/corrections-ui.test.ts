// Pure pieces of the correction editor: the line picture's IIIF URL, the page's summary sentence, and
// which outbox item speaks for each line.
import { describe, expect, it } from 'vitest';
import { cropAspect, lineCropUrl, paddedBox } from '../../../src/viewer/correct/line-crop';
import { correctionSummaryText } from '../../../src/viewer/correct/summary-text';
import { latestPerLine } from '../../../src/viewer/correct/correction-outbox';
import type { OutboxRecord } from '../../../device-db/schema';

const SERVICE = 'http://127.0.0.1:8080/iiif/3/sn99021999-1887-03-03-ed1-seq1';

describe('lineCropUrl', () => {
  it('cuts the line with a margin of a quarter of its height, sent at full size when it is narrow', () => {
    expect(lineCropUrl(SERVICE, [100, 200, 400, 40], 3000, 4000)).toBe(`${SERVICE}/90,190,420,60/max/0/default.jpg`);
  });
  it('asks the server to scale a wide line down to the width limit (never up)', () => {
    expect(lineCropUrl(`${SERVICE}/`, [50, 1000, 2400, 60], 3000, 4000, 800)).toBe(`${SERVICE}/35,985,2430,90/800,/0/default.jpg`);
  });
  it('keeps the padded box inside the page at its edges', () => {
    expect(paddedBox([0, 3, 2990, 40], 3000, 4000)).toEqual([0, 0, 3000, 53]);
    expect(paddedBox([10, 3970, 100, 40], 3000, 4000)).toEqual([0, 3960, 120, 40]);
  });
  it('never asks for an empty region, and gives the picture’s shape for its placeholder', () => {
    expect(paddedBox([5, 5, 0, 0], 10, 10)).toEqual([5, 5, 1, 1]);
    expect(cropAspect([100, 200, 400, 40], 3000, 4000)).toBeCloseTo(420 / 60);
  });
});

describe('correctionSummaryText', () => {
  it('says how many lines and people, in the singular when there is one', () => {
    expect(correctionSummaryText({ correctedLines: 3, contributors: 2 })).toBe('Corrected 3 lines by 2 contributors');
    expect(correctionSummaryText({ correctedLines: 1, contributors: 1 })).toBe('Corrected 1 line by 1 contributor');
  });
  it('says nobody corrected it yet when there is no summary or it is zero', () => {
    expect(correctionSummaryText(undefined)).toMatch(/Nobody has corrected/);
    expect(correctionSummaryText({ correctedLines: 0, contributors: 0 })).toMatch(/Nobody has corrected/);
  });
});

describe('latestPerLine', () => {
  const rec = (clientId: string, kind: OutboxRecord['kind'], body: object, createdAt: number): OutboxRecord => ({
    clientId,
    site: 'http://x',
    kind,
    body,
    createdAt,
    state: 'pending',
    attempts: 0,
    claimedAt: null,
    lastError: null,
    sentAt: null,
    result: null,
  });
  it('keeps the newest correction of each line of this page and ignores other pages and kinds', () => {
    const items = [
      rec('a', 'correction', { pageUid: 'p1', lineId: 'L1', text: 'old', baseVersion: 0 }, 1),
      rec('b', 'correction', { pageUid: 'p1', lineId: 'L1', text: 'new', baseVersion: 0 }, 2),
      rec('c', 'correction', { pageUid: 'p2', lineId: 'L1', text: 'other page', baseVersion: 0 }, 3),
      rec('d', 'clip', { pageUid: 'p1' }, 4),
      rec('e', 'correction', { pageUid: 'p1', lineId: 'L7', text: 'seven', baseVersion: 2 }, 5),
    ];
    const map = latestPerLine(items, 'p1');
    expect([...map.keys()].sort()).toEqual(['L1', 'L7']);
    expect(map.get('L1')!.clientId).toBe('b');
  });
});
