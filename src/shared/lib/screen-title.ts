// A screen that knows its own page title only once its data is in ('Omaha daily bee, 1887') names it here;
// the shell composes it with the site title in place of the route's fixed title, for that path only.
import { useEffect, useSyncExternalStore } from 'react';

let current: { path: string; title: string } | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Names the page for `path` while the calling screen is mounted (an empty title names nothing). */
export function useScreenTitle(path: string, title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    current = { path, title };
    emit();
    return () => {
      if (current?.path === path && current.title === title) {
        current = null;
        emit();
      }
    };
  }, [path, title]);
}

/** The title a screen gave for this path, or null. */
export function useNamedTitle(path: string): string | null {
  const named = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
  return named && named.path === path ? named.title : null;
}
