// The parts of webvtt-parser (no bundled types) the tests use.
declare module 'webvtt-parser' {
  export interface VttNode {
    type: string;
    value?: string;
    children?: VttNode[];
  }
  export interface VttCue {
    id: string;
    startTime: number;
    endTime: number;
    text: string;
    tree: { children: VttNode[] };
  }
  export class WebVTTParser {
    constructor(entities?: Record<string, string>);
    parse(input: string, mode?: 'subtitles' | 'chapters' | 'metadata'): { cues: VttCue[]; errors: { message: string; line: number }[] };
  }
}
