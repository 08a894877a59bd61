// Result rows and titles' places, read from SQL by id.
import type { Db } from '../db';
import type { SearchPageRow, TitlePlace } from '../../types';
import { WORDS_WITH_CORRECTIONS } from '../../viewer-rows';

/** The rows for these ids, in no particular order. */
export function readRows(db: Db, ids: number[]): SearchPageRow[] {
  if (!ids.length) return [];
  return db
    .prepare(
      `SELECT p.id, p.uid, p.title_id AS titleId, t.name AS title, p.date_issued AS date, p.sequence, p.number,
              p.width, p.height, ${WORDS_WITH_CORRECTIONS} AS words, CASE WHEN w.words IS NULL THEN p.ocr_text ELSE '' END AS text
         FROM pages p JOIN titles t ON t.id = p.title_id LEFT JOIN page_words w ON w.page_id = p.id
        WHERE p.id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids)) as SearchPageRow[];
}

/** Names and places of titles (for facets). */
export function readTitlePlaces(db: Db, titleIds: number[]): TitlePlace[] {
  if (!titleIds.length) return [];
  return db
    .prepare(
      `SELECT t.id, t.name, ci.id AS cityId, ci.name AS cityName, s.id AS stateId, s.name AS stateName,
              co.id AS countryId, co.name AS countryName
         FROM titles t LEFT JOIN cities ci ON ci.id = t.city_id LEFT JOIN states s ON s.id = ci.state_id
         LEFT JOIN countries co ON co.id = s.country_id
        WHERE t.id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(titleIds)) as TitlePlace[];
}
