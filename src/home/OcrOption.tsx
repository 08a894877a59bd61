// The advanced section's "Include likely OCR misreadings" switch: the search then also finds the forms the
// machine-read text likely garbled (senate → Scnate), as the results screen's switch of the same name does.
import { useId } from 'react';

export function OcrOption({ checked, onChange }: { checked: boolean; onChange(on: boolean): void }) {
  const hint = useId();
  return (
    <div className="advanced__ocr">
      <label className="advanced__ocr-label">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={hint} /> Include likely OCR misreadings
      </label>
      <p id={hint} className="advanced__ocr-hint">
        Old pages are read by machine: also find words it probably misread, such as “Scnate” for “senate”.
      </p>
    </div>
  );
}
