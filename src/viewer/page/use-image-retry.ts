// The page image's open attempts: a failed open is remembered for the page (so the screen shows
// ImageUnavailable instead of the deep zoom), and the image is tried again when the connection comes back
// or the reader asks. `attempt` keys the deep zoom so each try is a fresh OpenSeadragon.
import { useCallback, useEffect, useState } from 'react';
import { isOnline, onBackOnline } from '../../shared/data/online';

/** Waits before the automatic tries while online: the 'online' event can come a moment before the network
 * (or the server) answers again, and a server that stumbled once often answers the next time. */
const AUTO_RETRY_MS = [2_000, 5_000, 15_000];

interface State {
  uid: string | null;
  attempt: number;
  failed: boolean;
  /** Automatic tries since the last time the connection came back or the reader asked. */
  autoTries: number;
}
const fresh = (uid: string | null): State => ({ uid, attempt: 0, failed: false, autoTries: 0 });

export function useImageRetry(uid: string | null) {
  const [state, setState] = useState(() => fresh(uid));
  // Another page starts with a clean slate (derived during render, not in an effect: no flash of the old failure).
  const current = state.uid === uid ? state : fresh(uid);
  if (current !== state) setState(current);

  const onFailed = useCallback(() => setState((s) => ({ ...s, failed: true })), []);
  const retry = useCallback(() => setState((s) => ({ ...s, attempt: s.attempt + 1, failed: false, autoTries: 0 })), []);

  const { failed, autoTries } = current;
  useEffect(() => {
    if (!failed) return;
    const stop = onBackOnline(retry);
    const wait = AUTO_RETRY_MS[autoTries];
    const timer =
      isOnline() && wait != null
        ? setTimeout(() => setState((s) => ({ ...s, attempt: s.attempt + 1, failed: false, autoTries: s.autoTries + 1 })), wait)
        : undefined;
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [failed, autoTries, retry]);
  return { attempt: current.attempt, failed, onFailed, retry };
}
