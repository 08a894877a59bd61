// Session keys the home screen writes (spec 4.1, 4.2, 9); key names come from the shell's storage-keys.
import type { GlobalDates } from '../../contract/home-form-fields';
import { HOME_RESET_SESSION_KEYS, SESSION_KEYS } from '../shared/lib/storage-keys';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled (privacy mode): the screen still works without it
  }
}

/** 'Reset to null': the keys are removed, so getItem() answers null. */
export function resetHomeSessionKeys() {
  const s = storage();
  for (const key of HOME_RESET_SESSION_KEYS) s?.removeItem(key);
}

export function storeGlobalDates(g: GlobalDates) {
  const s = storage();
  s?.setItem(SESSION_KEYS.globMinDate, g.globMinDate);
  s?.setItem(SESSION_KEYS.globMaxDate, g.globMaxDate);
}
