// The transcript beside the audio: the cue being spoken is highlighted and kept in view; a cue click seeks.
import { useEffect, useRef } from 'react';
import type { AudioCueResponse } from '../../../contract/viewer';
import { clockTime } from '../../shared/lib/format';
import { splitMatch } from './transcript-search';

interface Props {
  cues: AudioCueResponse[];
  current: number;
  query: string;
  matches: Set<number>;
  onSeek(index: number): void;
}

export function TranscriptList({ cues, current, query, matches, onSeek }: Props) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const root = list.current;
    const el = root?.querySelector<HTMLElement>(`[data-cue="${current}"]`);
    if (!root || !el) return;
    const top = el.offsetTop - root.offsetTop;
    if (top < root.scrollTop || top + el.offsetHeight > root.scrollTop + root.clientHeight)
      root.scrollTo({ top: top - root.clientHeight / 3, behavior: 'smooth' });
  }, [current]);
  return (
    <ol ref={list} className="vz-cues" aria-label="Transcript">
      {cues.map((cue, i) => {
        const parts = matches.has(i) ? splitMatch(cue.text, query) : null;
        return (
          <li key={i}>
            <button
              type="button"
              data-cue={i}
              className={`vz-cue${i === current ? ' is-current' : ''}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => onSeek(i)}
            >
              <span className="vz-cue-time">{clockTime(cue.start)}</span>
              <span className="vz-cue-text">
                {parts ? (
                  <>
                    {parts[0]}
                    <mark>{parts[1]}</mark>
                    {parts[2]}
                  </>
                ) : (
                  cue.text
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
