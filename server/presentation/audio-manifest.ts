// An audio item for IIIF AV viewers: a Presentation 3 manifest whose canvas has a duration, is painted
// by the recording (type Sound) and is supplemented by its transcript as a WebVTT file (the IIIF
// cookbook's caption pattern), and the WebVTT itself, written from the cues ingest stored.
import type { ViewerAudio } from '../store/types';
import { en, formatDate, navDate, PRESENTATION_CONTEXT, RIGHTS } from './manifest';
import * as urls from './urls';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Seconds as a WebVTT timestamp, hh:mm:ss.ttt. */
export function vttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** Cue text is HTML-like in WebVTT: escape its markup characters, and keep it on lines that are not blank. */
const cueText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');

export function buildWebVtt(audio: Pick<ViewerAudio, 'label' | 'cues'>): string {
  // The header's text may not contain "-->"; a NOTE keeps the label for people reading the file.
  const parts = ['WEBVTT', `NOTE ${audio.label.replace(/-->/g, '->').replace(/\s+/g, ' ')}`];
  audio.cues.forEach((c, i) => {
    const text = cueText(c.text);
    if (!text || !(c.end > c.start)) return;
    parts.push(`${i + 1}\n${vttTime(c.start)} --> ${vttTime(c.end)}\n${text}`);
  });
  return `${parts.join('\n\n')}\n`;
}

export function buildAudioManifest(origin: string, audio: ViewerAudio) {
  const abs = (path: string) => origin + path;
  const id = abs(urls.audioManifest(audio.uid));
  const canvas = `${id.replace(/\/manifest\.json$/, '')}/canvas`;
  const duration = audio.duration && audio.duration > 0 ? audio.duration : Math.max(1, ...audio.cues.map((c) => c.end));
  const metadata = [
    audio.titleName ? { label: en('Title'), value: en(audio.titleName) } : null,
    audio.dateIssued ? { label: en('Date'), value: en(formatDate(audio.dateIssued)) } : null,
  ].filter((m) => m !== null);
  return {
    '@context': PRESENTATION_CONTEXT,
    id,
    type: 'Manifest',
    label: en(audio.label),
    ...(metadata.length ? { metadata } : {}),
    rights: RIGHTS,
    ...(audio.dateIssued ? { navDate: navDate(audio.dateIssued) } : {}),
    homepage: [{ id: abs(urls.audioViewer(audio.uid)), type: 'Text', label: en(`${audio.label} in the audio viewer`), format: 'text/html' }],
    items: [
      {
        id: canvas,
        type: 'Canvas',
        duration,
        items: [
          {
            id: `${canvas}/page`,
            type: 'AnnotationPage',
            items: [
              {
                id: `${canvas}/audio`,
                type: 'Annotation',
                motivation: 'painting',
                body: { id: abs(urls.audioMedia(audio.uid)), type: 'Sound', format: audio.mediaType, duration },
                target: canvas,
              },
            ],
          },
        ],
        annotations: [
          {
            id: `${canvas}/transcript`,
            type: 'AnnotationPage',
            items: [
              {
                id: `${canvas}/transcript/vtt`,
                type: 'Annotation',
                motivation: 'supplementing',
                // No `language`: the IIIF validator's schema wants a string, @iiif/parser an array.
                body: { id: abs(urls.audioTranscript(audio.uid)), type: 'Text', format: 'text/vtt', label: en('Transcript (English)') },
                target: canvas,
              },
            ],
          },
        ],
      },
    ],
  };
}
