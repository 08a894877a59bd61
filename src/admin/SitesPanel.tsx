import { useCallback, useEffect, useState } from 'react';
import type { AdminMe, AdminSite } from '../../contract/admin';
import { adminGet, adminSend } from './api';
import { ADMIN_ONLY_SECTIONS, SECTION_FIELDS, SECTION_LABELS } from './fields';
import { SectionForm } from './SectionForm';
import { MenusEditor } from './MenusEditor';
import { TitlesChooser } from './TitlesChooser';
import { KioskForm, type KioskValue } from './KioskForm';

/** Sites: pick one, edit its origins and every section; admins also create sites and choose titles. */
export function SitesPanel({ me }: { me: AdminMe }) {
  const [sites, setSites] = useState<AdminSite[]>([]);
  const [siteId, setSiteId] = useState<number | null>(null);
  const [sections, setSections] = useState<Record<string, Record<string, unknown>> | null>(null);
  const [tab, setTab] = useState('settings');
  const [error, setError] = useState<string | null>(null);
  const isAdmin = me.role === 'admin';

  const loadSites = useCallback(async () => {
    const list = await adminGet<AdminSite[]>('Sites');
    setSites(list);
    setSiteId((id) => id ?? list[0]?.id ?? null);
  }, []);
  useEffect(() => {
    loadSites().catch((e) => setError((e as Error).message));
  }, [loadSites]);
  useEffect(() => {
    if (siteId == null) return;
    setSections(null);
    adminGet<Record<string, Record<string, unknown>>>(`Sites/${siteId}/Sections`).then(setSections, (e) => setError((e as Error).message));
  }, [siteId]);

  const site = sites.find((s) => s.id === siteId);
  const saveSection = async (name: string, data: unknown) => {
    const saved = await adminSend<Record<string, unknown>>('PUT', `Sites/${siteId}/Sections/${name}`, data);
    setSections((s) => ({ ...(s ?? {}), [name]: saved }));
  };
  const tabs = [...Object.keys(SECTION_LABELS), ...(isAdmin ? ['kiosk', 'origins', 'titles'] : [])];
  const tabLabel = (t: string) => SECTION_LABELS[t] ?? ({ kiosk: 'Kiosk', origins: 'Origins', titles: 'Titles' } as Record<string, string>)[t] ?? t;

  return (
    <section aria-labelledby="sites-h">
      <h2 id="sites-h">Sites</h2>
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-row">
        <label htmlFor="site-pick">Site</label>
        <select id="site-pick" value={siteId ?? ''} onChange={(e) => setSiteId(Number(e.target.value))}>
          {sites.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.origins.join(', ') || 'no origins'}){s.isDefault ? ' — default' : ''}
            </option>
          ))}
        </select>
        {isAdmin && (
          <NewSite
            onCreated={async (s) => {
              await loadSites();
              setSiteId(s.id);
            }}
          />
        )}
      </div>
      <div role="tablist" aria-label="Site sections" className="admin-tabs">
        {tabs.map((t) => (
          <button key={t} role="tab" aria-selected={tab === t} onClick={() => setTab(t)} type="button">
            {tabLabel(t)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tabLabel(tab)}>
        {site && sections && tab === 'menus' && (
          <MenusEditor
            value={(sections.menus ?? { header: [], footer: [], footerSub: [] }) as never}
            onSave={(m) => saveSection('menus', m)}
            disabled={!isAdmin}
          />
        )}
        {site && sections && SECTION_FIELDS[tab] && (
          <SectionForm
            fields={SECTION_FIELDS[tab]}
            value={(sections[tab] ?? {}) as Record<string, unknown>}
            onSave={(d) => saveSection(tab, d)}
            disabled={!isAdmin && ADMIN_ONLY_SECTIONS.includes(tab)}
          />
        )}
        {site && sections && tab === 'kiosk' && (
          <KioskForm siteId={site.id} value={sections.kiosk as unknown as KioskValue} onSave={(k) => saveSection('kiosk', k)} disabled={!isAdmin} />
        )}
        {site && tab === 'origins' && <OriginsForm site={site} onSaved={loadSites} />}
        {site && tab === 'titles' && <TitlesChooser siteId={site.id} />}
      </div>
    </section>
  );
}

function OriginsForm({ site, onSaved }: { site: AdminSite; onSaved(): Promise<void> }) {
  const [name, setName] = useState(site.name);
  const [origins, setOrigins] = useState(site.origins.join('\n'));
  const [isDefault, setIsDefault] = useState(site.isDefault);
  const [msg, setMsg] = useState<string | null>(null);
  useEffect(() => {
    setName(site.name);
    setOrigins(site.origins.join('\n'));
    setIsDefault(site.isDefault);
  }, [site]);
  return (
    <form
      className="admin-form"
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          await adminSend('PUT', `Sites/${site.id}`, { name, isDefault, origins: origins.split(/\s+/).filter(Boolean) });
          await onSaved();
          setMsg('Saved.');
        } catch (err) {
          setMsg((err as Error).message);
        }
      }}
    >
      <div className="admin-field">
        <label htmlFor="site-name">Name</label>
        <input id="site-name" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="admin-field">
        <label htmlFor="site-origins">Origins (one per line: http://host:port or a bare host name)</label>
        <textarea id="site-origins" rows={3} value={origins} onChange={(e) => setOrigins(e.target.value)} />
      </div>
      <div className="admin-field admin-check">
        <input id="site-default" type="checkbox" checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} />
        <label htmlFor="site-default">Default site (for unknown origins)</label>
      </div>
      <div className="admin-actions">
        <button type="submit">Save</button>
        <p role="status">{msg}</p>
      </div>
    </form>
  );
}

function NewSite({ onCreated }: { onCreated(s: AdminSite): Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [slug, setSlug] = useState('');
  const [msg, setMsg] = useState<string | null>(null);
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        New site
      </button>
    );
  return (
    <form
      className="admin-row"
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          const s = await adminSend<AdminSite>('POST', 'Sites', { slug, name: slug, origins: [] });
          setOpen(false);
          await onCreated(s);
        } catch (err) {
          setMsg((err as Error).message);
        }
      }}
    >
      <label htmlFor="new-slug">Short name</label>
      <input id="new-slug" value={slug} onChange={(e) => setSlug(e.target.value)} required pattern="[a-z0-9-]+" />
      <button type="submit">Create</button>
      {msg && (
        <span className="admin-error" role="alert">
          {msg}
        </span>
      )}
    </form>
  );
}
