// Pure kiosk rules (contract/kiosk.ts): which image levels a page needs to be shown whole, when the
// countdown shows, and which requests the kiosk cache may answer.
import { describe, expect, it } from 'vitest';
import { countdownFrom, fitLevels, isViewerPageData } from '../../../contract/kiosk';

describe('fitLevels', () => {
  const widths = [160, 320, 640, 1280, 2560, 5120];
  it('takes every level up to the first one at least as wide as the screen', () => {
    expect(fitLevels(widths, 1280)).toEqual([0, 1, 2, 3]);
    expect(fitLevels(widths, 1300)).toEqual([0, 1, 2, 3, 4]);
    expect(fitLevels(widths, 100)).toEqual([0]);
  });
  it('takes them all when no level is as wide as the screen', () => {
    expect(fitLevels([100, 200], 4000)).toEqual([0, 1]);
  });
});

describe('countdownFrom', () => {
  it('shows the last 15 seconds of long idle times', () => {
    expect(countdownFrom(120)).toBe(15);
    expect(countdownFrom(16)).toBe(15);
  });
  it('for short idle times, shows after the first still second', () => {
    expect(countdownFrom(3)).toBe(2);
    expect(countdownFrom(15)).toBe(14);
  });
});

describe('isViewerPageData', () => {
  it('matches the viewer page data only, not its search', () => {
    expect(isViewerPageData('/Api/Viewer/Page/sn1-1900-01-01-ed1-seq1')).toBe(true);
    expect(isViewerPageData('/api/viewer/page/x')).toBe(true);
    expect(isViewerPageData('/Api/Viewer/Page/x/search')).toBe(false);
    expect(isViewerPageData('/Api/Search')).toBe(false);
  });
});
