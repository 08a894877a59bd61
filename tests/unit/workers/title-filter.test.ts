import { describe, expect, it } from 'vitest';
import { buildTitleIndex, filterTitles } from '../../../workers/title-filter';
import { foldText } from '../../../contract/fold';

const titles = [
  { title: 'The Evening Star' },
  { title: 'Omaha Daily Bee' },
  { title: 'Le Courrier Français' },
  { title: 'Évangéline' },
  { title: 'Der Deutsche Correspondent' },
  { title: 'Straßenbahn Zeitung' },
  { title: 'Daily evening bulletin' },
];
const names = (m: Int32Array) => [...m].map((i) => titles[i].title);

describe('filterTitles', () => {
  const index = buildTitleIndex(titles);

  it('matches a substring anywhere, ignoring case', () => {
    expect(names(filterTitles(index, 'EVENING').matches)).toEqual(['The Evening Star', 'Daily evening bulletin']);
    expect(names(filterTitles(index, 'daily').matches)).toEqual(['Omaha Daily Bee', 'Daily evening bulletin']);
  });

  it('ignores diacritics on both sides', () => {
    expect(names(filterTitles(index, 'francais').matches)).toEqual(['Le Courrier Français']);
    expect(names(filterTitles(index, 'évan').matches)).toEqual(['Évangéline']);
    expect(names(filterTitles(index, 'EVANGELINE').matches)).toEqual(['Évangéline']);
    expect(names(filterTitles(index, 'strassen').matches)).toEqual(['Straßenbahn Zeitung']);
  });

  it('returns every title for an empty or blank query', () => {
    expect(filterTitles(index, '   ').matches.length).toBe(titles.length);
  });

  it('never matches across two titles', () => {
    // 'star\nomaha' would be the joined text between the first two titles.
    expect(filterTitles(index, 'star omaha').matches.length).toBe(0);
    expect(filterTitles(index, 'bulletin le').matches.length).toBe(0);
  });

  it('narrowing from the previous keystroke gives the same result as a full scan', () => {
    let prev = filterTitles(index, 'e');
    for (const q of ['ev', 'eve', 'even', 'eveni']) {
      const narrowed = filterTitles(index, q, prev);
      expect([...narrowed.matches]).toEqual([...filterTitles(index, q).matches]);
      prev = narrowed;
    }
    // Deleting a character (query no longer contains the previous one) rescans everything.
    expect(names(filterTitles(index, 'd', filterTitles(index, 'de')).matches)).toEqual([
      'Omaha Daily Bee',
      'Der Deutsche Correspondent',
      'Daily evening bulletin',
    ]);
  });

  it('finds a title only once however often the query occurs in it', () => {
    expect(names(filterTitles(index, 'e').matches)).toContain('The Evening Star');
    expect(new Set(filterTitles(index, 'e').matches).size).toBe(filterTitles(index, 'e').matches.length);
  });
});

describe('foldText', () => {
  it('lower-cases and removes marks', () => {
    expect(foldText('ÀÉÎÕÜ çñ Œuvre')).toBe('aeiou cn oeuvre');
  });
});
