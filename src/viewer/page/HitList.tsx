// The hits on this page as a list of short snippets: choosing one shows it on the image.
import type { PageHit, ViewerWord } from '../../../contract/viewer';
import { splitWordCore } from '../../../contract/search/word-core';

export function HitList({ hits, words, current, onPick }: { hits: PageHit[]; words: ViewerWord[]; current: number; onPick(i: number): void }) {
  if (!hits.length) return null;
  const shown = hits.slice(0, 200);
  return (
    <ol className="vz-hitlist" aria-label="Hits on this page">
      {shown.map((hit, i) => {
        const first = hit.words[0];
        const last = hit.words[hit.words.length - 1];
        const before = words
          .slice(Math.max(0, first - 4), first)
          .map((w) => w[0])
          .join(' ');
        // Only the words are marked: the punctuation around the hit stays outside the mark.
        const [lead, match, trail] = splitWordCore(
          words
            .slice(first, last + 1)
            .map((w) => w[0])
            .join(' '),
        );
        const after = words
          .slice(last + 1, last + 5)
          .map((w) => w[0])
          .join(' ');
        return (
          <li key={hit.words.join(',')}>
            <button type="button" className={`vz-hititem${i === current ? ' is-current' : ''}`} aria-current={i === current} onClick={() => onPick(i)}>
              <span className="vz-hitnum">{i + 1}</span>
              <span>
                {before} {lead}
                <mark>{match}</mark>
                {trail} {after}
              </span>
            </button>
          </li>
        );
      })}
      {hits.length > shown.length && <li className="vz-muted">and {hits.length - shown.length} more</li>}
    </ol>
  );
}
