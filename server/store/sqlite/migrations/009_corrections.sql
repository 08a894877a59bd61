-- Visitor OCR corrections (issue #23). Every version of a line is a row of `corrections` (append-only;
-- moderation changes only `state`). The published lines of a page are folded into two derived fields that
-- search reads: pages.corrected_text (the corrected lines' text, indexed beside the original OCR) and
-- page_words.corrected (their words with boxes: the line's box divided among its words). The original OCR
-- (pages.ocr_text, page_words.words) is never changed, so it stays searchable and downloadable.
CREATE TABLE corrections (
  id            INTEGER PRIMARY KEY,
  page_id       INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
  line_id       TEXT NOT NULL,                -- "L{n}": the n-th non-empty OCR line of the page
  version       INTEGER NOT NULL,             -- 1, 2, ... per line (0 is the original OCR, never stored)
  text          TEXT NOT NULL,
  previous_text TEXT NOT NULL,
  state         TEXT NOT NULL,                -- 'published' | 'pending' | 'rejected'
  revert_of     INTEGER,                      -- staff restored this earlier version (0 = the OCR)
  display_name  TEXT,
  account       TEXT,                         -- signed-in account's username
  address       TEXT,
  site_id       INTEGER REFERENCES sites(id) ON DELETE SET NULL,
  client_id     TEXT UNIQUE,
  created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  decided_at    TEXT,
  decided_by    TEXT,
  UNIQUE (page_id, line_id, version)
);
CREATE INDEX corrections_state ON corrections(state, id);
CREATE INDEX corrections_site ON corrections(site_id, id);

CREATE TABLE correction_blocks (
  id         INTEGER PRIMARY KEY,
  kind       TEXT NOT NULL,                   -- 'address' | 'account'
  value      TEXT NOT NULL,
  reason     TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  created_by TEXT,
  UNIQUE (kind, value)
);

-- A site without a row publishes at once and needs no account.
CREATE TABLE correction_policies (
  site_id         INTEGER PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
  publish         TEXT NOT NULL DEFAULT 'immediately',
  require_account INTEGER NOT NULL DEFAULT 0
);

ALTER TABLE pages ADD COLUMN corrected_text TEXT NOT NULL DEFAULT '';
ALTER TABLE page_words ADD COLUMN corrected TEXT;

-- The full-text index now reads each page's original OCR followed by its corrected lines, through a view
-- (FTS5 external content may be a view), so 'rebuild' and the triggers index the same text.
DROP TABLE IF EXISTS pages_vocab;
DROP TRIGGER pages_fts_insert;
DROP TRIGGER pages_fts_delete;
DROP TRIGGER pages_fts_update;
DROP TABLE pages_fts;

CREATE VIEW pages_search_text AS
  SELECT id, CASE WHEN corrected_text = '' THEN ocr_text ELSE ocr_text || char(10) || corrected_text END AS ocr_text FROM pages;

CREATE VIRTUAL TABLE pages_fts USING fts5(
  ocr_text,
  content = 'pages_search_text',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER pages_fts_insert AFTER INSERT ON pages BEGIN
  INSERT INTO pages_fts (rowid, ocr_text)
    VALUES (new.id, CASE WHEN new.corrected_text = '' THEN new.ocr_text ELSE new.ocr_text || char(10) || new.corrected_text END);
END;
CREATE TRIGGER pages_fts_delete AFTER DELETE ON pages BEGIN
  INSERT INTO pages_fts (pages_fts, rowid, ocr_text)
    VALUES ('delete', old.id, CASE WHEN old.corrected_text = '' THEN old.ocr_text ELSE old.ocr_text || char(10) || old.corrected_text END);
END;
CREATE TRIGGER pages_fts_update AFTER UPDATE OF ocr_text, corrected_text ON pages BEGIN
  INSERT INTO pages_fts (pages_fts, rowid, ocr_text)
    VALUES ('delete', old.id, CASE WHEN old.corrected_text = '' THEN old.ocr_text ELSE old.ocr_text || char(10) || old.corrected_text END);
  INSERT INTO pages_fts (rowid, ocr_text)
    VALUES (new.id, CASE WHEN new.corrected_text = '' THEN new.ocr_text ELSE new.ocr_text || char(10) || new.corrected_text END);
END;
INSERT INTO pages_fts (pages_fts) VALUES ('rebuild');
CREATE VIRTUAL TABLE pages_vocab USING fts5vocab(pages_fts, row);
