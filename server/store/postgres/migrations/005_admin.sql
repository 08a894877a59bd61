CREATE TABLE users (
  id            SERIAL PRIMARY KEY,
  username      TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  role          TEXT NOT NULL CHECK (role IN ('admin', 'editor')),
  failed_count  INTEGER NOT NULL DEFAULT 0,
  locked_until  TEXT,
  created_at    TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  last_login_at TEXT
);
CREATE UNIQUE INDEX users_username ON users (lower(username));

CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  expires_at TEXT NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE audit_log (
  id       SERIAL PRIMARY KEY,
  at       TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  user_id  INTEGER,
  username TEXT,
  action   TEXT NOT NULL,
  target   TEXT,
  detail   TEXT NOT NULL DEFAULT '{}',
  ip       TEXT
);

CREATE TABLE ingest_jobs (
  id          SERIAL PRIMARY KEY,
  kind        TEXT NOT NULL DEFAULT 'batch',
  source_path TEXT NOT NULL,
  marc_path   TEXT,
  status      TEXT NOT NULL DEFAULT 'queued',
  progress    TEXT NOT NULL DEFAULT '{}',
  report      TEXT NOT NULL DEFAULT '{}',
  error       TEXT,
  created_by  TEXT,
  created_at  TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  started_at  TEXT,
  finished_at TEXT
);
