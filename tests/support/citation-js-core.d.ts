// The parts of @citation-js/core (no types published) the export tests read RIS back with.
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown);
    data: Array<Record<string, unknown>>;
  }
  export const plugins: { input: { chain(data: unknown): unknown } };
}
