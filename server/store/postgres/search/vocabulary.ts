// The index's words (search_words) as the search's expansions read them, and titles' places for the facets.
import type { Pg } from '../db';
import type { SearchRepo, TitlePlace } from '../../types';
import { RANGE_END, type VocabularyWord } from '../../../../contract/search/expand';
import { reversed } from '../../../../contract/search/ocr-distance';
import { learnPgConfusions, pgConfusionsReader } from '../ocr-confusions';

type Lookups = Pick<
  SearchRepo,
  'vocabulary' | 'vocabularyRanges' | 'vocabularyEnding' | 'vocabularyTerms' | 'ocrConfusions' | 'learnOcrConfusions' | 'titlePlaces'
>;

export function pgVocabulary(db: Pg): Lookups {
  return {
    async vocabularyRanges(prefixes, lengths, limit) {
      // An OCR-tolerant word reads dozens of ranges (fuzzyPrefixes): one statement for them all.
      const rows = await db.read<{ i: number; term: string; pages: number }>(
        `SELECT r.i::int AS i, w.term, w.pages FROM unnest($1::text[]) WITH ORDINALITY AS r(prefix, i)
           CROSS JOIN LATERAL (SELECT term, pages FROM search_words WHERE term >= r.prefix AND term < r.prefix || $2 AND pages > 0
                                 AND char_length(term) BETWEEN $3 AND $4 ORDER BY term LIMIT $5) w
          ORDER BY r.i, w.term`,
        [prefixes, RANGE_END, lengths.min, lengths.max, limit],
      );
      const out: VocabularyWord[][] = prefixes.map(() => []);
      for (const r of rows) out[r.i - 1].push({ term: r.term, pages: r.pages });
      return out;
    },
    async vocabularyEnding(ending, lengths, limit) {
      // The expression and collation are the index's (migration 021): one range of it per length, merged in the
      // order of the reversed spellings.
      const start = reversed(ending);
      const rows = await db.read<VocabularyWord>(
        `SELECT w.term, w.pages FROM generate_series($3::int, $4::int) AS l(len)
           CROSS JOIN LATERAL (SELECT term, pages FROM search_words
                                WHERE char_length(term) = l.len AND (reverse(term) COLLATE "C") >= $1
                                  AND (reverse(term) COLLATE "C") < $1 || $2 AND pages > 0
                                ORDER BY reverse(term) COLLATE "C" LIMIT $5) w
          ORDER BY reverse(w.term) COLLATE "C"`,
        [start, RANGE_END, lengths.min, lengths.max, limit],
      );
      return rows.slice(0, limit);
    },
    async vocabularyTerms(terms) {
      if (!terms.length) return [];
      return db.read<VocabularyWord>('SELECT term, pages FROM search_words WHERE term = ANY($1::text[]) AND pages > 0 ORDER BY term', [[...new Set(terms)]]);
    },
    ocrConfusions: pgConfusionsReader(db),
    async learnOcrConfusions() {
      return learnPgConfusions(db);
    },
    async vocabulary(pattern, limit) {
      const { min, max } = pattern.lengths ?? { min: 0, max: 1_000_000 };
      return db.read<VocabularyWord>(
        `SELECT term, pages FROM search_words WHERE term >= $1 AND term < $1 || $2 AND term LIKE $3 AND pages > 0
            AND char_length(term) BETWEEN $5 AND $6 ORDER BY term LIMIT $4`,
        [pattern.prefix, RANGE_END, pattern.like, limit, min, max],
      );
    },
    async titlePlaces(titleIds) {
      if (!titleIds.length) return [];
      return db.read<TitlePlace>(
        `SELECT t.id, t.name, ci.id AS "cityId", ci.name AS "cityName", s.id AS "stateId", s.name AS "stateName",
                co.id AS "countryId", co.name AS "countryName"
           FROM titles t LEFT JOIN cities ci ON ci.id = t.city_id LEFT JOIN states s ON s.id = ci.state_id
           LEFT JOIN countries co ON co.id = s.country_id
          WHERE t.id = ANY($1::int[])`,
        [titleIds],
      );
    },
  };
}
