-- Phrases (issue #20): a page's adjacent word pairs, indexed. A phrase of two common words ("such chatter":
-- "such" on most pages) was found by intersecting both words' position lists in the full-text index, 15-50 ms
-- at 100,000 pages whatever few pages hold it; SQLite's FTS5 does the same work in its own index faster. A GIN
-- index over each page's pairs ("such chatter" is one lexeme) finds a two-word phrase's pages from one
-- posting list, exactly (no tsvector is read), and narrows longer phrases to the pages holding all their
-- pairs. The pairs come from the page's tsvector positions, so a pair matches exactly when the phrase
-- operator (<->) does. Nothing is stored but the index: it is an expression index, kept by PostgreSQL on
-- every insert and update of the text (about 2 ms of CPU a page of 2,000 words).
CREATE OR REPLACE FUNCTION tsv_pairs(t tsvector) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH w AS (SELECT u.lexeme, p FROM unnest(t) u CROSS JOIN LATERAL unnest(u.positions) p)
  SELECT array_to_tsvector(COALESCE(array_agg(DISTINCT a.lexeme || ' ' || b.lexeme), '{}'))
    FROM w a JOIN w b ON b.p = a.p + 1 $$;

CREATE INDEX IF NOT EXISTS pages_pairs ON pages USING gin (tsv_pairs(tsv));
-- ANALYZE would compute the pairs of every sampled page (30,000 pages: a minute of CPU) for statistics the
-- planner does not use for @@ (as for tsv, 006).
ALTER INDEX pages_pairs ALTER COLUMN 1 SET STATISTICS 0;
