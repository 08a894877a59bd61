// @vitest-environment happy-dom
// Accessibility values (4.7, 9), cross-tab session sharing (4.8) and the pwalinkviewed cookie (4.9).
import { afterEach, describe, expect, it } from 'vitest';
import { contentAreaStyle, readAccessibilityValues, writeAccessibilityValue, clampValue } from '../../../src/shell/accessibility-values';
import { startSessionSync } from '../../../src/shared/lib/session-sync';
import { readPwaLinkViewed, updatePwaLinkViewed } from '../../../src/shared/lib/pwa-cookie';
import { SESSION_SYNC_KEYS } from '../../../src/shared/lib/storage-keys';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  document.cookie = 'pwalinkviewed=; path=/; max-age=0';
});

describe('accessibility values', () => {
  it('default to 100 / 100 / 100 with no filter', () => {
    expect(readAccessibilityValues()).toEqual({ brightness: 100, contrast: 100, textSize: 100 });
    expect(contentAreaStyle({ brightness: 100, contrast: 100, textSize: 100 })).toEqual({});
  });
  it('persist percent in session storage and mirror to local storage, text size as a fraction', () => {
    writeAccessibilityValue('brightness', 140);
    writeAccessibilityValue('contrast', 60);
    writeAccessibilityValue('textSize', 110);
    expect(sessionStorage.getItem('brightnessSession')).toBe('140');
    expect(sessionStorage.getItem('contrastSession')).toBe('60');
    expect(sessionStorage.getItem('textsizeSession')).toBe('110');
    expect(localStorage.getItem('brightnessLocal')).toBe('140');
    expect(localStorage.getItem('contrastLocal')).toBe('60');
    expect(localStorage.getItem('textsizeLocal')).toBe('1.1');
    expect(readAccessibilityValues()).toEqual({ brightness: 140, contrast: 60, textSize: 110 });
  });
  it('restore from the local mirror when the session is empty (a new visit)', () => {
    localStorage.setItem('brightnessLocal', '50');
    localStorage.setItem('textsizeLocal', '0.85');
    expect(readAccessibilityValues()).toEqual({ brightness: 50, contrast: 100, textSize: 85 });
  });
  it('clamp to the ranges of spec 9', () => {
    expect(clampValue('brightness', 10)).toBe(25);
    expect(clampValue('contrast', 999)).toBe(175);
    expect(clampValue('textSize', 200)).toBe(115);
    expect(clampValue('textSize', Number.NaN)).toBe(100);
  });
  it('become a filter and a font size on the content area', () => {
    expect(contentAreaStyle({ brightness: 120, contrast: 80, textSize: 115 })).toEqual({ filter: 'brightness(120%) contrast(80%)', fontSize: '115%' });
  });
});

/** Two "tabs": separate session storages over one local storage, with storage events between them. */
function makeTab(_local: Storage) {
  const session = new Map<string, string>();
  const sessionStore = {
    get length() {
      return session.size;
    },
    key: (i: number) => [...session.keys()][i] ?? null,
    getItem: (k: string) => session.get(k) ?? null,
    setItem: (k: string, v: string) => void session.set(k, String(v)),
    removeItem: (k: string) => void session.delete(k),
    clear: () => session.clear(),
  } as Storage;
  const target = new EventTarget();
  return { session: sessionStore, target };
}

describe('session sharing across tabs', () => {
  it('a new tab with an empty session gets a copy from an open tab', () => {
    const tabs: ReturnType<typeof makeTab>[] = [];
    // Local storage whose writes raise 'storage' events in the other tabs, as browsers do.
    const data = new Map<string, string>();
    let writer: EventTarget | null = null;
    const local = {
      get length() {
        return data.size;
      },
      key: (i: number) => [...data.keys()][i] ?? null,
      getItem: (k: string) => data.get(k) ?? null,
      setItem(k: string, v: string) {
        data.set(k, v);
        for (const t of tabs) if (t.target !== writer) t.target.dispatchEvent(Object.assign(new Event('storage'), { key: k, newValue: v }));
      },
      removeItem: (k: string) => void data.delete(k),
      clear: () => data.clear(),
    } as Storage;
    const withWriter = <T>(t: EventTarget, f: () => T) => {
      const prev = writer;
      writer = t;
      try {
        return f();
      } finally {
        writer = prev;
      }
    };

    const open = makeTab(local);
    tabs.push(open);
    open.session.setItem('globMinDate', '01/01/1850');
    open.session.setItem('brightnessSession', '130');
    const stopOpen = withWriter(open.target, () => startSessionSync({ session: open.session, local: wrap(local, open.target), target: open.target }));

    const fresh = makeTab(local);
    tabs.push(fresh);
    let copied: string[] = [];
    const stopFresh = startSessionSync({ session: fresh.session, local: wrap(local, fresh.target), target: fresh.target, onCopied: (k) => (copied = k) });

    expect(fresh.session.getItem('globMinDate')).toBe('01/01/1850');
    expect(fresh.session.getItem('brightnessSession')).toBe('130');
    expect(copied.sort()).toEqual(['brightnessSession', 'globMinDate']);
    // The messages do not linger in local storage.
    expect(local.getItem(SESSION_SYNC_KEYS.request)).toBeNull();
    expect(local.getItem(SESSION_SYNC_KEYS.reply)).toBeNull();
    stopOpen();
    stopFresh();

    function wrap(l: Storage, me: EventTarget): Storage {
      return {
        ...l,
        get length() {
          return l.length;
        },
        getItem: l.getItem,
        removeItem: l.removeItem,
        key: l.key,
        clear: l.clear,
        setItem: (k: string, v: string) => withWriter(me, () => l.setItem(k, v)),
      } as Storage;
    }
  });
});

describe('pwalinkviewed cookie', () => {
  it('is set to false when first seen, and to true on /pwasettings', () => {
    expect(document.cookie).not.toMatch(/pwalinkviewed=(true|false)/);
    expect(updatePwaLinkViewed(false)).toBe(false);
    expect(document.cookie).toContain('pwalinkviewed=false');
    expect(updatePwaLinkViewed(true)).toBe(true);
    expect(readPwaLinkViewed()).toBe(true);
    // Once viewed it stays viewed on other pages.
    expect(updatePwaLinkViewed(false)).toBe(true);
  });
});
