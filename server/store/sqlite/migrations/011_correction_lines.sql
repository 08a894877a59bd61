-- Corrected lines get their own small full-text index (issue #23). Before, publishing a correction rewrote
-- pages.corrected_text, which the page's row in pages_fts included, so every correction re-indexed the
-- whole page (its ~2,000 OCR words) and changed pages_fts, which made the ranking lists stale and every
-- search memo rebuild. Now pages_fts indexes the original OCR only (as migration 002 made it) and never
-- changes with a correction; correction_lines holds one row per line whose published text differs from
-- the OCR, indexed by correction_lines_fts, so a correction writes a line's few words. Search matches a
-- page when its OCR or one of its corrected lines matches (server/store/sqlite/search.ts).
DROP TABLE IF EXISTS pages_vocab;
DROP TRIGGER pages_fts_insert;
DROP TRIGGER pages_fts_delete;
DROP TRIGGER pages_fts_update;
DROP TABLE pages_fts;
DROP VIEW pages_search_text;

CREATE VIRTUAL TABLE pages_fts USING fts5(
  ocr_text,
  content = 'pages',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER pages_fts_insert AFTER INSERT ON pages BEGIN
  INSERT INTO pages_fts (rowid, ocr_text) VALUES (new.id, new.ocr_text);
END;
CREATE TRIGGER pages_fts_delete AFTER DELETE ON pages BEGIN
  INSERT INTO pages_fts (pages_fts, rowid, ocr_text) VALUES ('delete', old.id, old.ocr_text);
END;
CREATE TRIGGER pages_fts_update AFTER UPDATE OF ocr_text ON pages BEGIN
  INSERT INTO pages_fts (pages_fts, rowid, ocr_text) VALUES ('delete', old.id, old.ocr_text);
  INSERT INTO pages_fts (rowid, ocr_text) VALUES (new.id, new.ocr_text);
END;
INSERT INTO pages_fts (pages_fts) VALUES ('rebuild');
CREATE VIRTUAL TABLE pages_vocab USING fts5vocab(pages_fts, row);

CREATE TABLE correction_lines (
  id      INTEGER PRIMARY KEY,
  page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
  line_id TEXT NOT NULL,
  text    TEXT NOT NULL,
  UNIQUE (page_id, line_id)
);
CREATE VIRTUAL TABLE correction_lines_fts USING fts5(
  text,
  content = 'correction_lines',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER correction_lines_fts_insert AFTER INSERT ON correction_lines BEGIN
  INSERT INTO correction_lines_fts (rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER correction_lines_fts_delete AFTER DELETE ON correction_lines BEGIN
  INSERT INTO correction_lines_fts (correction_lines_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;
CREATE TRIGGER correction_lines_fts_update AFTER UPDATE OF text ON correction_lines BEGIN
  INSERT INTO correction_lines_fts (correction_lines_fts, rowid, text) VALUES ('delete', old.id, old.text);
  INSERT INTO correction_lines_fts (rowid, text) VALUES (new.id, new.text);
END;
CREATE VIRTUAL TABLE correction_lines_vocab USING fts5vocab(correction_lines_fts, row);

-- Lines corrected before this migration: each line's latest published version (a line restored to its OCR
-- is indexed once more, harmlessly, until its page's next correction rewrites the page's rows exactly).
INSERT INTO correction_lines (page_id, line_id, text)
  SELECT c.page_id, c.line_id, c.text FROM corrections c
   WHERE c.state = 'published'
     AND c.version = (SELECT MAX(x.version) FROM corrections x WHERE x.page_id = c.page_id AND x.line_id = c.line_id AND x.state = 'published');

-- Bumped by published corrections instead of data_version: only what shows page text (search answers and
-- counts) keys on it, so a correction no longer empties the Home, discovery and site caches.
INSERT INTO meta (key, value) VALUES ('text_version', '0');
