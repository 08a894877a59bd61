-- Research lists shared from a device (issue #38): a read-only snapshot per row under a random id, on the
-- site it was shared from. The delete token is the sharer's; only its SHA-256 is kept. client_id makes a
-- share sent twice by the outbox one row.
CREATE TABLE shared_lists (
  id            TEXT PRIMARY KEY,
  site_id       INTEGER NOT NULL,
  client_id     TEXT NOT NULL UNIQUE,
  token_hash    TEXT NOT NULL,
  name          TEXT NOT NULL,
  description   TEXT NOT NULL DEFAULT '',
  include_notes BOOLEAN NOT NULL DEFAULT FALSE,
  items         JSONB NOT NULL DEFAULT '[]',  -- SharedListItem[] (contract/shared-lists.ts)
  item_count    INTEGER NOT NULL,
  created_at    TEXT NOT NULL,
  address       TEXT,                         -- the sharer's address key, for staff
  reports       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX shared_lists_created ON shared_lists(created_at);
