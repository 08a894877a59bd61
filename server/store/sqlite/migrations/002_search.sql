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

-- Counting and facets read (title, year, date) of many matching pages: a narrow covering index keeps
-- that off the wide page rows. Browse results list pages by date.
CREATE INDEX pages_search_cover ON pages (id, title_id, year, decade, date_issued);
CREATE INDEX pages_search_date ON pages (date_issued, title_id, sequence);
