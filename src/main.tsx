import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './app/sw-register';
import './app/index.css';

const root = createRoot(document.getElementById('root')!);
// Rendered as a transition, React builds the first screen in slices and lets the browser run between them,
// instead of one long task that a phone's visitor cannot interrupt (a tap waits for it to end).
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
