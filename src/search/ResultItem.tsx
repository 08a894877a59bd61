import { Link } from 'wouter';
import { formatIssueDate } from '../shared/lib/format';
import type { SearchResult } from '../../contract/search/query';
import { HitThumbnail } from './HitThumbnail';
import { Snippet } from './Snippet';

export function ResultItem({ hit, href, position }: { hit: SearchResult; href: string; position: number }) {
  const hits = hit.boxes.length;
  return (
    <li className="search-hit" value={position}>
      <Link href={href} className="search-hit__thumb-link" tabIndex={-1} aria-hidden="true">
        <HitThumbnail hit={hit} />
      </Link>
      <div className="search-hit__body">
        <h3 className="search-hit__title">
          <Link href={href}>{hit.title}</Link>
        </h3>
        <p className="search-hit__meta">
          <time dateTime={hit.date}>{formatIssueDate(hit.date)}</time>
          <span aria-hidden="true"> · </span>
          <span>Page {hit.pageNumber || hit.sequence}</span>
          {hits > 0 && (
            <>
              <span aria-hidden="true"> · </span>
              <span>
                {hits} {hits === 1 ? 'word' : 'words'} marked
              </span>
            </>
          )}
        </p>
        <Snippet html={hit.snippet} />
      </div>
    </li>
  );
}
