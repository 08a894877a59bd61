// Accessibility values of spec 4.7 and 9: brightness and contrast (percent, 25-175) as CSS filters and
// text size (percent, 85-115) as the font size of the content area. Persisted in session storage
// (percent) and mirrored to local storage (text size as a fraction there); restored on load.
import type { CSSProperties } from 'react';
import { LOCAL_KEYS, SESSION_KEYS } from '../shared/lib/storage-keys';

export interface AccessibilityValues {
  brightness: number;
  contrast: number;
  textSize: number;
}

export type AccessibilityKey = keyof AccessibilityValues;

export const SLIDERS: Record<AccessibilityKey, { label: string; min: number; max: number; default: number }> = {
  brightness: { label: 'Brightness:', min: 25, max: 175, default: 100 },
  contrast: { label: 'contrast:', min: 25, max: 175, default: 100 },
  textSize: { label: 'Text Size:', min: 85, max: 115, default: 100 },
};

export const DEFAULT_VALUES: AccessibilityValues = { brightness: 100, contrast: 100, textSize: 100 };

const SESSION: Record<AccessibilityKey, string> = {
  brightness: SESSION_KEYS.brightnessSession,
  contrast: SESSION_KEYS.contrastSession,
  textSize: SESSION_KEYS.textsizeSession,
};
const LOCAL: Record<AccessibilityKey, string> = {
  brightness: LOCAL_KEYS.brightnessLocal,
  contrast: LOCAL_KEYS.contrastLocal,
  textSize: LOCAL_KEYS.textsizeLocal,
};

export function clampValue(key: AccessibilityKey, value: number): number {
  const { min, max, default: d } = SLIDERS[key];
  if (!Number.isFinite(value)) return d;
  return Math.min(max, Math.max(min, Math.round(value)));
}

function safeGet(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Session storage first (this tab), then the local mirror (a previous visit), then the defaults. */
export function readAccessibilityValues(
  session: Storage | undefined = globalThis.sessionStorage,
  local: Storage | undefined = globalThis.localStorage,
): AccessibilityValues {
  const out = { ...DEFAULT_VALUES };
  for (const key of Object.keys(SLIDERS) as AccessibilityKey[]) {
    const s = safeGet(session, SESSION[key]);
    if (s !== null && s !== '' && s !== 'null') {
      out[key] = clampValue(key, Number(s));
      continue;
    }
    const l = safeGet(local, LOCAL[key]);
    if (l !== null && l !== '' && l !== 'null') {
      out[key] = clampValue(key, key === 'textSize' ? Number(l) * 100 : Number(l));
    }
  }
  return out;
}

export function writeAccessibilityValue(
  key: AccessibilityKey,
  value: number,
  session: Storage | undefined = globalThis.sessionStorage,
  local: Storage | undefined = globalThis.localStorage,
) {
  const v = clampValue(key, value);
  try {
    session?.setItem(SESSION[key], String(v));
    local?.setItem(LOCAL[key], key === 'textSize' ? String(v / 100) : String(v));
  } catch {
    /* storage full or disabled: the value still applies to this page */
  }
}

/** Style of the content area: filters only when not neutral (a filter makes a containing block). */
export function contentAreaStyle(v: AccessibilityValues): CSSProperties {
  const style: CSSProperties = {};
  if (v.brightness !== 100 || v.contrast !== 100) style.filter = `brightness(${v.brightness}%) contrast(${v.contrast}%)`;
  if (v.textSize !== 100) style.fontSize = `${v.textSize}%`;
  return style;
}
