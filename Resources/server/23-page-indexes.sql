-- tern server rules 16
-- Typed key columns for the pages that are read deepest: the Feed's All and Following views
-- (a post's `timestamp`, its author `uid`), the followed people's reposts (`repostedAt`), a
-- thread's replies (`replyTo`) and the Activity tab (a notification's `createdAt`).
-- Row-level security lets PostgreSQL search an index with a condition only when its
-- operators are leakproof, and jsonb's are not: with the jsonb indexes of 01-tables.sql a
-- page after the first (a cursor) was read by scanning and sorting the whole collection.
-- Each column `"key:FIELD"` holds the top-level field when it is a number (as `double
-- precision`; a timestamp is its seconds) or a string (as `text`), and NULL otherwise; the
-- store finds the columns by name when it connects (`KeyColumns`) and compares and orders
-- those fields on them, where float8's and text's operators are leakproof. Adding a column
-- rewrites the table once, under its lock. Every statement can run again and again.

-- A jsonb number as `double precision`, NULL for anything else or a number a double cannot
-- hold (so that no document is refused for its column).
CREATE OR REPLACE FUNCTION tern_number_key(v jsonb) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = {{schema}}, pg_temp AS $$
    SELECT CASE WHEN jsonb_typeof(v) <> 'number' THEN NULL
                WHEN v::numeric = 0 THEN 0
                WHEN abs(v::numeric) BETWEEN 1e-300 AND 1e300 THEN v::numeric::double precision END
$$;
ALTER FUNCTION tern_number_key(jsonb) OWNER TO {{owner}};

-- A jsonb string as `text`, NULL for anything else.
CREATE OR REPLACE FUNCTION tern_text_key(v jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = {{schema}}, pg_temp AS $$
    SELECT CASE WHEN jsonb_typeof(v) = 'string' THEN v #>> '{}' END
$$;
ALTER FUNCTION tern_text_key(jsonb) OWNER TO {{owner}};

-- (A generated column cannot read `data`, itself generated: each reads `doc`.)
ALTER TABLE documents ADD COLUMN IF NOT EXISTS "key:timestamp" double precision
    GENERATED ALWAYS AS (tern_number_key((doc::jsonb) -> 'timestamp')) STORED;
ALTER TABLE documents ADD COLUMN IF NOT EXISTS "key:uid" text
    GENERATED ALWAYS AS (tern_text_key((doc::jsonb) -> 'uid')) STORED;
ALTER TABLE documents ADD COLUMN IF NOT EXISTS "key:replyTo" text
    GENERATED ALWAYS AS (tern_text_key((doc::jsonb) -> 'replyTo')) STORED;
ALTER TABLE documents ADD COLUMN IF NOT EXISTS "key:repostedAt" double precision
    GENERATED ALWAYS AS (tern_number_key((doc::jsonb) -> 'repostedAt')) STORED;
ALTER TABLE documents ADD COLUMN IF NOT EXISTS "key:createdAt" double precision
    GENERATED ALWAYS AS (tern_number_key((doc::jsonb) -> 'createdAt')) STORED;

-- All (and a profile's posts by `uid`), newest first, each page from its cursor.
CREATE INDEX IF NOT EXISTS documents_by_timestamp_key ON documents (parent, "key:timestamp", id)
    WHERE "key:timestamp" IS NOT NULL;
CREATE INDEX IF NOT EXISTS documents_by_uid_key ON documents (parent, "key:uid", "key:timestamp", id)
    WHERE "key:uid" IS NOT NULL;
-- A thread's replies, oldest first.
CREATE INDEX IF NOT EXISTS documents_by_reply_to_key ON documents (parent, "key:replyTo", "key:timestamp", id)
    WHERE "key:replyTo" IS NOT NULL;
-- The followed people's reposts: across their collections along the time (the store walks
-- it, `PostgresQuery.walk`), and one person's.
CREATE INDEX IF NOT EXISTS documents_by_reposted_at_key ON documents ("key:repostedAt", id)
    WHERE "key:repostedAt" IS NOT NULL;
CREATE INDEX IF NOT EXISTS documents_by_parent_reposted_at_key ON documents (parent, "key:repostedAt", id)
    WHERE "key:repostedAt" IS NOT NULL;
-- The Activity tab, newest first.
CREATE INDEX IF NOT EXISTS documents_by_created_at_key ON documents (parent, "key:createdAt", id)
    WHERE "key:createdAt" IS NOT NULL;
