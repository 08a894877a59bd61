// Kiosk mode: nothing opens a new window or tab (issue #17). A visitor who left a second window open would
// leave it to the next visitor, out of reach of the idle reset. So while the guard runs:
// - target attributes are taken off links, image-map areas and forms as they appear (menus with
//   OpenInNewTab, the install-app link, sanitised admin HTML, share links);
// - clicks that would open a new window anyway (Ctrl/Cmd/Shift-click, middle click) open in this one;
// - window.open navigates this window instead and returns null.

const TARGETED = 'a[target], area[target], form[target]';

function stripTargets(root: ParentNode) {
  if (root instanceof Element && root.matches(TARGETED)) root.removeAttribute('target');
  root.querySelectorAll?.(TARGETED).forEach((el) => el.removeAttribute('target'));
}

/** `go` navigates inside the app (same-origin paths); other URLs load in this window. */
export function guardLinks(go: (path: string) => void): () => void {
  const open = (href: string) => {
    const url = new URL(href, location.href);
    if (url.origin === location.origin) go(url.pathname + url.search + url.hash);
    else location.assign(url.toString());
  };

  stripTargets(document);
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes' && r.target instanceof Element) stripTargets(r.target);
      r.addedNodes.forEach((n) => n instanceof Element && stripTargets(n));
    }
  });
  observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['target'] });

  const onClick = (e: MouseEvent) => {
    const link = (e.target as Element | null)?.closest?.('a[href], area[href]') as HTMLAnchorElement | null;
    if (!link || e.defaultPrevented) return;
    const newWindow = e.ctrlKey || e.metaKey || e.shiftKey || e.button === 1 || (link.target && link.target !== '_self');
    if (!newWindow) return;
    e.preventDefault();
    e.stopPropagation();
    if (e.type === 'click') open(link.href);
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('auxclick', onClick, true);

  const originalOpen = window.open;
  window.open = ((url?: string | URL) => {
    if (url) open(String(url));
    return null;
  }) as typeof window.open;

  return () => {
    observer.disconnect();
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('auxclick', onClick, true);
    window.open = originalOpen;
  };
}
