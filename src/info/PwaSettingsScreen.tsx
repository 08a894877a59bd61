// Installable-app guide (spec 2.5): install instructions per platform, and the browser's own install
// prompt where it offers one. Visiting marks the install link as viewed (the shell sets the cookie).
import { useEffect, useState } from 'react';
import { useSiteSettings } from '../shared/data/site-hooks';
import { isIPad, isMobile } from '../shared/lib/device';
import { canPromptInstall, onInstallPromptChange, promptInstall } from '../shared/lib/install-prompt';

type Platform = 'ios' | 'android' | 'desktop';

function detectPlatform(): Platform {
  const ua = navigator.userAgent.toLowerCase();
  if (/iphone|ipod/.test(ua) || isIPad()) return 'ios';
  if (isMobile()) return 'android';
  return 'desktop';
}

const isStandalone = () => window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

const GUIDES: { platform: Platform; heading: string; steps: string[] }[] = [
  {
    platform: 'ios',
    heading: 'iPhone and iPad (Safari)',
    steps: [
      'Open this archive in Safari.',
      'Tap the Share button (a square with an arrow pointing up).',
      'Scroll down and tap "Add to Home Screen".',
      'Tap "Add". The archive appears on your home screen.',
    ],
  },
  {
    platform: 'android',
    heading: 'Android (Chrome)',
    steps: [
      'Open this archive in Chrome.',
      'Tap the menu (three dots) at the top right.',
      'Tap "Install app" (or "Add to Home screen").',
      'Confirm with "Install". The archive appears with your apps.',
    ],
  },
  {
    platform: 'desktop',
    heading: 'Computer (Chrome or Edge)',
    steps: [
      'Open this archive in Chrome or Microsoft Edge.',
      'Click the install icon at the right end of the address bar (a screen with a down arrow), or open the browser menu and choose "Install Archive" ("Apps → Install this site as an app" in Edge).',
      'Click "Install". The archive opens in its own window and gets a desktop or Start-menu shortcut.',
    ],
  },
];

export function PwaSettingsScreen() {
  const { data: settings } = useSiteSettings();
  const [canPrompt, setCanPrompt] = useState(canPromptInstall());
  const [outcome, setOutcome] = useState<string | null>(null);
  const platform = detectPlatform();
  const installed = isStandalone();

  useEffect(() => onInstallPromptChange(() => setCanPrompt(canPromptInstall())), []);

  const install = async () => {
    const result = await promptInstall();
    setOutcome(
      result === 'accepted'
        ? 'Thank you: the archive is being installed.'
        : result === 'dismissed'
          ? 'Installation cancelled. You can install later from this page.'
          : null,
    );
  };

  const ordered = [...GUIDES].sort((a, b) => Number(b.platform === platform) - Number(a.platform === platform));
  return (
    <div className="container page page--narrow">
      <h1>{settings?.pwaSettings?.PageTitle || 'PWA Installation Guide'}</h1>
      <p>
        Install {settings?.SiteTitle || 'this archive'} as an app: it opens from your home screen or desktop like any other app, starts faster, and keeps
        working on a poor connection. Browse lists you have seen stay available offline.
      </p>
      {installed && (
        <p className="notice notice--ok" role="status">
          You are using the installed app already.
        </p>
      )}
      {!installed && canPrompt && (
        <p>
          <button type="button" className="btn btn--primary" onClick={install} data-testid="install-prompt-button">
            Install the app now
          </button>
        </p>
      )}
      {outcome && <p role="status">{outcome}</p>}
      {ordered.map((g) => (
        <section key={g.platform} className="guide" aria-labelledby={`guide-${g.platform}`}>
          <h2 id={`guide-${g.platform}`}>
            {g.heading}
            {g.platform === platform && <span className="guide__badge"> (your device)</span>}
          </h2>
          <ol>
            {g.steps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </section>
      ))}
      <p>Firefox on a computer cannot install web apps; use Chrome or Edge, or keep a bookmark.</p>
    </div>
  );
}
