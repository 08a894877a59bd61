-- The vocabulary copy's ending index carries each word's page count: an OCR-tolerant word's ending (an -ing or
-- -tion window holds thousands of forms) is read from the index alone, not with one look-up of the table's key
-- per form.
DROP INDEX IF EXISTS search_vocab_index_ending;
CREATE INDEX IF NOT EXISTS search_vocab_index_ending ON search_vocab_index (rprefix, len, rterm, pages);
