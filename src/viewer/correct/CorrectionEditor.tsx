// "Fix this text": the page's OCR lines as editable lines, each beside its picture. Saves go through the
// outbox (kept on the device, sent once); the answers come back through it too: a saved line takes its new
// version, a 409 shows both texts, a refusal shows why. Loaded only when a visitor opens it.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CorrectionHistoryEntry, CorrectionLine, CorrectionSummary, PageLinesResponse } from '../../../contract/corrections';
import type { ViewerPageResponse } from '../../../contract/viewer';
import { useOnlineStatus } from '../../shared/data/online';
import { cropAspect, lineCropUrl } from './line-crop';
import { fetchPageHistory, loadPageLines } from './corrections-api';
import { dropCorrectionItem, keepCorrection, usePageCorrectionItems } from './correction-outbox';
import { useDisplayName } from './display-name';
import { LineRow, lineFieldId } from './LineRow';
import { EditorHeader } from './EditorHeader';
import './correct.css';

interface Props {
  page: ViewerPageResponse;
  /** A line to bring into view and focus (from /saved: "Open the line"). */
  focusLineId?: string | null;
  onSummary(summary: CorrectionSummary): void;
  /** changed: a correction was published, so the page's words should be read again. */
  onClose(changed: boolean): void;
}

const labelOf = (lineId: string) => `Line ${lineId.replace(/^L/, '')}`;

