-- Core schema for PostgreSQL: the same tables and columns as the SQLite store (dates and timestamps as
-- ISO text, JSON documents as text) so both engines answer byte-for-byte the same.

CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO meta (key, value) VALUES ('data_version', '1');

CREATE TABLE sites (
  id         SERIAL PRIMARY KEY,
  slug       TEXT NOT NULL UNIQUE,
  name       TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  updated_at TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
);
CREATE TABLE site_origins (origin TEXT PRIMARY KEY, site_id INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE);
CREATE TABLE site_sections (
  site_id    INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  section    TEXT NOT NULL,
  data       TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  PRIMARY KEY (site_id, section)
);

CREATE TABLE countries (id SERIAL PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE states (id SERIAL PRIMARY KEY, country_id INTEGER NOT NULL REFERENCES countries(id), name TEXT NOT NULL, UNIQUE (country_id, name));
CREATE TABLE cities (id SERIAL PRIMARY KEY, state_id INTEGER NOT NULL REFERENCES states(id), name TEXT NOT NULL, county TEXT, UNIQUE (state_id, name));

CREATE TABLE titles (
  id                   SERIAL PRIMARY KEY,
  lccn                 TEXT NOT NULL UNIQUE,
  name                 TEXT NOT NULL,
  city_id              INTEGER REFERENCES cities(id),
  place_of_publication TEXT,
  publisher            TEXT,
  start_year           INTEGER,
  end_year             INTEGER,
  language             TEXT,
  frequency            TEXT,
  source               TEXT NOT NULL DEFAULT 'marc',
  created_at           TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
);
CREATE INDEX titles_city ON titles(city_id);

CREATE TABLE site_titles (
  site_id  INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  title_id INTEGER NOT NULL REFERENCES titles(id) ON DELETE CASCADE,
  PRIMARY KEY (site_id, title_id)
);

CREATE TABLE batches (
  id          SERIAL PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE,
  source_path TEXT,
  status      TEXT NOT NULL DEFAULT 'loading',
  started_at  TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  finished_at TEXT,
  report      TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE issues (
  id          SERIAL PRIMARY KEY,
  uid         TEXT NOT NULL UNIQUE,
  title_id    INTEGER NOT NULL REFERENCES titles(id),
  batch_id    INTEGER REFERENCES batches(id) ON DELETE CASCADE,
  date_issued TEXT NOT NULL,
  year        INTEGER NOT NULL,
  edition     INTEGER NOT NULL DEFAULT 1,
  volume      TEXT,
  number      TEXT,
  UNIQUE (title_id, date_issued, edition)
);
CREATE INDEX issues_batch ON issues(batch_id);

CREATE TABLE pages (
  id          SERIAL PRIMARY KEY,
  uid         TEXT NOT NULL UNIQUE,
  issue_id    INTEGER NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  title_id    INTEGER NOT NULL REFERENCES titles(id),
  sequence    INTEGER NOT NULL,
  number      TEXT,
  reel        TEXT,
  date_issued TEXT NOT NULL,
  year        INTEGER NOT NULL,
  decade      INTEGER NOT NULL,
  width       INTEGER,
  height      INTEGER,
  image_path  TEXT,
  pdf_path    TEXT,
  alto_path   TEXT,
  ocr_text    TEXT NOT NULL DEFAULT '',
  word_count  INTEGER NOT NULL DEFAULT 0,
  UNIQUE (issue_id, sequence)
);
CREATE INDEX pages_title_year ON pages(title_id, year);
CREATE INDEX pages_year ON pages(year);
CREATE INDEX pages_decade ON pages(decade);
CREATE INDEX pages_date ON pages(date_issued);

CREATE TABLE page_words (page_id INTEGER PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE, words TEXT NOT NULL);

CREATE TABLE audio_items (
  id          SERIAL PRIMARY KEY,
  uid         TEXT NOT NULL UNIQUE,
  title_id    INTEGER REFERENCES titles(id),
  batch_id    INTEGER REFERENCES batches(id) ON DELETE CASCADE,
  label       TEXT NOT NULL,
  date_issued TEXT,
  media_path  TEXT NOT NULL,
  media_type  TEXT NOT NULL,
  duration    DOUBLE PRECISION,
  transcript  TEXT NOT NULL DEFAULT '',
  cues        TEXT NOT NULL DEFAULT '[]',
  meta        TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE contact_messages (
  id         SERIAL PRIMARY KEY,
  site_id    INTEGER REFERENCES sites(id) ON DELETE SET NULL,
  name       TEXT NOT NULL,
  email      TEXT NOT NULL,
  subject    TEXT NOT NULL,
  message    TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  read_at    TEXT
);
