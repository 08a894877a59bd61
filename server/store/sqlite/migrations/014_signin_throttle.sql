-- Sign-in throttle state (issue #34): failures per account and address and per address, with the time a wait
-- ends, kept in the store so every API server counts the same failures and a restart forgets none. Keys are
-- 'a:<address key>' and 'p:<address key>:<hash of the user name>' (server/admin/signin-throttle.ts); times
-- are epoch milliseconds.
CREATE TABLE signin_throttle (
  key      TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  until_ms INTEGER NOT NULL,
  since_ms INTEGER NOT NULL
);
CREATE INDEX signin_throttle_since ON signin_throttle (since_ms);
