import { useEffect, useMemo, useState } from 'react';
import type { AdminSiteTitles, AdminTitle } from '../../contract/admin';
import { adminGet, adminSend } from './api';

/** Which titles a site shows (none chosen = every title). */
export function TitlesChooser({ siteId }: { siteId: number }) {
  const [titles, setTitles] = useState<AdminTitle[]>([]);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [filter, setFilter] = useState('');
  const [msg, setMsg] = useState<string | null>(null);
  useEffect(() => {
    Promise.all([adminGet<AdminTitle[]>('Titles'), adminGet<AdminSiteTitles>(`Sites/${siteId}/Titles`)]).then(
      ([all, mine]) => {
        setTitles(all);
        setChosen(new Set(mine.titleIds));
      },
      (e) => setMsg((e as Error).message),
    );
  }, [siteId]);
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (f ? titles.filter((t) => t.name.toLowerCase().includes(f) || t.lccn.includes(f)) : titles).slice(0, 500);
  }, [titles, filter]);
  const toggle = (id: number) =>
    setChosen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  return (
    <div className="admin-form">
      <p>{chosen.size === 0 ? 'This site shows every title.' : `This site shows ${chosen.size} of ${titles.length} titles.`}</p>
      <div className="admin-field">
        <label htmlFor="title-filter">Filter titles</label>
        <input id="title-filter" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </div>
      <ul className="admin-list">
        {shown.map((t) => (
          <li key={t.id}>
            <label>
              <input type="checkbox" checked={chosen.has(t.id)} onChange={() => toggle(t.id)} /> {t.name}{' '}
              <small>
                ({t.lccn}, {t.years}, {t.pages} pages)
              </small>
            </label>
          </li>
        ))}
      </ul>
      <div className="admin-actions">
        <button
          type="button"
          onClick={async () => {
            try {
              await adminSend('PUT', `Sites/${siteId}/Titles`, { titleIds: [...chosen] });
              setMsg('Saved.');
            } catch (e) {
              setMsg((e as Error).message);
            }
          }}
        >
          Save titles
        </button>
        <p role="status">{msg}</p>
      </div>
    </div>
  );
}
