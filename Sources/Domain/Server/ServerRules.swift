import DocStore

/// The roles, row-level security and functions `tern server init` installs, as SQL that
/// can run again and again. Rules enforced by the server, not trusted to the client:
///
/// - `tern_owner` (no login, not BYPASSRLS) owns the tables and the functions;
///   `tern_user` is the group of account roles, one login role per account, named by its
///   uid, its password kept by PostgreSQL as SCRAM-SHA-256; `tern_signup` can do nothing
///   but call `tern_register`, which creates only such roles, and `tern_account`, which
///   finds the account of an email for signing in.
/// - Row-level security is enabled and forced on every table. An account reads `users` and
///   `tweets` and its own documents, and writes only its own profile (`users/{uid}`), posts
///   (`tweets/*` whose `uid` is its own), and favorites (see `FavoriteFolderRules`: shared
///   folders are readable by every account). The `owner` column is generated
///   from the path (from `uid` for posts), so no client can claim another owner.
/// - `users/{uid}/user-likes/*` and a post's `likes` change only through `tern_like`, which
///   reads the post itself, writes the like and moves the counter by exactly ±1; a trigger
///   refuses every other change of `likes`, whoever makes it.
/// - `tern_guest` is what Tern connects as when nobody is signed in: it only reads `users`
///   and `tweets`, the feed a signed-out person may read.
enum ServerRules {
    static let version = 4

    /// The guest role and its password, which is public: the role can read only what any
    /// person may read signed out.
    static let guestRole = "tern_guest"
    static let guestPassword = "tern_guest"

    /// Timestamps as the store writes them: seconds since 1970 with a capital `E`.
    static let nowText = "(extract(epoch FROM statement_timestamp())::text || 'E0')"

