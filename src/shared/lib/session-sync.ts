// Session storage shared across tabs (spec 4.8) through local-storage 'storage' events:
// - a new tab whose session storage is empty writes a request key; every open tab answers by writing
//   its session storage (JSON) under the reply key, which the new tab copies in;
// - both keys are removed at once, so local storage only carries the message for an instant;
// - the new tab takes the first answer within REPLY_WAIT_MS, keeping any key it has written itself since.
import { SESSION_SYNC_KEYS } from './storage-keys';

export interface SessionSyncOptions {
  session?: Storage;
  local?: Storage;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Called after another tab's session storage was copied in. */
  onCopied?(keys: string[]): void;
}

export const REPLY_WAIT_MS = 3000;

export function startSessionSync(opts: SessionSyncOptions = {}): () => void {
  const session = opts.session ?? window.sessionStorage;
  const local = opts.local ?? window.localStorage;
  const target = opts.target ?? window;

  const onStorage = (e: StorageEvent) => {
    if (!e.newValue) return; // removals
    if (e.key === SESSION_SYNC_KEYS.request) {
      if (session.length === 0) return; // nothing to share
      const copy: Record<string, string> = {};
      for (let i = 0; i < session.length; i++) {
        const k = session.key(i);
        if (k !== null) copy[k] = session.getItem(k) ?? '';
      }
      try {
        local.setItem(SESSION_SYNC_KEYS.reply, JSON.stringify(copy));
        local.removeItem(SESSION_SYNC_KEYS.reply);
      } catch {
        /* quota: the new tab starts with an empty session */
      }
    } else if (e.key === SESSION_SYNC_KEYS.reply && awaitingSince !== null && Date.now() - awaitingSince < REPLY_WAIT_MS) {
      awaitingSince = null;
      let data: Record<string, unknown>;
      try {
        data = JSON.parse(e.newValue) as Record<string, unknown>;
      } catch {
        return;
      }
      const keys: string[] = [];
      for (const [k, v] of Object.entries(data)) {
        if (typeof v === 'string' && session.getItem(k) === null) {
          session.setItem(k, v);
          keys.push(k);
        }
      }
      opts.onCopied?.(keys);
    }
  };
  let awaitingSince: number | null = null;
  target.addEventListener('storage', onStorage as EventListener);

  if (session.length === 0) {
    awaitingSince = Date.now();
    try {
      local.setItem(SESSION_SYNC_KEYS.request, String(Date.now()));
      local.removeItem(SESSION_SYNC_KEYS.request);
    } catch {
      /* storage disabled */
    }
  }
  return () => target.removeEventListener('storage', onStorage as EventListener);
}
