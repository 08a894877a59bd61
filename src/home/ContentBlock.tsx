// Content block (spec 2.4, 4.5): the page content when its flag is on, else the left advertisement HTML.
import { useState } from 'react';
import type { HomeDetail } from '../../contract/api';
import { resolveAsset } from '../shared/lib/asset-url';
import { LearnMoreModal } from './LearnMoreModal';
import { SafeHtml } from '../shared/ui/SafeHtml';

export function ContentBlock({ detail }: { detail: HomeDetail }) {
  const [open, setOpen] = useState(false);
  const c = detail.model?.ContentDetails;
  const on = !!(c && (c.Status ?? c.PageContentStatus));
  if (!on) {
    return (
      <section className="home-block home-block--ad" aria-label="Announcement" data-testid="content-block">
        <SafeHtml html={detail.model?.AdvertisementContent?.AdHomeLeftContent} className="rich-text" />
      </section>
    );
  }
  const image = resolveAsset(detail.DomainUrl, c.PageContentImagePath);
  return (
    <section className="home-block" aria-labelledby="content-block-heading" data-testid="content-block">
      {image && <img className="home-block__image" src={image} alt="" loading="lazy" />}
      <div className="home-block__text">
        <h2 id="content-block-heading">{c.PageContentHeading}</h2>
        <SafeHtml html={c.PageContentShort} className="rich-text" />
        <button type="button" className="btn" onClick={() => setOpen(true)}>
          Learn More
        </button>
      </div>
      <LearnMoreModal open={open} heading={c.PageContentHeading} imageUrl={image} html={c.PageContent} onClose={() => setOpen(false)} />
    </section>
  );
}