    /// The statements for the current schema (`schema`, already in the search path);
    /// `guestVerifier` is the SCRAM verifier of `guestPassword`, set on a new guest role.
    static func statements(schema: String, guestVerifier: String) -> String {
        let s = ServerConnection.identifier(schema)
        let writable = "owner = current_user AND (parent IN ('users', 'tweets') OR parent IN (\(FavoriteFolderRules.ownParents)))"
        return """
        DO $$
        BEGIN
            IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tern_owner') THEN CREATE ROLE tern_owner NOLOGIN; END IF;
            IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tern_user') THEN CREATE ROLE tern_user NOLOGIN; END IF;
            IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tern_signup') THEN CREATE ROLE tern_signup LOGIN; END IF;
        END $$;
        DO $guest$
        BEGIN
            IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tern_guest') THEN
                CREATE ROLE tern_guest LOGIN PASSWORD \(ServerConnection.literal(guestVerifier));
            END IF;
        END $guest$;
        ALTER ROLE tern_owner NOSUPERUSER NOLOGIN CREATEROLE NOBYPASSRLS;
        ALTER ROLE tern_user NOSUPERUSER NOLOGIN NOCREATEROLE NOBYPASSRLS;
        ALTER ROLE tern_signup NOSUPERUSER LOGIN NOCREATEROLE NOBYPASSRLS;
        ALTER ROLE tern_guest NOSUPERUSER NOCREATEROLE NOBYPASSRLS;
        DO $$
        BEGIN
            IF NOT pg_has_role(current_user, 'tern_owner', 'MEMBER') THEN EXECUTE format('GRANT tern_owner TO %I', current_user); END IF;
        END $$;
        GRANT USAGE ON SCHEMA \(s) TO tern_owner, tern_user, tern_signup, tern_guest;

        ALTER TABLE documents OWNER TO tern_owner;
        ALTER TABLE protected_records OWNER TO tern_owner;
        ALTER TABLE tern_meta OWNER TO tern_owner;
        REVOKE ALL ON documents, protected_records, tern_meta FROM PUBLIC, tern_user, tern_signup, tern_guest;
        GRANT SELECT, INSERT, UPDATE, DELETE ON documents TO tern_user;
        GRANT SELECT ON documents TO tern_guest;
        GRANT SELECT ON tern_meta TO tern_user, tern_signup, tern_guest;

        ALTER TABLE documents ENABLE ROW LEVEL SECURITY;
        ALTER TABLE documents FORCE ROW LEVEL SECURITY;
        ALTER TABLE protected_records ENABLE ROW LEVEL SECURITY;
        ALTER TABLE protected_records FORCE ROW LEVEL SECURITY;
        ALTER TABLE tern_meta ENABLE ROW LEVEL SECURITY;
        ALTER TABLE tern_meta FORCE ROW LEVEL SECURITY;

        \(FavoriteFolderRules.function(schema: s))

        DROP POLICY IF EXISTS tern_owner_all ON documents;
        DROP POLICY IF EXISTS tern_read ON documents;
        DROP POLICY IF EXISTS tern_insert ON documents;
        DROP POLICY IF EXISTS tern_update ON documents;
        DROP POLICY IF EXISTS tern_delete ON documents;
        DROP POLICY IF EXISTS tern_guest_read ON documents;
        CREATE POLICY tern_owner_all ON documents TO tern_owner USING (true) WITH CHECK (true);
        CREATE POLICY tern_read ON documents FOR SELECT TO tern_user USING (parent IN ('users', 'tweets') OR owner = current_user OR \(FavoriteFolderRules.sharedReadable));
        CREATE POLICY tern_insert ON documents FOR INSERT TO tern_user WITH CHECK (\(writable));
        CREATE POLICY tern_update ON documents FOR UPDATE TO tern_user USING (\(writable)) WITH CHECK (\(writable));
        CREATE POLICY tern_delete ON documents FOR DELETE TO tern_user USING (\(writable));
        CREATE POLICY tern_guest_read ON documents FOR SELECT TO tern_guest USING (parent IN ('users', 'tweets'));
        DROP POLICY IF EXISTS tern_owner_all ON protected_records;
        CREATE POLICY tern_owner_all ON protected_records TO tern_owner USING (true) WITH CHECK (true);
        DROP POLICY IF EXISTS tern_owner_all ON tern_meta;
        DROP POLICY IF EXISTS tern_read ON tern_meta;
        CREATE POLICY tern_owner_all ON tern_meta TO tern_owner USING (true) WITH CHECK (true);
        CREATE POLICY tern_read ON tern_meta FOR SELECT TO tern_user, tern_signup, tern_guest USING (true);

        CREATE OR REPLACE FUNCTION tern_guard_likes() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF current_user = 'tern_owner' THEN RETURN NULL; END IF;
            IF TG_OP = 'INSERT' AND NEW.parent = 'tweets' AND coalesce(NEW.data -> 'likes', '0'::jsonb) <> '0'::jsonb THEN
                RAISE EXCEPTION 'a new post starts with no likes' USING ERRCODE = '42501';
            END IF;
            IF TG_OP = 'UPDATE' AND (OLD.parent = 'tweets' OR NEW.parent = 'tweets')
               AND ((OLD.parent, OLD.id) IS DISTINCT FROM (NEW.parent, NEW.id) OR (OLD.data -> 'likes') IS DISTINCT FROM (NEW.data -> 'likes')) THEN
                RAISE EXCEPTION 'likes change only through like and unlike' USING ERRCODE = '42501';
            END IF;
            RETURN NULL;
        END $$;
        DROP TRIGGER IF EXISTS documents_guard_likes ON documents;
        CREATE TRIGGER documents_guard_likes AFTER INSERT OR UPDATE ON documents
            FOR EACH ROW EXECUTE FUNCTION tern_guard_likes();

        DROP FUNCTION IF EXISTS tern_like(text, text, boolean, text, text);
        CREATE OR REPLACE FUNCTION tern_post_text(post jsonb, likes bigint) RETURNS text
        LANGUAGE sql IMMUTABLE SET search_path = pg_catalog AS $$
            SELECT '{"caption":' || to_json(post ->> 'caption')::text
                || ',"likes":' || likes
                || CASE WHEN jsonb_typeof(post -> 'placeID') = 'string' THEN ',"placeID":' || to_json(post ->> 'placeID')::text ELSE '' END
                || ',"timestamp":' || (post ->> 'timestamp') || 'E0'
                || ',"uid":' || to_json(post ->> 'uid')::text || '}'
        $$;

        CREATE OR REPLACE FUNCTION tern_like(tweet_id text, liked boolean)
        RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(s), pg_temp AS $$
        DECLARE
            likes_parent text := 'users/' || session_user || '/user-likes';
            post jsonb;
            changed integer;
        BEGIN
            IF NOT pg_has_role(session_user, 'tern_user', 'MEMBER') OR session_user::text IN ('tern_user', 'tern_owner') THEN
                RAISE EXCEPTION 'only an account likes' USING ERRCODE = '42501';
            END IF;
            SELECT data INTO post FROM documents WHERE parent = 'tweets' AND id = tweet_id FOR UPDATE;
            IF post IS NULL THEN
                RAISE EXCEPTION 'no post %', tweet_id USING ERRCODE = 'P0002';
            END IF;
            IF jsonb_typeof(post -> 'caption') <> 'string' OR jsonb_typeof(post -> 'uid') <> 'string' OR jsonb_typeof(post -> 'timestamp') <> 'number' THEN
                RAISE EXCEPTION 'post % is not a post', tweet_id USING ERRCODE = '22023';
            END IF;
            IF liked THEN
                INSERT INTO documents (parent, id, doc) VALUES (likes_parent, tweet_id, '{"likedAt":' || \(nowText) || '}')
                    ON CONFLICT (parent, id) DO NOTHING;
            ELSE
                DELETE FROM documents WHERE parent = likes_parent AND id = tweet_id;
            END IF;
            GET DIAGNOSTICS changed = ROW_COUNT;
            IF changed = 0 THEN RETURN 0; END IF;
            UPDATE documents
               SET doc = tern_post_text(post, greatest(0, coalesce((post ->> 'likes')::bigint, 0) + CASE WHEN liked THEN 1 ELSE -1 END))
             WHERE parent = 'tweets' AND id = tweet_id;
            RETURN 1;
        END $$;

        CREATE OR REPLACE FUNCTION tern_register(account text, verifier text, profile text)
        RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(s), pg_temp AS $$
        BEGIN
            IF account !~ '^[A-Za-z0-9]{16,63}$' THEN
                RAISE EXCEPTION 'an account id is 16 to 63 letters and digits' USING ERRCODE = '22023';
            END IF;
            IF verifier !~ '^SCRAM-SHA-256\\$[0-9]+:' THEN
                RAISE EXCEPTION 'the password must arrive as a SCRAM-SHA-256 verifier' USING ERRCODE = '22023';
            END IF;
            IF profile IS NULL OR (profile::jsonb ->> 'id') IS DISTINCT FROM account THEN
                RAISE EXCEPTION 'the profile must carry the account id' USING ERRCODE = '22023';
            END IF;
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = account) THEN
                RAISE EXCEPTION 'the account % exists', account USING ERRCODE = '42710';
            END IF;
            EXECUTE format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEROLE NOBYPASSRLS PASSWORD %L IN ROLE tern_user', account, verifier);
            INSERT INTO documents (parent, id, doc) VALUES ('users', account, profile);
        END $$;

        CREATE OR REPLACE FUNCTION tern_account(email text)
        RETURNS text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = \(s), pg_temp AS $$
            SELECT id FROM documents WHERE parent = 'users' AND lower(data ->> 'email') = lower(email)
        $$;

        ALTER FUNCTION tern_guard_likes() OWNER TO tern_owner;
        ALTER FUNCTION tern_post_text(jsonb, bigint) OWNER TO tern_owner;
        ALTER FUNCTION tern_account(text) OWNER TO tern_owner;
        REVOKE ALL ON FUNCTION tern_account(text) FROM PUBLIC;
        GRANT EXECUTE ON FUNCTION tern_account(text) TO tern_signup;
        ALTER FUNCTION tern_like(text, boolean) OWNER TO tern_owner;
        ALTER FUNCTION tern_register(text, text, text) OWNER TO tern_owner;
        REVOKE ALL ON FUNCTION tern_like(text, boolean) FROM PUBLIC;
        REVOKE ALL ON FUNCTION tern_register(text, text, text) FROM PUBLIC;
        GRANT EXECUTE ON FUNCTION tern_like(text, boolean) TO tern_user;
        GRANT EXECUTE ON FUNCTION tern_register(text, text, text) TO tern_signup;

        INSERT INTO tern_meta (key, value) VALUES ('rules', 'on'), ('rules_version', '\(version)')
            ON CONFLICT (key) DO UPDATE SET value = excluded.value;
        """
    }
}
