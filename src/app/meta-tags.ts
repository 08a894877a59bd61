// Page title (spec 2.2) and social-preview meta tags (spec 3.3: og:* and twitter:* from the current URL,
// the page title, Description and FBShareLogo).
import { useEffect } from 'react';
import type { SiteSettings } from '../../contract/api';
import { resolveAsset } from '../shared/lib/asset-url';
import { PAGE_TITLE_SESSION_KEY } from '../shared/lib/storage-keys';
import { searchFeedHref } from '../../contract/discovery';

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!content) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** A <link> in the head with these attributes (made once, then updated), or removed when href is empty. */
function setLink(key: string, attrs: Record<string, string>) {
  let el = document.head.querySelector<HTMLLinkElement>(`link[data-meta="${key}"]`);
  if (!attrs.href) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('link');
    el.dataset.meta = key;
    document.head.appendChild(el);
  }
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
}

/**
 * The clip share page arrives with the clip's own tags from the server (caption, clip image): link
 * previews read those, so the app leaves them as they are.
 */
const hasServerClipTags = (url: URL) =>
  url.pathname.toLowerCase().startsWith('/clipsocialsharing') && !!document.head.querySelector('meta[property="og:image"]');

/** Head links for discovery: the site's OpenSearch name, and on /search the Atom feed of the search. */
function discoveryLinks(url: URL | null, siteTitle: string) {
  const search = document.head.querySelector<HTMLLinkElement>('link[rel="search"]');
  if (search && siteTitle) search.title = siteTitle;
  const onSearch = !!url && url.pathname.toLowerCase().replace(/\/+$/, '') === '/search' && url.search.length > 1;
  setLink(
    'search-feed',
    onSearch
      ? { rel: 'alternate', type: 'application/atom+xml', title: `${siteTitle || 'Search'}: results feed`, href: searchFeedHref(url!.search) }
      : { href: '' },
  );
}

export function socialMetaTags(url: string, title: string, settings: SiteSettings | undefined) {
  const description = settings?.Description || settings?.metaDescription || '';
  const image = resolveAsset(settings?.DomainUrl, settings?.FBShareLogo);
  return {
    og: { 'og:type': 'website', 'og:url': url, 'og:title': title, 'og:description': description, 'og:image': image, 'og:site_name': settings?.SiteName ?? '' },
    twitter: {
      'twitter:card': image ? 'summary_large_image' : 'summary',
      'twitter:url': url,
      'twitter:title': title,
      'twitter:description': description,
      'twitter:image': image,
    },
  };
}

export function usePageMeta(title: string, href: string, settings: SiteSettings | undefined) {
  useEffect(() => {
    document.title = title;
    try {
      sessionStorage.setItem(PAGE_TITLE_SESSION_KEY, title); // the PDF viewer's title (spec 2.2)
    } catch {
      /* storage disabled */
    }
    let url: URL | null = null;
    try {
      url = new URL(href);
    } catch {
      url = null;
    }
    discoveryLinks(url, settings?.SiteTitle ?? '');
    if (url && hasServerClipTags(url)) {
      if (settings?.SiteName && !document.head.querySelector('meta[property="og:site_name"]')) setMeta('property', 'og:site_name', settings.SiteName);
      return;
    }
    const tags = socialMetaTags(href, title, settings);
    for (const [k, v] of Object.entries(tags.og)) setMeta('property', k, v);
    for (const [k, v] of Object.entries(tags.twitter)) setMeta('name', k, v);
    const description = settings?.metaDescription || settings?.Description;
    if (description) setMeta('name', 'description', description);
  }, [title, href, settings]);
}
