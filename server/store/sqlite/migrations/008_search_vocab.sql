-- The full-text index's vocabulary, for expanding wash* and wom?n (and OCR-tolerant words) into the words
-- the pages hold: one row per indexed word with the number of pages holding it. fts5vocab reads it
-- straight from pages_fts, so it is always current; `term >= ? AND term < ?` scans only that range.
CREATE VIRTUAL TABLE pages_vocab USING fts5vocab(pages_fts, row);
