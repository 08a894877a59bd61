// An export of 100,000 pages streams in constant memory (issue #37): the rows are read a chunk at a time, only
// as a slow reader drains the stream, so the rows held at any moment never exceed a chunk being written and
// the one being read, whatever the export's size; and they come out in the order of the prepared id list.
import { describe, expect, it } from 'vitest';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EXPORT_CHUNK, exportText, type PreparedExport } from '../../server/services/search/research';
import { highlightTerms, planText } from '../../contract/search/plan';
import type { ExportPageRow, ResearchRepo } from '../../server/store/types';

const ROWS = 100_000;

describe('the export stream', () => {
  it('holds at most one chunk of rows beyond what the reader took, over 100,000 rows, in the prepared order', async () => {
    // A shuffled order: the stream must follow the list, not the ids.
    const ids = Array.from({ length: ROWS }, (_, i) => (i * 7919) % ROWS);
    const prepared: PreparedExport = {
      total: ROWS,
      ids,
      terms: highlightTerms(planText([{ type: 'all', text: 'telegram', op: 'and' }])),
      version: 1,
      dataVersion: 7,
    };
    let handedOut = 0;
    let consumed = 0;
    let maxHeld = 0;
    let maxAsked = 0;
    let calls = 0;
    const research: ResearchRepo = {
      monthCells: async () => [],
      async exportRows(chunk) {
        calls++;
        maxAsked = Math.max(maxAsked, chunk.length);
        handedOut += chunk.length;
        maxHeld = Math.max(maxHeld, handedOut - consumed);
        // Rows come back in no particular order (as the engines' IN / ANY lookups do).
        return chunk
          .map((id): ExportPageRow => ({
            id,
            uid: `sn1-1890-01-01-ed1-seq${id}`,
            issueUid: 'sn1-1890-01-01-ed1',
            title: 'Evening Star',
            lccn: 'sn1',
            date: '1890-01-01',
            edition: 1,
            sequence: id,
            number: null,
            words: null,
            text: `the telegram ${id} arrived`,
          }))
          .reverse();
      },
    };
    const order: number[] = [];
    let partial = '';
    const reader = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _enc, done) {
        const lines = (partial + chunk.toString('utf8')).split('\n');
        partial = lines.pop()!;
        for (const line of lines) {
          const row = JSON.parse(line) as { sequence?: number };
          if (row.sequence === undefined) continue; // the provenance line
          order.push(row.sequence);
          consumed++;
        }
        setImmediate(done); // a slow reader
      },
    });
    const opts = {
      format: 'jsonl' as const,
      text: false,
      origin: 'https://archive.example',
      query: 'k=telegram',
      archive: 'Archive',
      searchUrl: 'https://archive.example/search?k=telegram',
    };
    await pipeline(Readable.from(exportText({ research }, prepared, opts), { objectMode: false }), reader);
    expect(order.length).toBe(ROWS);
    expect(order).toEqual(ids);
    expect(calls).toBe(ROWS / EXPORT_CHUNK);
    expect(maxAsked).toBe(EXPORT_CHUNK);
    expect(maxHeld).toBeLessThanOrEqual(2 * EXPORT_CHUNK);
  }, 60_000);
});
