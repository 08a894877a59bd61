-- Full-text matches are planned as rare. A page's tsvector is large (~16 KB compressed for 2,000 words)
-- and stored out of line, so testing `tsv @@ query` row by row in a sequential scan detoasts every page:
-- with statistics the planner sees a word found in most pages, picks that scan and counts in 1.2 s what
-- the GIN index answers in 40 ms (for words and AND/OR/NOT the index is exact and reads no tsvector).
-- Without statistics on the column it assumes a selective match and always starts from the index.
ALTER TABLE pages ALTER COLUMN tsv SET STATISTICS 0;
ALTER TABLE audio_items ALTER COLUMN tsv SET STATISTICS 0;

-- Ranking lists for very frequent words (see server/store/postgres/rank-lists.ts): for each word held by
-- many pages, the ids of its best-ranked pages in the full ranking's order, so a relevance search for it
-- does not score (detoast) every page that holds it. `fingerprint` is the data_version the list was
-- computed on; a list of another version is never used.
CREATE TABLE search_rank_lists (
  term        TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  pages       INTEGER NOT NULL,  -- how many pages hold the word
  ids         INTEGER[] NOT NULL -- page ids, best first
);

-- Where the rum extension is installed (Debian: postgresql-15-rum) and may be created, the full-text index
-- is a RUM index instead of GIN. RUM keeps each word's positions in the index, so a phrase is confirmed
-- from the index: a phrase of two common words counts in ~70 ms instead of reading the tsvector of every
-- page that holds both words (seconds on 100,000 pages). Word, AND, OR and NOT searches cost the same.
-- The price: the index is ~3.5x larger and slower to update. Without the extension (or without the right
-- to create it) the GIN index stays and nothing else changes: both answer exactly the same.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'rum') THEN
    CREATE EXTENSION IF NOT EXISTS rum;
    CREATE INDEX IF NOT EXISTS pages_rum ON pages USING rum (tsv rum_tsvector_ops);
    DROP INDEX IF EXISTS pages_tsv;
  END IF;
EXCEPTION WHEN insufficient_privilege OR feature_not_supported OR undefined_file THEN
  RAISE NOTICE 'rum index not created (%): full text keeps its GIN index', SQLERRM;
END $$;
