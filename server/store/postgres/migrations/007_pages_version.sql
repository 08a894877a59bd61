-- A version of the pages alone: bumped by every statement that writes pages (ingest, purge, copy), and by
-- nothing else. Ranking lists are tied to it, not to data_version, which site and settings edits also
-- bump: a new banner must not send the database into rebuilding every list (minutes at 100,000 pages).
INSERT INTO meta (key, value) VALUES ('pages_version', '1') ON CONFLICT (key) DO NOTHING;

CREATE OR REPLACE FUNCTION bump_pages_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE meta SET value = (value::bigint + 1)::text WHERE key = 'pages_version';
  RETURN NULL;
END
$$;

CREATE TRIGGER pages_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pages
  FOR EACH STATEMENT EXECUTE FUNCTION bump_pages_version();

-- Lists built before this migration were tied to data_version: build them again.
DELETE FROM meta WHERE key = 'rank_lists_version';
