-- tern server rules 16
-- What Tern adds to the store's generic tables (`documents`, `protected_records`,
-- `tern_meta`, which the store creates itself): the `owner` of each document (from its
-- path, or from `uid` for a post), which the rules check; the indexes behind Tern's
-- queries (the feed, the liked list, favorites and a folder's favorites, newest first and
-- by name, posts by author); the uniqueness of emails and usernames, ignoring case; and
-- `tern_accounts`, which maps each account's login role (a random name) to its uid, read
-- only by the server's functions. Every statement can run again and again.

ALTER TABLE documents ADD COLUMN IF NOT EXISTS owner text GENERATED ALWAYS AS (CASE
    WHEN parent = 'users' THEN id
    WHEN parent = 'tweets' THEN (doc::jsonb) ->> 'uid'
    WHEN parent LIKE '%/%' THEN split_part(parent, '/', 2)
END) STORED;

CREATE INDEX IF NOT EXISTS documents_by_timestamp ON documents
    (parent, (jsonb_typeof(data -> 'timestamp') <> 'number'), (data -> 'timestamp'), id);
CREATE INDEX IF NOT EXISTS documents_by_liked_at ON documents
    (parent, (jsonb_typeof(data -> 'likedAt') <> 'number'), (data -> 'likedAt'), id);
CREATE INDEX IF NOT EXISTS documents_by_followed_at ON documents
    (parent, (jsonb_typeof(data -> 'followedAt') <> 'number'), (data -> 'followedAt'), id);
CREATE INDEX IF NOT EXISTS documents_by_bookmarked_at ON documents
    (parent, (jsonb_typeof(data -> 'bookmarkedAt') <> 'number'), (data -> 'bookmarkedAt'), id);
CREATE INDEX IF NOT EXISTS documents_by_saved_at ON documents
    (parent, (jsonb_typeof(data -> 'savedAt') <> 'number'), (data -> 'savedAt'), id);
CREATE INDEX IF NOT EXISTS documents_by_uid ON documents
    (parent, (data -> 'uid'), (jsonb_typeof(data -> 'timestamp') <> 'number'), (data -> 'timestamp'), id);
CREATE INDEX IF NOT EXISTS documents_by_folders ON documents USING gin ((data -> 'folders') jsonb_path_ops);
CREATE INDEX IF NOT EXISTS documents_by_name_key ON documents
    (parent, (jsonb_typeof(data -> 'nameKey') <> 'number'), (data -> 'nameKey'),
     (jsonb_typeof(data -> 'savedAt') <> 'number') DESC, (data -> 'savedAt') DESC, id DESC);
CREATE INDEX IF NOT EXISTS documents_by_owner ON documents (owner, parent);
CREATE INDEX IF NOT EXISTS documents_by_id ON documents (id);
CREATE UNIQUE INDEX IF NOT EXISTS documents_user_email ON documents (lower(data ->> 'email'))
    WHERE parent = 'users';
CREATE UNIQUE INDEX IF NOT EXISTS documents_user_username ON documents (lower(data ->> 'username'))
    WHERE parent = 'users' AND data ->> 'username' <> '';

CREATE TABLE IF NOT EXISTS tern_accounts (role text PRIMARY KEY, uid text NOT NULL UNIQUE);
-- When an administrator removed the account (`tern server remove`): its role no longer
-- logs in, belongs to no group, and is nobody to the functions.
ALTER TABLE tern_accounts ADD COLUMN IF NOT EXISTS removed_at timestamptz;

-- Invitations (`tern server invite`): the SHA-256 of each code, when it was made, and when
-- it expires. Earlier versions kept them in `protected_records`; they move here.
CREATE TABLE IF NOT EXISTS tern_invitations (
    code_hash text PRIMARY KEY,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz
);
INSERT INTO tern_invitations (code_hash, created_at)
    SELECT substr(key, 17), now() FROM protected_records WHERE key LIKE 'tern/invitation/%'
    ON CONFLICT DO NOTHING;
DELETE FROM protected_records WHERE key LIKE 'tern/invitation/%';
