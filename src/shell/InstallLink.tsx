// Install-app link (spec 2.3, 4.9): the configured tooltip and base64 image, leading to /pwasettings
// (same tab on phones and tablets; on desktop a new tab when OpenInNewWindow). Hidden when pwaSettings
// is null or the 'pwalinkviewed' cookie is true. 80 px from the bottom in viewers, 30 px elsewhere.
import { useId } from 'react';
import { useLocation } from 'wouter';
import type { PwaSettings } from '../../contract/api';
import { PWA_SETTINGS_PATH } from '../../contract/routes';
import { installButtonBottom, installLinkOpensNewTab } from './shell-rules';
import { base64ImageSrc } from '../shared/lib/asset-url';
import { isHandheld } from '../shared/lib/device';
import { AppLink } from '../shared/ui/AppLink';
import { floatingBottom } from './floating';

export function InstallLink({ pwa, viewed, domainUrl }: { pwa: PwaSettings | null | undefined; viewed: boolean; domainUrl?: string }) {
  const [location] = useLocation();
  const tipId = useId();
  if (!pwa || viewed) return null;
  const tooltip = pwa.ButtonTooltip || pwa.PwaButtonTooltip || 'Install this archive as an app';
  const image = base64ImageSrc(pwa.ButtonImage || pwa.PwaButtonImage, domainUrl);
  const newTab = installLinkOpensNewTab(isHandheld(), pwa.OpenInNewWindow);
  return (
    <div className="install-link" style={{ bottom: floatingBottom(installButtonBottom(location)) }} data-testid="install-link">
      <AppLink href={PWA_SETTINGS_PATH} inApp={!newTab} newTab={newTab} className="install-link__a" title={tooltip}>
        {image ? <img src={image} alt="" width={48} height={48} /> : <span aria-hidden="true">⤓</span>}
        <span className="install-link__label">Install app</span>
        <span id={tipId} role="tooltip" className="install-link__tooltip">
          {tooltip}
        </span>
      </AppLink>
    </div>
  );
}
