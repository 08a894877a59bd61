-- Counts per title and year of the most frequent words, beside their ranking lists (issue #20): counting the
-- pages of a word on 50,000 pages reads 50,000 index entries and heap rows (45-75 ms at 100,000 pages) to
-- give the same few hundred title/year cells every time. The lists' builder fills it (rank-lists.ts) for
-- words on at least PG_RANK_LISTS.cellsMinPages pages, as flat triples (title_id, year, pages).
ALTER TABLE search_rank_lists ADD COLUMN IF NOT EXISTS cells INTEGER[];

-- Lists built before this migration have no cells: build them again.
DELETE FROM meta WHERE key = 'rank_lists_version';
