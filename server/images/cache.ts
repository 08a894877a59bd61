/** A small in-memory LRU of rendered images, bounded by bytes: viewers ask for the same tiles again and again. */
export class ByteLru<V extends { data: Buffer }> {
  private map = new Map<string, V>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v) {
      this.map.delete(key);
      this.map.set(key, v); // most recently used last
    }
    return v;
  }

  set(key: string, v: V) {
    if (v.data.length > this.maxBytes / 8) return; // one big image must not flush the tiles
    const old = this.map.get(key);
    if (old) {
      this.bytes -= old.data.length;
      this.map.delete(key);
    }
    this.map.set(key, v);
    this.bytes += v.data.length;
    for (const [k, e] of this.map) {
      if (this.bytes <= this.maxBytes) break;
      this.map.delete(k);
      this.bytes -= e.data.length;
    }
  }

  get size() {
    return this.map.size;
  }
}
