-- Core schema: sites and their configuration, places, titles, batches, issues, pages, audio.
-- Site configuration is kept as validated JSON documents per section (settings, theme, home, banner,
-- pageContent, ads, pwa, menus, policies) so the admin area edits one document at a time.

CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO meta (key, value) VALUES ('data_version', '1');

CREATE TABLE sites (
  id         INTEGER PRIMARY KEY,
  slug       TEXT NOT NULL UNIQUE,
  name       TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);

-- An origin ("http://localhost:8080", lower-case, no trailing slash) picks its site.
CREATE TABLE site_origins (
  origin  TEXT PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE
);

CREATE TABLE site_sections (
  site_id    INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  section    TEXT NOT NULL,
  data       TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  PRIMARY KEY (site_id, section)
);

CREATE TABLE countries (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);
CREATE TABLE states (
  id         INTEGER PRIMARY KEY,
  country_id INTEGER NOT NULL REFERENCES countries(id),
  name       TEXT NOT NULL,
  UNIQUE (country_id, name)
);
CREATE TABLE cities (
  id       INTEGER PRIMARY KEY,
  state_id INTEGER NOT NULL REFERENCES states(id),
  name     TEXT NOT NULL,
  county   TEXT,
  UNIQUE (state_id, name)
);

CREATE TABLE titles (
  id                   INTEGER PRIMARY KEY,
  lccn                 TEXT NOT NULL UNIQUE,
  name                 TEXT NOT NULL,
  city_id              INTEGER REFERENCES cities(id),
  place_of_publication TEXT,
  publisher            TEXT,
  start_year           INTEGER,
  end_year             INTEGER,
  language             TEXT,
  frequency            TEXT,
  source               TEXT NOT NULL DEFAULT 'marc', -- 'marc' | 'lccn-only' | 'demo'
  created_at           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX titles_city ON titles(city_id);

-- Collections: the titles a site shows. A site with no rows here shows every title.
CREATE TABLE site_titles (
  site_id  INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  title_id INTEGER NOT NULL REFERENCES titles(id) ON DELETE CASCADE,
  PRIMARY KEY (site_id, title_id)
);

CREATE TABLE batches (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE,
  source_path TEXT,
  status      TEXT NOT NULL DEFAULT 'loading', -- 'loading' | 'complete' | 'failed'
  started_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  finished_at TEXT,
  report      TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE issues (
  id          INTEGER PRIMARY KEY,
  uid         TEXT NOT NULL UNIQUE,           -- "{lccn}-{YYYY-MM-DD}-ed{edition}"
  title_id    INTEGER NOT NULL REFERENCES titles(id),
  batch_id    INTEGER REFERENCES batches(id) ON DELETE CASCADE,
  date_issued TEXT NOT NULL,                  -- YYYY-MM-DD
  year        INTEGER NOT NULL,
  edition     INTEGER NOT NULL DEFAULT 1,
  volume      TEXT,
  number      TEXT,
  UNIQUE (title_id, date_issued, edition)
);
CREATE INDEX issues_batch ON issues(batch_id);

CREATE TABLE pages (
  id          INTEGER PRIMARY KEY,
  uid         TEXT NOT NULL UNIQUE,           -- "{issue uid}-seq{sequence}": stable across re-ingest; the IIIF id
  issue_id    INTEGER NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  title_id    INTEGER NOT NULL REFERENCES titles(id),
  sequence    INTEGER NOT NULL,
  number      TEXT,
  reel        TEXT,
  date_issued TEXT NOT NULL,
  year        INTEGER NOT NULL,
  decade      INTEGER NOT NULL,
  width       INTEGER,                        -- image pixels (NULL when the page has no image)
  height      INTEGER,
  image_path  TEXT,                           -- relative to DATA_DIR: the tiled pyramid or source image
  pdf_path    TEXT,                           -- relative to DATA_DIR
  alto_path   TEXT,                           -- relative to DATA_DIR
  ocr_text    TEXT NOT NULL DEFAULT '',
  word_count  INTEGER NOT NULL DEFAULT 0,
  UNIQUE (issue_id, sequence)
);
CREATE INDEX pages_title_year ON pages(title_id, year);
CREATE INDEX pages_year ON pages(year);
CREATE INDEX pages_date ON pages(date_issued);

-- OCR words with boxes in image pixels: JSON [[text, x, y, w, h], ...] in reading order.
CREATE TABLE page_words (
  page_id INTEGER PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
  words   TEXT NOT NULL
);

CREATE TABLE audio_items (
  id          INTEGER PRIMARY KEY,
  uid         TEXT NOT NULL UNIQUE,
  title_id    INTEGER REFERENCES titles(id),
  batch_id    INTEGER REFERENCES batches(id) ON DELETE CASCADE,
  label       TEXT NOT NULL,
  date_issued TEXT,
  media_path  TEXT NOT NULL,                  -- relative to DATA_DIR
  media_type  TEXT NOT NULL,
  duration    REAL,
  transcript  TEXT NOT NULL DEFAULT '',
  cues        TEXT NOT NULL DEFAULT '[]',     -- JSON [{start, end, text}]
  meta        TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE contact_messages (
  id         INTEGER PRIMARY KEY,
  site_id    INTEGER REFERENCES sites(id) ON DELETE SET NULL,
  name       TEXT NOT NULL,
  email      TEXT NOT NULL,
  subject    TEXT NOT NULL,
  message    TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  read_at    TEXT
);
