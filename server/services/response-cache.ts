// In-memory cache of serialised Home API responses. An entry is valid only for the data version it was
// built at (store.meta.dataVersion(), bumped by every ingest and admin change), so changes show at once.
// Bounded by entry count and bytes; least recently used entries go first.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/** Below this size compressing is not worth it (the same threshold as the compress plugin's). */
const GZIP_THRESHOLD = 1024;

export interface CachedResponse {
  body: string;
  etag: string;
  /** The body gzip'd once, for clients that accept it; undefined for small bodies. */
  gzip?: Buffer;
}

interface Entry extends CachedResponse {
  version: number;
  bytes: number;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<CachedResponse>>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 1000,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  /** The cached response for key at version, or the one `build` makes (built once for concurrent callers). */
  async get(key: string, version: number, build: () => Promise<unknown>): Promise<CachedResponse> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.entries.delete(key); // re-insert: most recently used last
      this.entries.set(key, hit);
      return hit;
    }
    const pendingKey = `${version}\u0000${key}`;
    let p = this.pending.get(pendingKey);
    if (!p) {
      p = build().then((value) => this.store(key, version, JSON.stringify(value)));
      this.pending.set(pendingKey, p);
      void p.then(
        () => this.pending.delete(pendingKey),
        () => this.pending.delete(pendingKey),
      );
    }
    return p;
  }

  get size() {
    return this.entries.size;
  }

  private store(key: string, version: number, body: string): CachedResponse {
    // Weak: the same JSON may go out gzip'd or plain (compression happens after this).
    const etag = `W/"${version.toString(36)}-${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    const gzip = body.length >= GZIP_THRESHOLD ? gzipSync(body, { level: 6 }) : undefined;
    const entry: Entry = { body, etag, gzip, version, bytes: Buffer.byteLength(body) + (gzip?.length ?? 0) };
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key);
    }
    if (entry.bytes <= this.maxBytes / 4) {
      this.entries.set(key, entry);
      this.bytes += entry.bytes;
      for (const [k, e] of this.entries) {
        if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
        this.entries.delete(k);
        this.bytes -= e.bytes;
      }
    }
    return { body, etag, gzip };
  }
}
