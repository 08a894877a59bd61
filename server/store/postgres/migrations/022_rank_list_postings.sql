-- Every page of a frequent word with the number of times the page holds it, beside its ranking list (issue #37):
-- a pattern's forms (cent*: a hundred forms on 70,000 pages) are ordered by RUM's distance, whose score for an OR
-- of words is a sum over the forms a page holds of a function of each form's count (or-postings.ts). With these,
-- the first pages of such a search are found from the lists instead of RUM's ordered scan of every form (3-4 s).
-- all_ids holds the word's pages in the ranking list's order (count descending, then date and id); tf_values and
-- tf_counts give that order's runs: tf_counts[i] pages holding the word tf_values[i] times.
ALTER TABLE search_rank_lists ADD COLUMN IF NOT EXISTS all_ids INTEGER[];
ALTER TABLE search_rank_lists ADD COLUMN IF NOT EXISTS tf_values INTEGER[];
ALTER TABLE search_rank_lists ADD COLUMN IF NOT EXISTS tf_counts INTEGER[];

-- Concatenates a word's runs of ids, one run per count, in the order asked for.
CREATE OR REPLACE AGGREGATE rank_ids_cat(INTEGER[]) (SFUNC = array_cat, STYPE = INTEGER[], INITCOND = '{}');

-- Lists built before this migration have no postings: build them again.
DELETE FROM meta WHERE key = 'rank_lists_version';
