import { describe, expect, it } from 'vitest';
import { canonicalSearchKey } from '../../contract/search/key';
import { QueryError } from '../../contract/search/query';

describe('canonicalSearchKey', () => {
  it('gives the same key to the same question asked in different spellings', () => {
    const a = canonicalSearchKey('i=f&k=Harvest%20%20moon&t=3,1&bcn=1&m=between&p=1');
    const b = canonicalSearchKey('?t=1,3,3&k=harvest+moon&i=f');
    expect(a).toBe(b);
    expect(canonicalSearchKey('k=harvest&ti=5')).toBe(canonicalSearchKey('k=harvest&t=5'));
    expect(canonicalSearchKey('k=harvest&bdd=1900,1880')).toBe(canonicalSearchKey('k=harvest&bdd=1880,1900'));
  });

  it('drops the date a mode does not read', () => {
    expect(canonicalSearchKey('k=x&m=after&d=01/01/1900-12/31/1910')).toBe(canonicalSearchKey('k=x&m=after&d=01/01/1900-'));
    expect(canonicalSearchKey('k=x&m=before&d=01/01/1900-12/31/1910')).toBe(canonicalSearchKey('k=x&m=before&d=-12/31/1910'));
    expect(canonicalSearchKey('k=x&m=on')).toBe(canonicalSearchKey('k=x'));
  });

  it('keeps apart questions with different answers', () => {
    const keys = [
      'k=harvest',
      'e=harvest',
      'k=harvest&p=2',
      'k=harvest&sort=date',
      'k=harvest&t=1',
      'k=harvest,moon&ord=k1_k2',
      'k=harvest,moon&ord=k1,k2',
      'k=harvest&m=after&d=01/01/1900-',
      'k=harvest&m=before&d=-01/01/1900',
      'k=harvest&co=1',
      'k=harvest&by=1901',
    ].map(canonicalSearchKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses a malformed query the way the parser does', () => {
    expect(() => canonicalSearchKey('k=a&ord=z9')).toThrow(QueryError);
  });
});
