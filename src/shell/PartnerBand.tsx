// Partnership band (spec 2.3): every FooterLogoList logo links to /home with SiteName as its alt text;
// an empty list shows the single DefaultFooterLogo.
import { Link } from 'wouter';
import type { SiteSettings } from '../../contract/api';
import { LOADER_IMAGE, resolveAsset } from '../shared/lib/asset-url';

export const PARTNER_HEADING = 'Access To This Archive Is Possible Through Partnerships';

export function partnerLogos(settings: SiteSettings): string[] {
  const list = (settings.FooterLogoList ?? []).filter((p) => p && p.trim());
  const paths = list.length > 0 ? list : settings.DefaultFooterLogo ? [settings.DefaultFooterLogo] : [];
  return paths.map((p) => resolveAsset(settings.DomainUrl, p));
}

export function PartnerBand({ settings }: { settings: SiteSettings }) {
  const logos = partnerLogos(settings);
  return (
    <section className="partner-band" aria-labelledby="partner-band-heading">
      <div className="container">
        <h2 id="partner-band-heading" className="partner-band__heading">
          {PARTNER_HEADING}
        </h2>
        <ul className="partner-band__logos">
          {logos.map((src, i) => (
            <li key={`${src}-${i}`}>
              <Link href="/home" className="partner-band__link">
                <img
                  src={src}
                  alt={settings.SiteName}
                  loading="lazy"
                  width={180}
                  height={72}
                  data-testid="partner-logo"
                  onError={(e) => {
                    if (!e.currentTarget.src.endsWith(LOADER_IMAGE)) e.currentTarget.src = LOADER_IMAGE;
                  }}
                />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