export default function CorrectionEditor({ page, focusLineId, onSummary, onClose }: Props) {
  const online = useOnlineStatus();
  const [data, setData] = useState<PageLinesResponse | null>(null);
  const [fromDevice, setFromDevice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<Record<string, 'published' | 'pending'>>({});
  const [history, setHistory] = useState<{ entries: CorrectionHistoryEntry[] | null; error: string | null; asked: boolean }>({
    entries: null,
    error: null,
    asked: false,
  });
  const [announce, setAnnounce] = useState('');
  const [name, setName] = useDisplayName();
  const items = usePageCorrectionItems(page.uid);
  const changedPage = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      loadPageLines(page.uid, signal).then(
        (r) => {
          setData(r.lines);
          setFromDevice(r.fromDevice);
          setError(null);
        },
        (err: Error) => err.name !== 'AbortError' && setError(err.message),
      ),
    [page.uid],
  );
  useEffect(() => {
    const ctl = new AbortController();
    void load(ctl.signal);
    return () => ctl.abort();
  }, [load]);

  const historyAsked = useRef(false);
  const loadHistory = useCallback(() => {
    historyAsked.current = true;
    setHistory((h) => ({ ...h, asked: true, error: null }));
    fetchPageHistory(page.uid).then(
      (r) => setHistory({ entries: r.entries, error: null, asked: true }),
      (err: Error) => setHistory({ entries: null, error: `The history cannot be shown: ${err.message}`, asked: true }),
    );
  }, [page.uid]);

  const lines = useMemo(() => data?.lines ?? [], [data]);
  const byId = useMemo(() => new Map(lines.map((l) => [l.id, l])), [lines]);
  const replaceLine = useCallback((line: CorrectionLine) => setData((d) => d && { ...d, lines: d.lines.map((l) => (l.id === line.id ? line : l)) }), []);

  // Answers arriving through the outbox: a saved line takes its new version (and the item is done with);
  // a 409 asks for the line as it is now, to show beside the visitor's text. Each answer is taken once: the
  // item stays in the live list until its removal is read back, and taking it again on every render in
  // between (replaceLine renders anew) looped, and with two lines sent together one line kept "Sending…".
  const taken = useRef(new Set<string>());
  useEffect(() => {
    if (!items) return;
    for (const item of items.values()) {
      if (item.state !== 'sent' || !item.result || taken.current.has(item.clientId)) continue;
      taken.current.add(item.clientId);
      const r = item.result;
      replaceLine(r.line);
      onSummary(r.summary);
      if (r.state === 'published') changedPage.current = true;
      setSaved((s) => ({ ...s, [r.lineId]: r.state === 'pending' ? 'pending' : 'published' }));
      setDrafts((d) => {
        if (d[r.lineId] !== item.body.text) return d;
        const { [r.lineId]: _, ...rest } = d;
        return rest;
      });
      setAnnounce(`${labelOf(r.lineId)} saved.`);
      void dropCorrectionItem(item);
      if (historyAsked.current) loadHistory();
    }
  }, [items, replaceLine, onSummary, loadHistory]);
  const conflictKey = useRef('');
  useEffect(() => {
    if (!items) return;
    const conflicts = [...items.values()]
      .filter((item) => item.state === 'failed' && item.lastStatus === 409 && byId.get(item.body.lineId)?.version === item.body.baseVersion)
      .map((item) => item.clientId);
    const key = conflicts.join();
    if (key && key !== conflictKey.current) void load();
    conflictKey.current = key;
  }, [items, byId, load]);

  // Focus: the line asked for (from /saved), else the editor's heading, so the keyboard starts here.
  const focused = useRef(false);
  useEffect(() => {
    if (focused.current || !data) return;
    focused.current = true;
    const target = focusLineId ? document.getElementById(lineFieldId(focusLineId)) : null;
    if (target) {
      target.scrollIntoView({ block: 'center' });
      target.focus();
    } else heading.current?.focus();
  }, [data, focusLineId]);

  const readOnly = !!data && data.policy.requireAccount && !data.policy.signedIn;
  const draftOf = (line: CorrectionLine) => drafts[line.id] ?? items?.get(line.id)?.body.text ?? line.text;
  const changedIds = lines.filter((l) => draftOf(l) !== l.text && items?.get(l.id)?.state !== 'sending').map((l) => l.id);

  const save = async (lineId: string, text: string, baseVersion: number) => {
    setSaved(({ [lineId]: _, ...rest }) => rest);
    try {
      await keepCorrection({ pageUid: page.uid, lineId, text, baseVersion, displayName: name.trim() || undefined }, items?.get(lineId));
    } catch (err) {
      setAnnounce(`${labelOf(lineId)} could not be kept on this device: ${(err as Error).message}`);
    }
  };
  const saveLine = (lineId: string) => {
    const line = byId.get(lineId);
    if (line) void save(lineId, drafts[lineId] ?? line.text, line.version);
  };
  const setDraft = useCallback((lineId: string, text: string) => {
    setDrafts((d) => ({ ...d, [lineId]: text }));
    setSaved(({ [lineId]: _, ...rest }) => rest);
  }, []);
  const undo = async (lineId: string) => {
    setDrafts(({ [lineId]: _, ...rest }) => rest);
    const item = items?.get(lineId);
    if (item && item.state !== 'sending' && item.state !== 'sent') await dropCorrectionItem(item);
  };
  const move = useCallback(
    (lineId: string, step: 1 | -1) => {
      const i = lines.findIndex((l) => l.id === lineId) + step;
      if (lines[i]) document.getElementById(lineFieldId(lines[i].id))?.focus();
    },
    [lines],
  );
  const keepTheirs = async (lineId: string) => {
    const item = items?.get(lineId);
    setDrafts(({ [lineId]: _, ...rest }) => rest);
    if (item) await dropCorrectionItem(item);
    document.getElementById(lineFieldId(lineId))?.focus();
  };
  const saveMine = (lineId: string) => {
    const item = items?.get(lineId);
    const line = byId.get(lineId);
    if (!item || !line) return;
    setDrafts((d) => ({ ...d, [lineId]: item.body.text }));
    void save(lineId, item.body.text, line.version);
    document.getElementById(lineFieldId(lineId))?.focus();
  };

  return (
    <section className="cx-editor" aria-labelledby="cx-title" data-testid="correction-editor">
      <EditorHeader
        heading={heading}
        name={name}
        onName={setName}
        policy={data?.policy ?? null}
        readOnly={readOnly}
        online={online}
        fromDevice={fromDevice}
        changedCount={changedIds.length}
        onSaveAll={() => changedIds.forEach(saveLine)}
        onDone={() => onClose(changedPage.current)}
      />
      {error && !data && (
        <p className="cx-error" role="alert">
          The lines of this page cannot be opened for correcting: {error}
        </p>
      )}
      {!data && !error && <p className="vz-muted">Opening the lines…</p>}
      {data && !lines.length && <p className="vz-muted">This page has no OCR lines to correct.</p>}
      <ol className="cx-lines" aria-label="Lines of this page">
        {lines.map((line) => (
          <LineRow
            key={line.id}
            line={line}
            label={labelOf(line.id)}
            cropUrl={page.imageService ? lineCropUrl(page.imageService, line.box, page.width, page.height) : null}
            cropAspect={cropAspect(line.box, page.width, page.height)}
            draft={draftOf(line)}
            item={items?.get(line.id)}
            saved={saved[line.id] ?? null}
            readOnly={readOnly}
            online={online}
            history={history.entries?.filter((e) => e.lineId === line.id) ?? null}
            historyError={history.error}
            onDraft={setDraft}
            onSave={saveLine}
            onUndo={(id) => void undo(id)}
            onMove={move}
            onKeepTheirs={(id) => void keepTheirs(id)}
            onSaveMine={saveMine}
            onHistory={history.asked ? noop : loadHistory}
          />
        ))}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announce}
      </p>
    </section>
  );
}

const noop = () => undefined;
