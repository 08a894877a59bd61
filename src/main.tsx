import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreen } from './app/screens';
import './app/sw-register';
import './app/index.css';

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
