// How much this browser lets the archive keep, and whether it may clear it on its own (navigator.storage).
// The estimate covers the whole origin (every site's data, the app's caches), as the browser counts it.
import { useEffect, useState } from 'react';
import { formatBytes } from './saved-items';

interface StorageState {
  usage: number | null;
  quota: number | null;
  persisted: boolean | null;
}

async function readStorage(): Promise<StorageState> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  const estimate = await storage?.estimate?.().catch(() => undefined);
  const persisted = await storage?.persisted?.().catch(() => null);
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted: persisted ?? null };
}

/** `version` changes when something was removed: the figures are read again. */
export function StorageUse({ version }: { version: number }) {
  const [state, setState] = useState<StorageState | null>(null);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    let live = true;
    void readStorage().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, [version, asked]);
  if (!state) return null;
  const askPersist = async () => {
    await navigator.storage?.persist?.().catch(() => false);
    setAsked(true);
  };
  return (
    <section className="saved-storage" aria-labelledby="saved-storage-title" data-testid="saved-storage">
      <h2 id="saved-storage-title">Storage on this device</h2>
      {state.usage !== null && state.quota !== null ? (
        <p data-testid="saved-usage">
          Using {formatBytes(state.usage)} of the {formatBytes(state.quota)} this browser allows this archive.
          <meter className="saved-storage__meter" min={0} max={state.quota} value={state.usage} aria-label="Storage used" />
        </p>
      ) : (
        <p>This browser does not say how much storage the archive uses.</p>
      )}
      {state.persisted === true && <p data-testid="saved-persisted">Storage is persistent: the browser will not clear saved items without asking you.</p>}
      {state.persisted === false && (
        <p data-testid="saved-persisted">
          Storage is not persistent: the browser may clear saved items when the device runs short of space.{' '}
          {!asked ? (
            <button type="button" className="btn" onClick={() => void askPersist()}>
              Ask the browser to keep them
            </button>
          ) : (
            <span>The browser did not allow it (it often does once the archive is installed or bookmarked).</span>
          )}
        </p>
      )}
    </section>
  );
}
