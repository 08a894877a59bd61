// Unknown paths (spec 2.1, 8): 'Page not found', without header or footer.
import { Link } from 'wouter';

export function NotFoundScreen() {
  return (
    <div className="container page not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p>The page you asked for is not in this archive. The address may be mistyped, or the page may have moved.</p>
      <p>
        <Link href="/home" className="btn btn--primary">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
