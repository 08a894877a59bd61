// The Text tab of the viewer: the page's OCR text tied to the image, how many of its lines people have
// corrected, and "Fix this text", which swaps the text for the line editor (loaded only when asked for).
import { useEffect, useRef, useState } from 'react';
import type { ViewerPageResponse } from '../../../contract/viewer';
import type { CorrectionSummary } from '../../../contract/corrections';
import { correctionSummaryText } from '../correct/summary-text';
import { OcrText } from './OcrText';
import { lazyPart } from '../../shared/ui/lazy-part';

const CorrectionEditor = lazyPart(() => import('../correct/CorrectionEditor').then((m) => m.default));

interface Props {
  page: ViewerPageResponse;
  hitWords: Set<number>;
  selected: number | null;
  onSelect(index: number): void;
  /** A line to open the editor at (?fix=L12 on the viewer URL), or null. */
  fixLine: string | null;
  onEditing(editing: boolean): void;
  /** The page's text changed: read the page again. */
  onCorrected(): void;
}

export function TextPanel({ page, hitWords, selected, onSelect, fixLine, onEditing, onCorrected }: Props) {
  const [editing, setEditing] = useState(!!fixLine);
  const [summary, setSummary] = useState<CorrectionSummary | null>(page.corrections ?? null);
  const fixButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setSummary(page.corrections ?? null), [page]);
  useEffect(() => onEditing(editing), [editing, onEditing]);
  useEffect(() => {
    if (fixLine) setEditing(true);
  }, [fixLine]);

  const close = (changed: boolean) => {
    setEditing(false);
    if (changed) onCorrected();
    // Back to the button that opened the editor, once it is on screen again.
    requestAnimationFrame(() => fixButton.current?.focus());
  };
  return (
    <>
      <p className="vz-muted" data-testid="correction-summary">
        {correctionSummaryText(summary)}
      </p>
      {editing ? (
        <CorrectionEditor
          placeholder={<p className="vz-muted">Opening the editor…</p>}
          page={page}
          focusLineId={fixLine}
          onSummary={setSummary}
          onClose={close}
        />
      ) : (
        <>
          {page.words.length > 0 && (
            <button ref={fixButton} type="button" className="vz-btn" onClick={() => setEditing(true)}>
              Fix this text
            </button>
          )}
          <OcrText words={page.words} hitWords={hitWords} selected={selected} onSelect={onSelect} />
        </>
      )}
    </>
  );
}
