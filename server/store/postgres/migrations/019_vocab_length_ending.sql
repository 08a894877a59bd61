-- The vocabulary by ending keyed by length first, with the word and its page count in the index: an
-- OCR-tolerant word's ending (an -ing or -tion holds thousands of forms, of every length) is read as one range
-- per length of its window, from the index alone, not across every length and filtered with a look-up of the
-- table per form.
DROP INDEX IF EXISTS search_words_ending;
CREATE INDEX IF NOT EXISTS search_words_length_ending ON search_words (char_length(term), (reverse(term) COLLATE "C")) INCLUDE (term, pages);
