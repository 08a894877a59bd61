-- The vocabulary by ending (issue #22): an OCR-tolerant word also reads the forms that end as it does
-- (contract/search/ocr-distance.ts fuzzyEnding), for misreadings that changed the start beyond the ranges of
-- its first letters ("sxnate" for senate). A range of reversed spellings is one index range, in byte order
-- (COLLATE "C", as term itself), the same order SQLite's copy gives (server/store/sqlite/vocab-index.ts).
CREATE INDEX IF NOT EXISTS search_words_ending ON search_words ((reverse(term) COLLATE "C"), char_length(term));
