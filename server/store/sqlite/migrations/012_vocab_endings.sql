-- The vocabulary copy by ending as well (issue #22): an OCR-tolerant word also reads the forms that end as it
-- does (contract/search/ocr-distance.ts fuzzyEnding), for misreadings that changed the start beyond the ranges
-- of its first letters ("sxnate" for senate). Each word's reversed spelling, keyed like the prefix: its first
-- two letters and the length (vocab-index.ts fills them; the copy is made again for them).
ALTER TABLE search_vocab_index ADD COLUMN rprefix TEXT NOT NULL DEFAULT '';
ALTER TABLE search_vocab_index ADD COLUMN rterm TEXT NOT NULL DEFAULT '';
CREATE INDEX IF NOT EXISTS search_vocab_index_ending ON search_vocab_index (rprefix, len, rterm);
DELETE FROM meta WHERE key = 'search_vocab_index';
