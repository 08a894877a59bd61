-- Offline outbox (issue #17): the app makes an id for each clip and Contact Us message it sends, so a
-- write sent twice (a retry after a lost answer, two tabs, the service worker and the page) is stored once.
ALTER TABLE clips ADD COLUMN client_id TEXT;
CREATE UNIQUE INDEX clips_client_id ON clips(client_id);
ALTER TABLE contact_messages ADD COLUMN client_id TEXT;
CREATE UNIQUE INDEX contact_messages_client_id ON contact_messages(client_id);
