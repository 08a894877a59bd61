-- Full-text search. pages_fts indexes pages.ocr_text (external content: the text is stored once, in
-- pages) with case folding and diacritics removed (über = uber). Triggers keep it in step with every
-- INSERT, DELETE (including cascades from issues) and UPDATE of the text, so writers only write pages.
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

-- Pages written before this migration.
INSERT INTO pages_fts (pages_fts) VALUES ('rebuild');

-- Audio transcripts, searchable the same way.
CREATE VIRTUAL TABLE audio_fts USING fts5(
  transcript,
  content = 'audio_items',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER audio_fts_insert AFTER INSERT ON audio_items BEGIN
  INSERT INTO audio_fts (rowid, transcript) VALUES (new.id, new.transcript);
END;
CREATE TRIGGER audio_fts_delete AFTER DELETE ON audio_items BEGIN
  INSERT INTO audio_fts (audio_fts, rowid, transcript) VALUES ('delete', old.id, old.transcript);
END;
CREATE TRIGGER audio_fts_update AFTER UPDATE OF transcript ON audio_items BEGIN
  INSERT INTO audio_fts (audio_fts, rowid, transcript) VALUES ('delete', old.id, old.transcript);
  INSERT INTO audio_fts (rowid, transcript) VALUES (new.id, new.transcript);
END;
INSERT INTO audio_fts (audio_fts) VALUES ('rebuild');

-- Search filters, counts and orders by date over an in-memory copy of (title, year, date, sequence) per
-- page (server/store/sqlite/search-meta.ts): this narrow covering index lets it load without touching
-- the wide page rows.
CREATE INDEX pages_search_meta ON pages (id, title_id, year, date_issued, sequence);
