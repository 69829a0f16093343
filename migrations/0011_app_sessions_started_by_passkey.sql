-- drizzle-kit wrote this ALTER without the ON DELETE action it records in the snapshot; the
-- action is the point of the column (docs/app.md "Passkeys"), so it is written out here.
-- SQLite allows a REFERENCES clause on ADD COLUMN when the column's default is NULL.
ALTER TABLE `app_sessions` ADD `started_by_passkey` text REFERENCES passkeys(id) ON UPDATE no action ON DELETE cascade;
