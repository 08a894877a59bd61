-- The vocabulary as an OCR-tolerant word reads it, from indexes alone: its dozens of ranges of words (its start's,
-- fuzzyPrefixes) from an index of the words that carries their page counts, and its ending's forms (an -ing or
-- -tion holds thousands, of every length) from an index keyed by length and reversed spelling, one range per
-- length of its window, carrying the word and its page count, not across every length and filtered with a
-- look-up of the table per form.
CREATE INDEX IF NOT EXISTS search_words_term_pages ON search_words (term) INCLUDE (pages);
DROP INDEX IF EXISTS search_words_ending;
CREATE INDEX IF NOT EXISTS search_words_length_ending ON search_words (char_length(term), (reverse(term) COLLATE "C")) INCLUDE (term, pages);
