-- Visitor OCR corrections (issue #23); see the SQLite migration 009_corrections.sql for the model. Here the
-- corrected lines reach the full-text index through pages.search_text, which the store writes as the
-- tokens of the original OCR followed by those of the corrected lines (pages.tsv is generated from it).
CREATE TABLE corrections (
  id            SERIAL PRIMARY KEY,
  page_id       INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
  line_id       TEXT NOT NULL,
  version       INTEGER NOT NULL,
  text          TEXT NOT NULL,
  previous_text TEXT NOT NULL,
  state         TEXT NOT NULL,
  revert_of     INTEGER,
  display_name  TEXT,
  account       TEXT,
  address       TEXT,
  site_id       INTEGER REFERENCES sites(id) ON DELETE SET NULL,
  client_id     TEXT UNIQUE,
  created_at    TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  decided_at    TEXT,
  decided_by    TEXT,
  UNIQUE (page_id, line_id, version)
);
CREATE INDEX corrections_state ON corrections(state, id);
CREATE INDEX corrections_site ON corrections(site_id, id);

CREATE TABLE correction_blocks (
  id         SERIAL PRIMARY KEY,
  kind       TEXT NOT NULL,
  value      TEXT NOT NULL,
  reason     TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  created_by TEXT,
  UNIQUE (kind, value)
);

CREATE TABLE correction_policies (
  site_id         INTEGER PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
  publish         TEXT NOT NULL DEFAULT 'immediately',
  require_account BOOLEAN NOT NULL DEFAULT false
);

ALTER TABLE pages ADD COLUMN corrected_text TEXT NOT NULL DEFAULT '';
ALTER TABLE page_words ADD COLUMN corrected TEXT;
