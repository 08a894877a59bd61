// "Restore an earlier version": the versions of one line (from the page's public history), each with a
// button that makes it the line's text again; version 0 is the OCR as scanned.
import { useState } from 'react';
import type { AdminCorrectionItem, CorrectionHistoryEntry } from '../../contract/corrections';
import { correctionsApi } from './corrections-api';
import { lineLabel, shortTime } from './corrections-format';

interface Props {
  item: AdminCorrectionItem;
  onRestore(version: number): Promise<void>;
}

export function RestoreVersions({ item, onRestore }: Props) {
  const [versions, setVersions] = useState<CorrectionHistoryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () =>
    correctionsApi.pageHistory(item.pageUid).then(
      (h) => setVersions(h.entries.filter((e) => e.lineId === item.lineId && e.state === 'published')),
      (e) => setError((e as Error).message),
    );
  const restore = async (version: number) => {
    await onRestore(version);
    await load();
  };
  return (
    <details className="corr-restore" onToggle={(e) => e.currentTarget.open && void load()}>
      <summary>
        Restore an earlier version
        <span className="visually-hidden">
          {' '}
          of {lineLabel(item.lineId)} (correction {item.id})
        </span>
      </summary>
      {error && <p className="admin-error">{error}</p>}
      {versions && (
        <ul className="corr-versions">
          {versions.map((v, i) => (
            <li key={v.id}>
              <span className="corr-versions__text">“{v.text}”</span> version {v.version}, {v.author}, {shortTime(v.at)}
              {i === 0 ? ' (current)' : ''}
              {i > 0 && (
                <button type="button" onClick={() => void restore(v.version)}>
                  Restore version {v.version}
                </button>
              )}
            </li>
          ))}
          <li>
            <span className="corr-versions__text">“{item.original}”</span> version 0, the OCR as scanned
            {versions.length > 0 && (
              <button type="button" onClick={() => void restore(0)}>
                Restore the OCR
              </button>
            )}
          </li>
        </ul>
      )}
    </details>
  );
}
