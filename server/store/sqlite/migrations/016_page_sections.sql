-- A page's section label from the issue's METS (NDNP: mods:detail type="section label"), shown beside the
-- page's number on the issue page (issue #36). Null where the METS names none, as in most NDNP batches.
ALTER TABLE pages ADD COLUMN section_label TEXT;
