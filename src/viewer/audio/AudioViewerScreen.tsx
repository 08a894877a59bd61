// /audioviewer?item={uid}: an audio item with its transcript beside it. The cue being spoken is
// highlighted, a cue click seeks there, and a search in the transcript jumps from match to match.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import type { AudioItemResponse } from '../../../contract/viewer';
import { fetchAudioItem } from '../common/viewer-api';
import { TranscriptList } from './TranscriptList';
import { cueAt, matchingCues } from './transcript-search';
import { Icon } from '../../shared/ui/icons';
import { longDate } from '../../shared/lib/format';
import '../common/viewer.css';

export function AudioViewerScreen() {
  const search = useSearch();
  const uid = useMemo(() => new URLSearchParams(search).get('item'), [search]);
  const [item, setItem] = useState<AudioItemResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [current, setCurrent] = useState(-1);
  const [query, setQuery] = useState('');
  const [applied, setApplied] = useState('');
  const [matchIndex, setMatchIndex] = useState(0);
  const audio = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    if (!uid) return setError('No audio item was given.');
    const ctl = new AbortController();
    fetchAudioItem(uid, ctl.signal).then(setItem, (err: Error) => err.name !== 'AbortError' && setError(err.message));
    return () => ctl.abort();
  }, [uid]);

  const cues = useMemo(() => item?.cues ?? [], [item]);
  const matches = useMemo(() => matchingCues(cues, applied), [cues, applied]);
  const matchSet = useMemo(() => new Set(matches), [matches]);

  const seek = (i: number) => {
    const a = audio.current;
    if (!a || !cues[i]) return;
    a.currentTime = cues[i].start + 0.01;
    setCurrent(i);
  };
  const jump = (k: number) => {
    if (!matches.length) return;
    const n = ((k % matches.length) + matches.length) % matches.length;
    setMatchIndex(n);
    seek(matches[n]);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setApplied(query);
    const found = matchingCues(cues, query);
    setMatchIndex(0);
    if (found.length) seek(found[0]);
  };

  return (
    <div className="vz-app" data-testid="audio-viewer">
      <header className="vz-top">
        <Link href="/home" className="vz-btn vz-back" aria-label="Home">
          <Icon name="back" />
          <span className="vz-back-label">Home</span>
        </Link>
        <div className="vz-where">
          <h1 className="vz-title">{item ? item.label : 'Audio'}</h1>
          {item && <p className="vz-sub">{[item.title, longDate(item.date)].filter(Boolean).join(' · ')}</p>}
        </div>
      </header>
      <div className="vz-audio-body">
        {error && (
          <div className="vz-message vz-message--light" role="alert">
            <h2>This recording cannot be played</h2>
            <p>{error}</p>
          </div>
        )}
        {item && (
          <>
            <section className="vz-audio-player" aria-label="Player">
              <audio
                ref={audio}
                controls
                preload="metadata"
                src={item.mediaUrl}
                onTimeUpdate={(e) => setCurrent(cueAt(cues, e.currentTarget.currentTime))}
                onSeeked={(e) => setCurrent(cueAt(cues, e.currentTarget.currentTime))}
                data-testid="audio"
              >
                <track kind="captions" srcLang="en" label="Transcript" src={item.transcriptUrl} />
              </audio>
              <p className="vz-now" aria-live="off" data-testid="now-speaking">
                {current >= 0 ? cues[current].text : 'Press play to listen; the transcript follows the voice.'}
              </p>
              <form className="vz-audio-search" role="search" aria-label="Search the transcript" onSubmit={submit}>
                <label htmlFor="vz-audio-q">Search the transcript</label>
                <div className="vz-search-row">
                  <input id="vz-audio-q" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="A word or phrase" />
                  <button type="submit" className="vz-btn vz-btn--primary">
                    Find
                  </button>
                </div>
                {applied && (
                  <div className="vz-row vz-audio-matches">
                    <button type="button" className="vz-tool" onClick={() => jump(matchIndex - 1)} disabled={matches.length < 2} aria-label="Previous match">
                      <Icon name="prev" />
                    </button>
                    <span role="status" data-testid="audio-match-count">
                      {matches.length ? `Match ${matchIndex + 1} of ${matches.length}` : `No matches for “${applied}”`}
                    </span>
                    <button type="button" className="vz-tool" onClick={() => jump(matchIndex + 1)} disabled={matches.length < 2} aria-label="Next match">
                      <Icon name="next" />
                    </button>
                  </div>
                )}
              </form>
              {item.pageUid && (
                <p>
                  <Link href={`/viewer?page=${encodeURIComponent(item.pageUid)}`} className="vz-btn">
                    Read the newspaper page
                  </Link>
                </p>
              )}
              <p className="vz-muted">
                <a href={`${item.mediaUrl}?download=1`} download>
                  Download the recording
                </a>
                {' · '}
                <a href={item.transcriptUrl} type="text/vtt">
                  Transcript (WebVTT)
                </a>
                {' · '}
                <a href={item.manifest} type="application/ld+json">
                  IIIF manifest
                </a>
              </p>
            </section>
            <section className="vz-audio-transcript" aria-label="Transcript">
              <h2>Transcript</h2>
              <TranscriptList cues={cues} current={current} query={applied} matches={matchSet} onSeek={seek} />
            </section>
          </>
        )}
      </div>
    </div>
  );
}
