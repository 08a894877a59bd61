-- Ranking lists for very frequent words (see server/store/sqlite/rank-lists.ts): for each word found in
-- many pages, the ids of its best-ranked pages, in rank order, so a search for it does not have to score
-- every page that holds it. `fingerprint` names the state of the full-text index the list was computed
-- on; a list whose fingerprint differs from the index's current one is never used.
CREATE TABLE search_rank_lists (
  term        TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  pages       INTEGER NOT NULL,   -- how many pages hold the word
  ids         BLOB NOT NULL,      -- page ids, int32 (machine order), best first
  scores      BLOB NOT NULL       -- their BM25 ranks for the word alone, float64 (FTS5: lower is better)
);
