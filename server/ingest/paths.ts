import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** A path named inside a batch file points outside the batch folder (or is otherwise unusable). */
export class UnsafePathError extends Error {
  constructor(
    public readonly href: string,
    reason: string,
  ) {
    super(`${reason}: '${href}'`);
    this.name = 'UnsafePathError';
  }
}

const isInside = (root: string, target: string) => {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/**
 * Resolves an href from a batch file (relative to `baseDir`) and makes sure it stays inside `root`.
 * Rejects absolute paths, URLs, '..' escapes and symlinks that lead out of the batch.
 */
export function resolveInside(root: string, baseDir: string, href: string): string {
  const clean = href.trim().replace(/^file:(\/\/)?/, '');
  if (!clean) throw new UnsafePathError(href, 'Empty file reference');
  if (/^[a-z][a-z0-9+.-]*:/i.test(clean)) throw new UnsafePathError(href, 'File reference is a URL, not a path in the batch');
  if (isAbsolute(clean) || clean.includes('\0')) throw new UnsafePathError(href, 'Absolute file reference not allowed');
  const target = resolve(baseDir, clean.split(/[\\/]/).join(sep));
  if (!isInside(root, target)) throw new UnsafePathError(href, 'File reference escapes the batch folder');
  // A symlink inside the batch could still point elsewhere: check the real path when the file exists.
  let real: string | null = null;
  try {
    real = realpathSync(target);
  } catch {
    real = null; // missing files are reported by the caller
  }
  if (real !== null && !isInside(realpathSync(root), real)) throw new UnsafePathError(href, 'File reference escapes the batch folder through a link');
  return target;
}

/** A path relative to DATA_DIR, always with forward slashes (stored in the database). */
export const dataRelative = (dataDir: string, abs: string) => relative(dataDir, abs).split(sep).join('/');

/** Batch names become folder names: keep them to safe characters. */
export function safeName(name: string): string {
  const s = name
    .trim()
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '');
  if (!s) throw new Error(`Unusable batch name '${name}'`);
  return s;
}
