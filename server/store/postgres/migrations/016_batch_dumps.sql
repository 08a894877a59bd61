-- Bulk data: one row per batch whose OCR dump (plain text and ALTO, with a SHA-256 manifest) is built under
-- DATA_DIR/dumps/<batch>/. Purging the batch deletes the row with it (its files go with the batch's files).
CREATE TABLE batch_dumps (
  batch_id    INTEGER PRIMARY KEY REFERENCES batches(id) ON DELETE CASCADE,
  built_from  TEXT NOT NULL,               -- the batch's finished_at when built: a later load makes the dump stale
  built_at    TEXT NOT NULL,
  issues      INTEGER NOT NULL,
  pages       INTEGER NOT NULL,
  date_first  TEXT,
  date_last   TEXT,
  titles      TEXT NOT NULL DEFAULT '[]',  -- JSON [{ "id", "lccn", "name" }]
  files       TEXT NOT NULL DEFAULT '[]'   -- JSON [{ "name", "kind", "bytes", "sha256" }]
);
