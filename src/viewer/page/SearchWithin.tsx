// Links from the viewer to the results screen narrowed to this page's issue or its title.
import { Link } from 'wouter';
import type { ViewerPageResponse } from '../../../contract/viewer';
import { searchWithinHref } from './search-within';
import './search-within.css';

interface Props {
  page: ViewerPageResponse;
  viewerParams: URLSearchParams;
  pageText: string;
  exact: boolean;
}

export function SearchWithin({ page, viewerParams, pageText, exact }: Props) {
  return (
    <nav className="vz-within" aria-label="Search around this page">
      <Link href={searchWithinHref('issue', page, viewerParams, pageText, exact)} className="vz-btn">
        Search this issue
      </Link>
      {page.titleId != null && (
        <Link href={searchWithinHref('title', page, viewerParams, pageText, exact)} className="vz-btn">
          Search this title
        </Link>
      )}
    </nav>
  );
}
