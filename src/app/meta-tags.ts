// Page title (spec 2.2) and social-preview meta tags (spec 3.3: og:* and twitter:* from the current URL,
// the page title, Description and FBShareLogo).
import { useEffect } from 'react';
import type { SiteSettings } from '../../contract/api';
import { resolveAsset } from '../shared/lib/asset-url';
import { PAGE_TITLE_SESSION_KEY } from '../shared/lib/storage-keys';

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

export function socialMetaTags(url: string, title: string, settings: SiteSettings | undefined) {
  const description = settings?.Description || settings?.metaDescription || '';
  const image = resolveAsset(settings?.DomainUrl, settings?.FBShareLogo);
  return {
    og: { 'og:type': 'website', 'og:url': url, 'og:title': title, 'og:description': description, 'og:image': image, 'og:site_name': settings?.SiteName ?? '' },
    twitter: { 'twitter:card': image ? 'summary_large_image' : 'summary', 'twitter:url': url, 'twitter:title': title, 'twitter:description': description, 'twitter:image': image },
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
    const tags = socialMetaTags(href, title, settings);
    for (const [k, v] of Object.entries(tags.og)) setMeta('property', k, v);
    for (const [k, v] of Object.entries(tags.twitter)) setMeta('name', k, v);
    const description = settings?.metaDescription || settings?.Description;
    if (description) setMeta('name', 'description', description);
  }, [title, href, settings]);
}
