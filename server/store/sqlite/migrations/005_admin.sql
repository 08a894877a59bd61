-- Staff accounts, sessions, audit log and background ingest jobs.

CREATE TABLE users (
  id            INTEGER PRIMARY KEY,
  username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,             -- scrypt$N$r$p$salt$hash (base64url)
  role          TEXT NOT NULL CHECK (role IN ('admin', 'editor')),
  failed_count  INTEGER NOT NULL DEFAULT 0,
  locked_until  TEXT,
  created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  last_login_at TEXT
);

-- The cookie carries a random token; only its SHA-256 is stored.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  expires_at TEXT NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE audit_log (
  id       INTEGER PRIMARY KEY,
  at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  user_id  INTEGER,
  username TEXT,
  action   TEXT NOT NULL,
  target   TEXT,
  detail   TEXT NOT NULL DEFAULT '{}',
  ip       TEXT
);

CREATE TABLE ingest_jobs (
  id          INTEGER PRIMARY KEY,
  kind        TEXT NOT NULL DEFAULT 'batch',   -- 'batch' | 'audio' | 'purge'
  source_path TEXT NOT NULL,
  marc_path   TEXT,
  status      TEXT NOT NULL DEFAULT 'queued', -- queued | running | done | failed | cancelled
  progress    TEXT NOT NULL DEFAULT '{}',
  report      TEXT NOT NULL DEFAULT '{}',
  error       TEXT,
  created_by  TEXT,
  created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  started_at  TEXT,
  finished_at TEXT
);
