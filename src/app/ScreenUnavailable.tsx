// What shows in place of a screen that cannot be shown: its code did not load (offline on a first visit, before
// the service worker holds the app's files) or it failed while drawing. The header, footer and offline notices
// stay, so the visitor can go elsewhere; offline, the screen is asked for again when the connection returns.
import { Link } from 'wouter';
import { useOnlineStatus } from '../shared/data/online';

export function ScreenUnavailable() {
  const online = useOnlineStatus();
  return (
    <div className="container page" role="alert" data-testid="screen-unavailable">
      <h1>This screen could not be opened</h1>
      {online ? (
        <p>Something went wrong while opening it. Reloading the page usually helps.</p>
      ) : (
        <p>You are offline, and this screen is not on this device yet. It opens by itself when the connection returns.</p>
      )}
      <p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>{' '}
        <Link href="/home">Go to the home page</Link>
      </p>
    </div>
  );
}
