import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreen } from './app/screens';
import './app/sw-register';
import './app/index.css';

// The first render waits for the screen's code, which the server's page head already asked for beside this
// file: the screen is then drawn in the first commit. Rendered before, the screen would suspend, the loading
// overlay would show, and React would hold the screen back until 300 ms after it (its fallback throttle).
void preloadScreen(location.pathname).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
