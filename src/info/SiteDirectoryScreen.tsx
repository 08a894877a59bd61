// Site Directory: the sites of this installation (GET /Api/Site/Directory), each with its addresses.
import { useEffect, useState } from 'react';
import { DIRECTORY_ENDPOINT, type DirectorySite } from '../../contract/contact';
import { getJson } from '../shared/data/http';

export function SiteDirectoryScreen() {
  const [sites, setSites] = useState<DirectorySite[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    getJson<DirectorySite[]>(DIRECTORY_ENDPOINT, {}, ctrl.signal).then(setSites, (err: Error) => {
      if (err.name !== 'AbortError') setError(err.message);
    });
    return () => ctrl.abort();
  }, []);

  const here = typeof location === 'undefined' ? '' : location.origin.toLowerCase();
  return (
    <div className="container page">
      <h1>Site Directory</h1>
      <p>Every archive site served by this installation. Each site shows its own collection of newspaper titles.</p>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {!sites && !error && <p aria-live="polite">Loading the sites…</p>}
      {sites && (
        <ul className="card-list" data-testid="site-directory">
          {sites.map((s) => {
            const current = s.origins.some((o) => o === here || here.includes(`//${o}`) || here.includes(`//${o}:`));
            return (
              <li key={s.name} className="card">
                <h2 className="card__title">{s.SiteTitle || s.name}</h2>
                {current && <p className="card__badge">You are here</p>}
                {s.origins.length > 0 ? (
                  <ul className="card__links">
                    {s.origins.map((o) => {
                      const href = /^https?:\/\//.test(o) ? o : `${location.protocol}//${o}${location.port ? `:${location.port}` : ''}`;
                      return (
                        <li key={o}>
                          <a href={`${href.replace(/\/+$/, '')}/home`}>{href.replace(/^https?:\/\//, '')}</a>
                        </li>
                      );
                    })}
                  </ul>
                ) : (
                  <p>{s.isDefault ? 'The default site: shown for any address not listed here.' : 'No address configured yet.'}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
