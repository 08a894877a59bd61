import { useEffect, useState } from 'react';
import type { FooterMenuItem, MenuItem } from '../../contract/api';

type Menus = { header: MenuItem[]; footer: FooterMenuItem[]; footerSub: FooterMenuItem[] };
const blank = (): FooterMenuItem => ({ MenuText: '', MenuLink: '', OpenInNewTab: false, FooterMenuID: 1 });

/** Header menu, footer menus and their submenus (linked by FooterMenuID). */
export function MenusEditor({ value, onSave, disabled }: { value: Menus; onSave(m: Menus): Promise<void>; disabled?: boolean }) {
  const [menus, setMenus] = useState<Menus>(value);
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => setMenus(value), [value]);

  const list = (key: keyof Menus, title: string, withId: boolean) => (
    <fieldset className="admin-field">
      <legend>{title}</legend>
      {(menus[key] as FooterMenuItem[]).map((item, i) => {
        const update = (patch: Partial<FooterMenuItem>) =>
          setMenus((m) => ({ ...m, [key]: (m[key] as FooterMenuItem[]).map((it, j) => (j === i ? { ...it, ...patch } : it)) }));
        return (
          <div className="admin-row" key={i}>
            <input
              aria-label={`${title} ${i + 1} text`}
              placeholder="Text"
              value={item.MenuText}
              onChange={(e) => update({ MenuText: e.target.value })}
              disabled={disabled}
            />
            <input
              aria-label={`${title} ${i + 1} link`}
              placeholder="Link"
              value={item.MenuLink}
              onChange={(e) => update({ MenuLink: e.target.value })}
              disabled={disabled}
            />
            {withId && (
              <input
                aria-label={`${title} ${i + 1} footer menu id`}
                type="number"
                min={1}
                value={item.FooterMenuID ?? 1}
                onChange={(e) => update({ FooterMenuID: Number(e.target.value) })}
                disabled={disabled}
              />
            )}
            <label>
              <input type="checkbox" checked={item.OpenInNewTab} onChange={(e) => update({ OpenInNewTab: e.target.checked })} disabled={disabled} /> new tab
            </label>
            <button
              type="button"
              onClick={() => setMenus((m) => ({ ...m, [key]: (m[key] as FooterMenuItem[]).filter((_, j) => j !== i) }))}
              disabled={disabled}
            >
              Remove
            </button>
          </div>
        );
      })}
      <button
        type="button"
        onClick={() =>
          setMenus((m) => ({ ...m, [key]: [...(m[key] as FooterMenuItem[]), withId ? blank() : { MenuText: '', MenuLink: '', OpenInNewTab: false }] }))
        }
        disabled={disabled}
      >
        Add item
      </button>
    </fieldset>
  );

  return (
    <form
      className="admin-form"
      onSubmit={async (e) => {
        e.preventDefault();
        setStatus(null);
        try {
          await onSave(menus);
          setStatus('Saved. The public site shows it now.');
        } catch (err) {
          setStatus((err as Error).message);
        }
      }}
    >
      {list('header', 'Header menu', false)}
      {list('footer', 'Footer menus', true)}
      {list('footerSub', 'Footer submenu items', true)}
      <div className="admin-actions">
        <button type="submit" disabled={disabled}>
          Save menus
        </button>
        <p role="status" aria-live="polite">
          {status}
        </p>
      </div>
    </form>
  );
}
