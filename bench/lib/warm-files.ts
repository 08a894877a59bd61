// Reads files once from start to end so that both engines of a comparison start from the same state: their
// data in the operating system's file cache, as on a server that has been answering for a while. Without
// it the first queries of a run measure the disk (PostgreSQL's copy and SQLite's file were written or read
// at different times), and with 15 queries a class one cold read is that class's p95.
import { openSync, readSync, closeSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** Reads every file under the given paths (files or folders, recursively); returns the bytes read. */
export function warmFiles(paths: string[]): number {
  const buf = Buffer.allocUnsafe(1 << 20);
  let bytes = 0;
  const read = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) return readdirSync(path).forEach((name) => read(join(path, name)));
    const fd = openSync(path, 'r');
    try {
      for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0;) bytes += n;
    } finally {
      closeSync(fd);
    }
  };
  paths.forEach(read);
  return bytes;
}
