-- How often a page holds a two-word phrase, in the pairs index (issue #20). A phrase's pages were ordered by
-- RUM's ordered scan of its two words, which walks both words' whole position lists: 80-130 ms at 100,000
-- pages for a phrase of common words ("would have"), whatever the pages holding the phrase. Now a phrase of two
-- words ranks by how many times the page holds it (then date and id, as every relevance order here), and the
-- index says so: beside the pair "a b" a page holding it k times also has "a b#2" ... "a b#k" ('#' is never in
-- a word: contract/search/tokens.ts), so the pages holding it at least k times are one posting list, and the
-- pages in relevance order come from a few posting lists and a sort by date (search.ts phraseLevels). About 5%
-- more lexemes than the pairs alone (most pairs occur once on a page). The index expression is unchanged,
-- so queries keep matching it; only its content changes: rebuilt here (minutes on a large archive).
CREATE OR REPLACE FUNCTION tsv_pairs(t tsvector) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH w AS (SELECT u.lexeme, p FROM unnest(t) u CROSS JOIN LATERAL unnest(u.positions) p),
       c AS (SELECT a.lexeme || ' ' || b.lexeme AS pair, COUNT(*)::int AS n FROM w a JOIN w b ON b.p = a.p + 1 GROUP BY 1)
  SELECT array_to_tsvector(COALESCE(array_agg(CASE WHEN k = 1 THEN c.pair ELSE c.pair || '#' || k END), '{}'))
    FROM c CROSS JOIN LATERAL generate_series(1, c.n) k $$;

REINDEX INDEX pages_pairs;
