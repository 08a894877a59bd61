-- Clips: a visitor's rectangle on a page with a caption, shared by a short public id.
CREATE TABLE clips (
  id         TEXT PRIMARY KEY,               -- random, URL-safe, unguessable
  page_id    INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
  x          INTEGER NOT NULL,               -- region in image pixels
  y          INTEGER NOT NULL,
  w          INTEGER NOT NULL,
  h          INTEGER NOT NULL,
  caption    TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
);
CREATE INDEX clips_page ON clips(page_id);
