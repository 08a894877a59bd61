-- The full-text index's vocabulary, for expanding wash* and wom?n (and OCR-tolerant words) into the words
-- the pages hold: each word (as in pages.tsv) and the number of pages holding it, as SQLite's fts5vocab
-- gives. Byte order (COLLATE "C") so a prefix is one index range, the same order as SQLite's. Statement
-- triggers keep it current from the rows each statement wrote, one upsert per distinct word (in word
-- order, so concurrent ingests take row locks in the same order).
CREATE TABLE search_words (
  term  TEXT COLLATE "C" PRIMARY KEY,
  pages INTEGER NOT NULL
);

INSERT INTO search_words (term, pages)
  SELECT u.lexeme, COUNT(*) FROM pages p CROSS JOIN LATERAL unnest(p.tsv) u GROUP BY u.lexeme;

CREATE OR REPLACE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (term, pages)
    SELECT u.lexeme, COUNT(*) FROM added a CROSS JOIN LATERAL unnest(a.tsv) u GROUP BY u.lexeme ORDER BY u.lexeme
  ON CONFLICT (term) DO UPDATE SET pages = search_words.pages + excluded.pages;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION search_words_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_words w SET pages = w.pages - r.n
    FROM (SELECT u.lexeme, COUNT(*) AS n FROM removed d CROSS JOIN LATERAL unnest(d.tsv) u GROUP BY u.lexeme ORDER BY u.lexeme) r
   WHERE w.term = r.lexeme;
  DELETE FROM search_words WHERE pages <= 0;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION search_words_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_words;
  RETURN NULL;
END
$$;

CREATE TRIGGER search_words_insert AFTER INSERT ON pages REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();
CREATE TRIGGER search_words_delete AFTER DELETE ON pages REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_remove();
-- An update of the text: remove the old words, add the new ones (two triggers on the same statement).
CREATE TRIGGER search_words_update_old AFTER UPDATE ON pages REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_remove();
CREATE TRIGGER search_words_update_new AFTER UPDATE ON pages REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();
CREATE TRIGGER search_words_truncate AFTER TRUNCATE ON pages
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_clear();
