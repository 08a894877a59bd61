-- Published corrections (issue #23) bump text_version instead of data_version: search answers and counts key
-- on both (MetaRepo.searchVersion), Home, discovery and site answers on data_version only.
INSERT INTO meta (key, value) VALUES ('text_version', '0') ON CONFLICT (key) DO NOTHING;
