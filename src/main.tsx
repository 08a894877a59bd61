import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreen } from './app/screens';
import './app/sw-register';
import './app/index.css';
import { loadResource } from './shared/data/resources';
import { HOME_ENDPOINTS } from '../contract/api';
import { listenForServiceWorkerTakeover } from './app/sw-reload';

// A worker taking over reloads the page (spec 4.10) from the start: listened for in the first render's effects,
// a takeover while the screen's code still loaded went unseen and the page kept running the old code.
listenForServiceWorkerTakeover();

// The shell's first answers (the site's settings and theme: its header, colours and every screen's layout) are
// asked for now, beside the screen's code, not from the first render's effects: offline the service worker
// answers them from its cache while the code still loads (online the page head has already asked for them).
for (const endpoint of [HOME_ENDPOINTS.settings, HOME_ENDPOINTS.theme]) loadResource(endpoint).catch(() => undefined);

// The first render waits for the screen's code, which the server's page head already asked for beside this
// file: the screen is then drawn in the first commit. Rendered before, the screen would suspend, the loading
// overlay would show, and React would hold the screen back until 300 ms after it (its fallback throttle).
// As a transition React renders in slices of a few milliseconds, yielding between them: a phone's first
// render is then no task long enough to hold up a tap or the answers arriving meanwhile.
void preloadScreen(location.pathname).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
