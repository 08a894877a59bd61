import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

// An operator's typo in a start-up variable stops the server with the variable's name, instead of running with
// a value nobody chose.
describe('start-up settings from the environment', () => {
  it('takes the defaults when a variable is unset or empty', () => {
    const c = loadConfig({ EXPORT_MAX_ROWS: '', SEARCH_WORKERS: '' });
    expect(c.exportMaxRows).toBeUndefined();
    expect(c.searchBudgetMs).toBeUndefined();
    expect(c.searchWorkers).toBeGreaterThanOrEqual(1);
    expect(c.imageLimits).toMatchObject({ maxWidth: 8192, renders: 2 });
  });

  it('reads whole numbers and fractions within range', () => {
    const c = loadConfig({ EXPORT_MAX_ROWS: '5000', SEARCH_TIME_BUDGET_MS: '250', CORRECTIONS_PER_SECOND: '0.5', IIIF_RENDERS: '4' });
    expect(c).toMatchObject({ exportMaxRows: 5000, searchBudgetMs: 250, correctionsPerSecond: 0.5 });
    expect(c.imageLimits?.renders).toBe(4);
  });

  it.each([
    ['EXPORT_MAX_ROWS', '1.5', /EXPORT_MAX_ROWS must be a whole number from 1 to 10000000, got '1.5'/],
    ['SEARCH_TIME_BUDGET_MS', '0', /SEARCH_TIME_BUDGET_MS must be a whole number of milliseconds from 1 to 600000/],
    ['SEARCH_WORKERS', 'two', /SEARCH_WORKERS must be a whole number from 0 to 64, got 'two'/],
    ['CORRECTIONS_PER_SECOND', '-1', /CORRECTIONS_PER_SECOND must be a number from 0 to 100000/],
    ['IIIF_MAX_AREA', '10', /IIIF_MAX_AREA must be a whole number from 65536/],
  ])('refuses %s=%s, naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
