export interface Cue {
  start: number; // seconds
  end: number;
  text: string;
}

const TIME = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})$/;

function seconds(s: string): number | null {
  const m = s.trim().match(TIME);
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4].padEnd(3, '0')) / 1000;
}

/** Parses WebVTT cues (ids, settings and NOTE/STYLE blocks ignored; tags stripped from the text). */
export function parseWebVtt(src: string): Cue[] {
  const text = src.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT/.test(text)) throw new Error('not a WebVTT file (no WEBVTT header)');
  const cues: Cue[] = [];
  for (const block of text.split(/\n{2,}/)) {
    const lines = block.split('\n').filter((l) => l.length > 0);
    const at = lines.findIndex((l) => l.includes('-->'));
    if (at < 0 || /^(NOTE|STYLE|REGION)\b/.test(lines[0])) continue;
    const [a, rest] = lines[at].split('-->');
    const start = seconds(a);
    const end = seconds(rest.trim().split(/\s+/)[0] ?? '');
    if (start === null || end === null || end < start) continue;
    const body = lines
      .slice(at + 1)
      .join(' ')
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .trim();
    if (body) cues.push({ start, end, text: body.normalize('NFC') });
  }
  return cues;
}
