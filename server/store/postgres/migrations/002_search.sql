-- Full-text search. The store writes search_text = the page's tokens as the search module tokenises them
-- (folded, diacritics removed, letters and digits only: server/search/tokens.ts), so PostgreSQL's
-- 'simple' parser sees exactly the tokens FTS5 sees and phrases, AND/OR and None behave the same.
ALTER TABLE pages ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
ALTER TABLE pages ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_text)) STORED;
CREATE INDEX pages_tsv ON pages USING GIN (tsv);
CREATE INDEX pages_search_cover ON pages (title_id, year, decade, date_issued);
CREATE INDEX pages_search_date ON pages (date_issued, title_id, sequence);

ALTER TABLE audio_items ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
ALTER TABLE audio_items ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_text)) STORED;
CREATE INDEX audio_tsv ON audio_items USING GIN (tsv);
