// @vitest-environment happy-dom
// The viewer's kept pages: the key their hits are kept under, the hits the offline viewer computes from
// kept words (the server's own matching), and the way back from a page that was never opened.
import { describe, expect, it } from 'vitest';
import { hitsKey, issueOfUid, keepHits, keepPage, pagesOfIssueOnDevice, readPage } from '../../../src/viewer/common/seen-page';
import { pageHits, pageQueryFromSearch } from '../../../contract/page-match';
import type { ViewerPageResponse, ViewerWord } from '../../../contract/viewer';

const words: ViewerWord[] = [
  ['The', 10, 10, 30, 12],
  ['HARVEST.', 50, 10, 90, 12],
  ['city', 10, 30, 30, 12],
  ['council', 50, 30, 60, 12],
  ['har-', 10, 50, 30, 12],
  ['vest', 50, 50, 40, 12],
];

const page = (uid: string, sequence: number, extra: Partial<ViewerPageResponse> = {}): ViewerPageResponse => ({
  uid,
  issueUid: 'iss-1',
  lccn: 'sn1',
  title: 'The Courier',
  place: null,
  date: '1852-01-09',
  edition: 1,
  volume: null,
  issueNumber: null,
  sequence,
  number: null,
  pageCount: 3,
  width: 100,
  height: 100,
  prevPageUid: null,
  nextPageUid: null,
  prevIssuePageUid: null,
  nextIssuePageUid: null,
  words,
  imageService: null,
  manifest: '/m',
  downloads: { image: null, pdf: null, alto: null, text: '/t' },
  citationUrl: 'http://x/viewer?page=' + uid,
  ...extra,
});

describe('kept viewer pages', () => {
  it('keys hits by the search asked, whatever the order of the URL or the page shown', async () => {
    const a = await hitsKey(new URLSearchParams('page=p1&k=Harvest&i=f'));
    expect(await hitsKey(new URLSearchParams('i=f&k=harvest&page=p2'))).toBe(a);
    expect(await hitsKey(new URLSearchParams('page=p1&k=wheat'))).not.toBe(a);
  });

  it('reads the search from a viewer address, whose page parameter is the page uid (offline search results link there)', () => {
    const hits = pageHits(words, pageQueryFromSearch(new URLSearchParams('page=sn123-1890-05-12-seq3&k=harvest&ord=k1')));
    expect(hits.map((h) => h.words)).toEqual([[1], [4, 5]]);
  });

  it("finds the search's hits in kept words as the server does: words, phrases, line-end hyphens", () => {
    const hits = pageHits(words, pageQueryFromSearch(new URLSearchParams('k=harvest&e=city council')));
    expect(hits.map((h) => h.words)).toEqual([[1], [2, 3], [4, 5]]);
    expect(hits[1].boxes).toEqual([
      [10, 30, 30, 12],
      [50, 30, 60, 12],
    ]);
  });

  it('keeps a page and the hits of each search, and lists the kept pages of the same issue in page order', async () => {
    await keepPage(page('iss-1-seq3', 3));
    await keepHits('iss-1-seq3', 'k=harvest', [{ words: [1], boxes: [[50, 10, 90, 12]] }]);
    await keepPage(page('iss-1-seq1', 1, { nextPageUid: 'iss-1-seq2' }));
    await keepPage({ ...page('other-seq1', 1), issueUid: 'other' });
    const kept = await readPage('iss-1-seq3');
    expect(kept?.value.page?.title).toBe('The Courier');
    expect(kept?.value.hits['k=harvest']).toHaveLength(1);
    expect((await pagesOfIssueOnDevice('iss-1-seq2')).map((p) => p.uid)).toEqual(['iss-1-seq1', 'iss-1-seq3']);
    expect(await readPage('iss-1-seq2')).toBeNull();
    expect(issueOfUid('sn99021999-1887-03-03-ed1-seq12')).toBe('sn99021999-1887-03-03-ed1');
  });
});
