// Hero (spec 2.4, 3.5): background image under DomainUrl, optional overlay colour and opacity, the HTML
// heading, and the search panel (at most 680 px wide).
import type { CSSProperties, ReactNode } from 'react';
import type { HomePageSettings } from '../../contract/api';
import { resolveAsset } from '../shared/lib/asset-url';
import { SafeHtml } from '../shared/ui/SafeHtml';

export function Hero({ settings, children }: { settings: HomePageSettings | undefined; children: ReactNode }) {
  const m = settings?.homePageSetModel;
  const html = m?.HomePageContent || m?.HomePageSettingsContent || '';
  const path = m?.HomePageImagePath || m?.HomePageSettingsImagePath;
  const image = resolveAsset(settings?.DomainUrl, path);
  const style: CSSProperties = image ? { backgroundImage: `url("${image.replace(/"/g, '%22')}")` } : {};
  const opacity = Number(m?.ImageOpacity);
  const overlay: CSSProperties | null = m?.ImageOverlayColor
    ? { backgroundColor: m.ImageOverlayColor, opacity: Number.isFinite(opacity) ? Math.min(Math.max(opacity > 1 ? opacity / 100 : opacity, 0), 1) : 0.5 }
    : null;
  return (
    <section className={`hero${image ? ' hero--image' : ''}`} style={style} data-testid="hero">
      {overlay && <div className="hero__overlay" style={overlay} data-testid="hero-overlay" aria-hidden="true" />}
      <div className="hero__inner">
        {!/<h1[\s>]/i.test(html) && <h1 className="visually-hidden">Search and browse the newspaper archive</h1>}
        <SafeHtml html={html} className="hero__heading rich-text" />
        <div className="hero__panel">{children}</div>
      </div>
    </section>
  );
}
