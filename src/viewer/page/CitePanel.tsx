// "Cite this page": the page's (or a clip's) citation in Chicago, MLA or APA, a "Copy citation" button and
// the reference as RIS, BibTeX and CSL-JSON files. The record comes from contract/citation.ts; the
// formatting from citation-js, loaded when this panel first shows (cite-engine.ts). Until it has loaded, or
// where it cannot load (offline without it), the plain citation stands in.
import { useEffect, useId, useState } from 'react';
import { CITE_STYLES, pageCsl, type CitablePage, type CiteOptions, type CiteStyleId } from '../../../contract/citation';
import { copyText } from '../../shared/lib/format';
import { downloadText } from '../../shared/lib/download';

type Engine = typeof import('./cite-engine');

const STYLE_KEY = 'na.citeStyle';

function savedStyle(): CiteStyleId {
  try {
    const s = localStorage.getItem(STYLE_KEY);
    return CITE_STYLES.some((c) => c.id === s) ? (s as CiteStyleId) : 'chicago';
  } catch {
    return 'chicago';
  }
}

interface Props {
  heading: string;
  /** The page (contract/citation.ts builds its CSL-JSON item). */
  record: CitablePage;
  /** A clip's region and caption; the archive's name. */
  options?: CiteOptions;
  /** The citation shown before (or without) the formatter. */
  fallback: string;
  /** The stable link "Copy link" copies. */
  link: string;
  /** File name without extension for the downloads. */
  fileBase: string;
}

export default function CitePanel({ heading, record, options, fallback, link, fileBase }: Props) {
  const item = pageCsl(record, options);
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failed, setFailed] = useState(false);
  const [style, setStyle] = useState<CiteStyleId>(savedStyle);
  const [copied, setCopied] = useState('');
  const id = useId();

  useEffect(() => {
    let live = true;
    import('./cite-engine').then(
      (m) => live && setEngine(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  let citation = fallback;
  if (engine) {
    try {
      citation = engine.formatCitation(item, style) || fallback;
    } catch {
      citation = fallback;
    }
  }
  const pick = (s: CiteStyleId) => {
    setStyle(s);
    setCopied('');
    try {
      localStorage.setItem(STYLE_KEY, s);
    } catch {
      // A private window may refuse storage: the choice then lasts for this page only.
    }
  };
  const copy = async (what: string, text: string) => setCopied((await copyText(text)) ? what : '');
  const files: { label: string; ext: string; type: string; make: (e: Engine) => string }[] = [
    { label: 'RIS', ext: 'ris', type: 'application/x-research-info-systems', make: (e) => e.toRis(item) },
    { label: 'BibTeX', ext: 'bib', type: 'application/x-bibtex', make: (e) => e.toBibtex(item) },
    { label: 'CSL-JSON', ext: 'json', type: 'application/vnd.citationstyles.csl+json', make: (e) => e.toCslJson(item) },
  ];
  return (
    <section className="vz-cite" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{heading}</h3>
      <fieldset className="vz-cite-styles" disabled={!engine}>
        <legend>Citation style</legend>
        {CITE_STYLES.map((s) => (
          <label key={s.id} className="vz-cite-style">
            <input type="radio" name={`${id}-style`} value={s.id} checked={style === s.id} onChange={() => pick(s.id)} />
            {s.label}
          </label>
        ))}
      </fieldset>
      <p className="vz-citation" data-testid="citation" data-style={engine ? style : 'plain'}>
        {citation}
      </p>
      {failed && <p className="vz-muted">The citation styles need the network the first time; the citation above is plain.</p>}
      <div className="vz-row">
        <button type="button" className="vz-btn" onClick={() => copy('citation', citation)}>
          Copy citation
        </button>
        <button type="button" className="vz-btn" onClick={() => copy('link', link)}>
          Copy link
        </button>
      </div>
      <p className="vz-cite-files">
        <span id={`${id}-files`}>Reference file:</span>{' '}
        {files.map((f) => (
          <button
            key={f.ext}
            type="button"
            className="vz-btn"
            aria-describedby={`${id}-files`}
            disabled={!engine}
            onClick={() => engine && downloadText(`${fileBase}.${f.ext}`, f.type, f.make(engine))}
          >
            {f.label}
          </button>
        ))}
      </p>
      <p role="status" className="vz-muted">
        {copied ? `The ${copied} is copied.` : ''}
      </p>
    </section>
  );
}
