import { Link } from 'wouter';
import { searchUrl } from '../../contract/search/url';
import { pageWindow, withChanges } from './search-url';

export function Pagination({ params, page, pages }: { params: URLSearchParams; page: number; pages: number }) {
  if (pages <= 1) return null;
  const href = (p: number) => searchUrl(withChanges(params, { p: p > 1 ? String(p) : null }));
  return (
    <nav className="search-pages" aria-label="Result pages">
      {page > 1 ? (
        <Link href={href(page - 1)} rel="prev" className="search-pages__step">
          ‹ Previous
        </Link>
      ) : (
        <span className="search-pages__step" aria-disabled="true">
          ‹ Previous
        </span>
      )}
      <ol>
        {pageWindow(page, pages).map((p, i) =>
          p === 0 ? (
            <li key={`gap${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page" className="search-pages__current">
                  <span className="visually-hidden">Page </span>
                  {p}
                </span>
              ) : (
                <Link href={href(p)}>
                  <span className="visually-hidden">Page </span>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pages ? (
        <Link href={href(page + 1)} rel="next" className="search-pages__step">
          Next ›
        </Link>
      ) : (
        <span className="search-pages__step" aria-disabled="true">
          Next ›
        </span>
      )}
    </nav>
  );
}
