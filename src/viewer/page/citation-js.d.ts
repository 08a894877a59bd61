// citation-js ships no type declarations: the part of its API the viewer's citation engine and the tests use.
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown);
    data: Record<string, unknown>[];
    format(format: string, options?: Record<string, unknown>): string;
  }
  export const plugins: {
    input: { chain(data: unknown): unknown };
    config: {
      get(name: '@csl'): { styles: { add(name: string, xml: string): void; has(name: string): boolean } };
    };
  };
}
declare module '@citation-js/plugin-csl';
declare module '@citation-js/plugin-ris';
declare module '@citation-js/plugin-bibtex';
