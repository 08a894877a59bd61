// The home screen (/home, spec 2.4): hero with the search form, browse panel, content and banner blocks.
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { BannerBlock } from './BannerBlock';
import { BrowsePanel } from './BrowsePanel';
import { ContentBlock } from './ContentBlock';
import { Hero } from './Hero';
import { SearchForm } from './SearchForm';
import { resetHomeSessionKeys, storeGlobalDates } from './session';
import { useHomeLinks } from '../shared/data/use-home-links';
import { ErrorModal } from '../shell/ErrorModal';
import { useBanner, useHomeDetail, useHomePageSettings } from '../shared/data/home-hooks';
import { useSiteSettings } from '../shared/data/site-hooks';
import './home.css';
import { lazyPart } from '../shared/ui/lazy-part';

// Ours, not the spec's: only a site that switches it on loads it (issue #36).
const OnThisDayBlock = lazyPart(() => import('./OnThisDayBlock').then((m) => m.OnThisDayBlock));

export function HomeScreen() {
  const [, navigate] = useLocation();
  const settings = useHomePageSettings();
  const detail = useHomeDetail();
  const banner = useBanner();
  const onThisDay = useSiteSettings().data?.onThisDay === true;
  const [error, setError] = useState<string | null>(null);

  // Entering the home screen resets the viewer and result keys (spec 4.2).
  useEffect(() => resetHomeSessionKeys(), []);

  const d = detail.data;
  // The archive's years, the date filter's bounds and every browse link come from the archive worker.
  const home = useHomeLinks(d);
  const links = home?.links;
  useEffect(() => {
    if (home?.fromData) storeGlobalDates(home.links.dates);
  }, [home]);

  const go = useCallback((url: string) => navigate(url), [navigate]);
  const showError = useCallback((message: string) => setError(message), []);

  // Until the hero's settings answer (or fail), only reserved space: the admin's heading has no known
  // height, and drawing the search panel without it would move the panel and all below it (issue #19).
  if (settings.loading && !settings.data) return <div className="home home--pending" aria-busy="true" data-testid="home-pending" />;

  return (
    <div className="home">
      <Hero settings={settings.data}>
        <SearchForm detail={d} links={links} onSearch={go} onError={showError} />
      </Hero>
      <div className="container home__body">
        {detail.error && !d && (
          <p className="home__notice" role="alert">
            The title and date lists could not be loaded. {detail.error.message}
          </p>
        )}
        {((detail.loading && !d) || (d && !home?.fromData)) && (
          <p className="home__notice" aria-busy="true">
            Loading the collection…
          </p>
        )}
        {d && home?.fromData && <BrowsePanel detail={d} links={home.links} onNavigate={go} onError={showError} />}
        <div className="home__blocks">
          {d && <ContentBlock detail={d} />}
          {banner.data && <BannerBlock banner={banner.data} />}
        </div>
        {onThisDay && <OnThisDayBlock />}
      </div>
      <ErrorModal message={error} onClose={() => setError(null)} />
    </div>
  );
}
