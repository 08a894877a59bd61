// For screens whose content needs the network (search results, viewers): shown instead of a spinner
// when the request failed because the archive is offline.
import { Link } from 'wouter';
import { needsConnectionText } from './needs-network';
import './offline.css';

export function NeedsConnection({ what, onRetry }: { what: string; onRetry?: () => void }) {
  return (
    <div className="needs-connection" role="alert">
      <h2>No connection</h2>
      <p>{needsConnectionText(what)}</p>
      <p>
        Titles, decades and years saved on this device are on the <Link href="/home">Home page</Link>.
      </p>
      {onRetry && (
        <button type="button" className="btn" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
