import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** A file that is not well-formed XML (or not the XML we expect); carries the file's path. */
export class BadXmlError extends Error {
  constructor(
    public readonly path: string,
    public readonly detail: string,
  ) {
    super(`Malformed XML in ${path}: ${detail}`);
    this.name = 'BadXmlError';
  }
}

/** A short reason for a report line (the report already shows the path). */
export const reasonOf = (err: unknown) => (err instanceof BadXmlError ? `malformed XML: ${err.detail}` : err instanceof Error ? err.message : String(err));

export type XmlNode = Record<string, unknown>;

/** A DOCTYPE whose internal subset declares entities: the "billion laughs" shape. NDNP files never declare any. */
export const DECLARES_ENTITIES = /<!DOCTYPE[^[>]*\[[\s\S]*?<!ENTITY/i;
export const ENTITIES_REFUSED = 'the file declares its own entities (<!ENTITY> in its DOCTYPE): refused, not expanded';

/**
 * Parses a small XML document (batch, METS, MARC) into plain objects: attributes as '@name', namespace
 * prefixes removed, the listed elements always arrays. Rejects malformed XML with its line, and any document
 * that declares entities of its own.
 */
export function parseSmallXml(text: string, path: string, arrays: readonly string[]): XmlNode {
  // Refused before parsing rather than trusting the parser's expansion limits to stay on.
  if (DECLARES_ENTITIES.test(text)) throw new BadXmlError(path, ENTITIES_REFUSED);
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    // The validator lists unclosed elements as a JSON array: say it in words (usually a truncated file).
    const open = valid.err.msg.match(/^Invalid '(\[.*\])' found/s);
    const names = open ? (JSON.parse(open[1]) as string[]) : null;
    const detail = names ? `the file ends before <${names.join('>, <')}> are closed (truncated?)` : `${valid.err.msg} (line ${valid.err.line})`;
    throw new BadXmlError(path, detail);
  }
  const arraySet = new Set(arrays);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    isArray: (name) => arraySet.has(name),
  });
  return parser.parse(text) as XmlNode;
}

/** Text of a node that may be a string or an object with '#text'. */
export function textOf(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node).trim();
  if (typeof node === 'object' && '#text' in (node as XmlNode)) return String((node as XmlNode)['#text']).trim();
  return '';
}

export const asArray = <T>(v: T | T[] | undefined | null): T[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
