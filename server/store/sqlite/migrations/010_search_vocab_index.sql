-- The vocabulary (pages_vocab) again, keyed by a word's first two letters and its length, for OCR-tolerant
-- words: senate~ reads only the forms of its ranges (se, sc, so, ...) within its edit budget of its length,
-- from a plain b-tree, instead of whole ranges of fts5vocab (tens of thousands of forms at 100,000 pages).
-- Made with the ranking lists once an ingest has settled (vocab-index.ts), for the index state recorded in
-- meta 'search_vocab_index'; a copy older than the index is not read (pages_vocab answers then).
CREATE TABLE IF NOT EXISTS search_vocab_index (
  prefix TEXT NOT NULL,
  len INTEGER NOT NULL,
  term TEXT NOT NULL,
  pages INTEGER NOT NULL,
  PRIMARY KEY (prefix, len, term)
) WITHOUT ROWID;
