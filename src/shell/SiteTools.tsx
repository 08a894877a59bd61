// Site tools (spec 2.3): a button opens the box 'Change Brightness & Contrast' with three sliders, each
// showing its value. The values apply to the content area (App) and persist (accessibility-values.ts).
import { useEffect, useId, useRef, useState } from 'react';
import { SLIDERS, type AccessibilityKey, type AccessibilityValues } from './accessibility-values';
import { ToolsIcon } from './shell-icons';
import { useCloseOnNavigation } from './use-close-on-navigation';
import { useEscapeToClose } from './use-escape-to-close';
import { useLocation } from 'wouter';
import { floatingBottom } from './floating';
import { shareButtonBottom, siteToolsBottom } from './shell-rules';
import { isIPad, isMobile } from '../shared/lib/device';

export const SITE_TOOLS_TITLE = 'Change Brightness & Contrast';

export interface SiteToolsProps {
  values: AccessibilityValues;
  onChange(key: AccessibilityKey, value: number): void;
  onReset(): void;
}

export function SiteTools({ values, onChange, onReset }: SiteToolsProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [location] = useLocation();
  useCloseOnNavigation(open, () => setOpen(false));

  useEscapeToClose(open, () => setOpen(false), buttonRef);
  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [open]);

  return (
    // Stacked above the share button, off the middle of the screen where the content is read and used.
    <div className="site-tools" style={{ bottom: floatingBottom(siteToolsBottom(shareButtonBottom(location, isMobile(), isIPad()))) }} data-testid="site-tools">
      <button
        ref={buttonRef}
        type="button"
        className="site-tools__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Brightness, contrast and text size"
        title="Brightness, contrast and text size"
        onClick={() => setOpen((o) => !o)}
      >
        <ToolsIcon />
      </button>
      {/* The box's contents are built only when it opens: three range inputs cost a phone tens of
          milliseconds on every first paint, for a box most visits never open (issue #19). */}
      <div ref={panelRef} id={panelId} className="site-tools__panel" role="group" aria-labelledby={open ? titleId : undefined} hidden={!open}>
        {open && (
          <>
            <h2 id={titleId} className="site-tools__title">
              {SITE_TOOLS_TITLE}
            </h2>
            {(Object.keys(SLIDERS) as AccessibilityKey[]).map((key) => (
              <Slider key={key} name={key} value={values[key]} onChange={(v) => onChange(key, v)} />
            ))}
            <div className="site-tools__actions">
              <button type="button" className="btn" onClick={onReset}>
                Reset
              </button>
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => {
                  setOpen(false);
                  buttonRef.current?.focus();
                }}
              >
                Done
              </button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function Slider({ name, value, onChange }: { name: AccessibilityKey; value: number; onChange(v: number): void }) {
  const id = useId();
  const s = SLIDERS[name];
  return (
    <div className="site-tools__slider">
      <label htmlFor={id}>
        {s.label}{' '}
        <output htmlFor={id} aria-live="off" data-testid={`${name}-value`}>
          {value}
        </output>
      </label>
      <input
        id={id}
        type="range"
        min={s.min}
        max={s.max}
        step={1}
        value={value}
        data-testid={`${name}-slider`}
        aria-valuetext={`${value}%`}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      />
    </div>
  );
}
