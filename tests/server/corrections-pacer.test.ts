// Corrections are written at a bounded rate so a burst cannot take the CPU readers' searches need
// (server/services/corrections/write-pacer.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WritePacer } from '../../server/services/corrections/write-pacer';
import { HttpError } from '../../server/errors';
import { loadConfig } from '../../server/config';

describe('corrections write pacer', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('lets one write through at once and spaces the next ones by 1/rate seconds', async () => {
    const pacer = new WritePacer(10); // one every 100 ms
    const done: number[] = [];
    for (let i = 0; i < 3; i++) void pacer.turn().then(() => done.push(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toEqual([0]);
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toEqual([0, 1]);
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toEqual([0, 1, 2]);
    // After a quiet spell the next write goes at once again.
    await vi.advanceTimersByTimeAsync(1000);
    void pacer.turn().then(() => done.push(3));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toEqual([0, 1, 2, 3]);
  });

  it('answers 503 at once when the queue is longer than its limit, and keeps the queue as it was', async () => {
    const pacer = new WritePacer(10, 250);
    const turns = [pacer.turn(), pacer.turn(), pacer.turn(), pacer.turn()]; // waits 0, 100, 200, 300 ms
    const refused = await turns[3].catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(503);
    await vi.advanceTimersByTimeAsync(200);
    await Promise.all(turns.slice(0, 3));
    const next = pacer.turn(); // the refused one took no slot: this one waits 100 ms, not 200
    let through = false;
    void next.then(() => (through = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(through).toBe(true);
  });

  it('does not pace at 0, and reads CORRECTIONS_PER_SECOND with a clear error for nonsense', async () => {
    const pacer = new WritePacer(0);
    await Promise.all(Array.from({ length: 100 }, () => pacer.turn()));
    expect(loadConfig({ CORRECTIONS_PER_SECOND: '5' }).correctionsPerSecond).toBe(5);
    expect(loadConfig({}).correctionsPerSecond).toBeUndefined();
    expect(() => loadConfig({ CORRECTIONS_PER_SECOND: 'lots' })).toThrow(/CORRECTIONS_PER_SECOND must be a number/);
  });
});
