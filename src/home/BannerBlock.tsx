// Banner block (spec 2.4, 3.9, 4.5): the banner when its flag is on ('Learn More' only when ContentMore),
// else the right advertisement HTML.
import { useState } from 'react';
import type { BannerResponse } from '../../contract/api';
import { resolveAsset } from '../shared/lib/asset-url';
import { LearnMoreModal } from './LearnMoreModal';
import { SafeHtml } from '../shared/ui/SafeHtml';

export function BannerBlock({ banner }: { banner: BannerResponse }) {
  const [open, setOpen] = useState(false);
  const b = banner.webBannerModel;
  const on = !!(b && (b.Status ?? b.BannerStatus));
  if (!on) {
    return (
      <section className="home-block home-block--ad" aria-label="Advertisement" data-testid="banner-block">
        <SafeHtml html={b?.homeAdvertisementContent?.AdHomeRightContent} className="rich-text" />
      </section>
    );
  }
  const image = resolveAsset(banner.DomainUrl, b.BannerImagePath);
  return (
    <section className="home-block home-block--banner" aria-labelledby="banner-block-heading" data-testid="banner-block">
      <div className="home-block__text">
        <h2 id="banner-block-heading">{b.BannerHeading}</h2>
        <SafeHtml html={b.BannerContentShort} className="rich-text" />
      </div>
      {image && <img className="home-block__image" src={image} alt="" loading="lazy" />}
      {banner.ContentMore && (
        <div className="home-block__actions">
          <button type="button" className="btn" onClick={() => setOpen(true)}>
            Learn More
          </button>
        </div>
      )}
      {banner.ContentMore && <LearnMoreModal open={open} heading={b.BannerHeading} imageUrl={image} html={b.BannerContent} onClose={() => setOpen(false)} />}
    </section>
  );
}
