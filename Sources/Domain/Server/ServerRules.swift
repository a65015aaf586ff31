import DocStore
import PlainText

/// The roles, row-level security and functions `tern server init` installs, as SQL that
/// can run again and again. Rules enforced by the server, not trusted to the client:
///
/// - Roles are the database's own (`ServerRoles`, a random namespace): `tern_<ns>_owner`
///   (no login, not BYPASSRLS) owns the tables and the functions; `tern_<ns>_user` is the
///   group of account roles, one login role per account with a random name (`tern_accounts`
///   maps it to the uid documents show; `tern_me()` is the signed-in uid), its password kept
///   by PostgreSQL as SCRAM-SHA-256; the shared `tern_guest` only reads `users` and `tweets`
///   (the feed a signed-out person may read), finds the account of an email for signing in
///   (`tern_account`), and registers (`tern_register`) with a one-time invitation an
///   administrator made (`tern server invite`): no shared password exists that a member
///   could change to lock others out of registering.
/// - Accounts and the guest read through forced row-level security and write nothing
///   directly: every document write goes through `tern_write` (the store's write hook),
///   which writes as the *login* role's account (`tern_me()` reads `session_user`, whatever
///   `SET ROLE` says), checks
///   every field (types, lengths, characters, as `Validation` does), and keeps the fields
///   the server maintains (counters, creation and save times, the email) itself. With no
///   write privilege on the table, no client can lock it either.
/// - `users/{uid}/user-likes/*` and a post's `likes` change only through `tern_like`, which
///   likes as the login role, reads the post itself and computes its new counter (never
///   below 0); deleting a post deletes its likes. A trigger refuses any other change of a
///   counter, even by a superuser (repairs go through `SET ROLE tern_<ns>_owner`).
/// - Changes are announced by the server, not the clients: a trigger NOTIFYs the path of a
///   changed profile or post on the public channel, and the path of a private document only
///   on its owner's channel, named from a secret no client can read (`tern_channels()`
///   tells a role its own).
/// - Every login role has timeouts and a connection limit; nobody but the owner may create
///   temporary tables, and on a set-up run by a superuser large objects and advisory locks
///   are closed to everyone else in the database.
enum ServerRules {
    static let version = 8

    /// The guest role and its password, which is public: the role can read only what any
    /// person may read signed out.
    static let guestRole = "tern_guest"
    static let guestPassword = "tern_guest"

    /// What every login role is held to, whatever the client asks (a client sets the same
    /// on each connection, so a role's changed defaults do not matter either).
    static let timeouts = [
        ("statement_timeout", "5s"), ("lock_timeout", "3s"), ("idle_in_transaction_session_timeout", "10s"),
    ]
    static let accountConnectionLimit = 8
    static let guestConnectionLimit = 64

    /// Seconds since 1970 as the store writes a timestamp's number.
    static let nowSeconds = "extract(epoch FROM statement_timestamp())"

    /// A regular-expression class of the characters no stored text may hold (SafeText's),
    /// with or without the newline.
    static func unsafeClass(allowNewline: Bool) -> String {
        var ranges = SafeText.unsafeRanges.map { ($0.lowerBound, $0.upperBound) }
        ranges = ranges.flatMap { range -> [(UInt32, UInt32)] in
            guard allowNewline, range.0 <= 0x0A, 0x0A <= range.1 else { return [range] }
            return [(range.0, 0x09), (0x0B, range.1)].filter { $0.0 <= $0.1 }
        }
        // NUL cannot be stored in PostgreSQL text, and cannot appear in a class.
        let parts = ranges.map { (max($0.0, 1), $0.1) }.map { low, high in
            low == high ? String(format: "\\u%04x", low) : String(format: "\\u%04x-\\u%04x", low, high)
        }
        return "[" + parts.joined() + "]"
    }

    /// The statements for the current schema (`schema`, already in the search path);
    /// `guestVerifier` is the SCRAM verifier of `guestPassword`, set on a new guest role.
    static func statements(schema: String, database: String, roles: ServerRoles, guestVerifier: String) -> String {
        let s = ServerConnection.identifier(schema)
        let db = ServerConnection.identifier(database)
        return """
            DO $$
            BEGIN
                IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '\(roles.owner)') THEN CREATE ROLE \(roles.owner) NOLOGIN; END IF;
                IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '\(roles.user)') THEN CREATE ROLE \(roles.user) NOLOGIN; END IF;
            END $$;
            DO $guest$
            BEGIN
                IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tern_guest') THEN
                    CREATE ROLE tern_guest LOGIN PASSWORD \(ServerConnection.literal(guestVerifier));
                END IF;
            END $guest$;
            ALTER ROLE \(roles.owner) NOSUPERUSER NOLOGIN CREATEROLE NOBYPASSRLS;
            ALTER ROLE \(roles.user) NOSUPERUSER NOLOGIN NOCREATEROLE NOBYPASSRLS;
            DO $$
            BEGIN
                -- The shared sign-up password of earlier versions is gone: registration takes an invitation.
                IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tern_signup') THEN ALTER ROLE tern_signup NOLOGIN; END IF;
            END $$;
            ALTER ROLE tern_guest NOSUPERUSER NOCREATEROLE NOBYPASSRLS CONNECTION LIMIT \(guestConnectionLimit);
            \(timeouts.map { "ALTER ROLE tern_guest SET \($0.0) = '\($0.1)';" }.joined(separator: "\n"))
            DO $$
            BEGIN
                IF NOT pg_has_role(current_user, '\(roles.owner)', 'MEMBER') THEN EXECUTE format('GRANT \(roles.owner) TO %I', current_user); END IF;
            END $$;
            REVOKE CONNECT, TEMPORARY ON DATABASE \(db) FROM PUBLIC;
            GRANT CONNECT ON DATABASE \(db) TO \(roles.owner), \(roles.user), tern_guest;
            REVOKE CREATE ON SCHEMA \(s) FROM PUBLIC;
            GRANT USAGE ON SCHEMA \(s) TO \(roles.owner), \(roles.user), tern_guest;
            DO $$
            BEGIN
                -- Only a superuser may close large objects and advisory locks (functions of the system catalog).
                IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
                    REVOKE EXECUTE ON FUNCTION lo_create(oid), lo_creat(integer), lo_from_bytea(oid, bytea), lo_import(text), lo_import(text, oid),
                        pg_advisory_lock(bigint), pg_advisory_lock(integer, integer), pg_advisory_lock_shared(bigint), pg_advisory_lock_shared(integer, integer),
                        pg_advisory_xact_lock(bigint), pg_advisory_xact_lock(integer, integer), pg_advisory_xact_lock_shared(bigint), pg_advisory_xact_lock_shared(integer, integer),
                        pg_try_advisory_lock(bigint), pg_try_advisory_lock(integer, integer), pg_try_advisory_xact_lock(bigint), pg_try_advisory_xact_lock(integer, integer)
                        FROM PUBLIC;
                END IF;
            END $$;

            ALTER TABLE documents OWNER TO \(roles.owner);
            ALTER TABLE protected_records OWNER TO \(roles.owner);
            ALTER TABLE tern_meta OWNER TO \(roles.owner);
            ALTER TABLE tern_accounts OWNER TO \(roles.owner);
            REVOKE ALL ON tern_accounts FROM PUBLIC;
            COMMENT ON ROLE \(roles.owner) IS \(ServerConnection.literal(ServerRoles.label(database: database, schema: schema)));
            COMMENT ON ROLE \(roles.user) IS \(ServerConnection.literal(ServerRoles.label(database: database, schema: schema)));
            REVOKE ALL ON documents, protected_records, tern_meta FROM PUBLIC, \(roles.user), tern_guest;
            GRANT SELECT ON documents TO \(roles.user), tern_guest;
            GRANT SELECT ON tern_meta TO \(roles.user), tern_guest;

            ALTER TABLE documents ENABLE ROW LEVEL SECURITY;
            ALTER TABLE documents FORCE ROW LEVEL SECURITY;
            ALTER TABLE protected_records ENABLE ROW LEVEL SECURITY;
            ALTER TABLE protected_records FORCE ROW LEVEL SECURITY;
            ALTER TABLE tern_meta ENABLE ROW LEVEL SECURITY;
            ALTER TABLE tern_meta FORCE ROW LEVEL SECURITY;
            ALTER TABLE tern_accounts ENABLE ROW LEVEL SECURITY;
            ALTER TABLE tern_accounts FORCE ROW LEVEL SECURITY;
            DROP POLICY IF EXISTS tern_owner_all ON tern_accounts;
            CREATE POLICY tern_owner_all ON tern_accounts TO \(roles.owner) USING (true) WITH CHECK (true);

            -- The uid of the signed-in account (the login role, whatever SET ROLE says), NULL
            -- for any role that is not one of this database's accounts.
            CREATE OR REPLACE FUNCTION tern_me() RETURNS text
            LANGUAGE sql STABLE SECURITY DEFINER SET search_path = \(s), pg_temp AS $$
                SELECT uid FROM tern_accounts WHERE role = session_user
            $$;
            ALTER FUNCTION tern_me() OWNER TO \(roles.owner);
            REVOKE ALL ON FUNCTION tern_me() FROM PUBLIC;
            GRANT EXECUTE ON FUNCTION tern_me() TO \(roles.user);

            DO $$
            DECLARE
                account text;
            BEGIN
                -- Earlier versions named accounts' roles by their uid, in the cluster-wide
                -- tern_user: keep them, as accounts of this database's own group.
                IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tern_user') AND NOT EXISTS (SELECT 1 FROM tern_accounts) THEN
                    FOR account IN SELECT d.id FROM documents d WHERE d.parent = 'users' AND EXISTS (
                        SELECT 1 FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles r ON r.oid = m.member
                        WHERE g.rolname = 'tern_user' AND r.rolname = d.id)
                    LOOP
                        INSERT INTO tern_accounts (role, uid) VALUES (account, account) ON CONFLICT DO NOTHING;
                        EXECUTE format('GRANT %I TO %I', '\(roles.user)', account);
                    END LOOP;
                    REVOKE ALL ON documents, protected_records, tern_meta FROM tern_user;
                    EXECUTE format('REVOKE ALL ON ALL FUNCTIONS IN SCHEMA %I FROM tern_user', current_schema());
                    EXECUTE format('REVOKE USAGE ON SCHEMA %I FROM tern_user', current_schema());
                END IF;
            END $$;

            \(FavoriteFolderRules.function(schema: s, roles: roles))

            DROP POLICY IF EXISTS tern_owner_all ON documents;
            DROP POLICY IF EXISTS tern_read ON documents;
            DROP POLICY IF EXISTS tern_insert ON documents;
            DROP POLICY IF EXISTS tern_update ON documents;
            DROP POLICY IF EXISTS tern_delete ON documents;
            DROP POLICY IF EXISTS tern_guest_read ON documents;
            CREATE POLICY tern_owner_all ON documents TO \(roles.owner) USING (true) WITH CHECK (true);
            CREATE POLICY tern_read ON documents FOR SELECT TO \(roles.user) USING (parent IN ('users', 'tweets') OR owner = (SELECT tern_me()) OR \(FavoriteFolderRules.sharedReadable));
            CREATE POLICY tern_guest_read ON documents FOR SELECT TO tern_guest USING (parent IN ('users', 'tweets'));
            DROP POLICY IF EXISTS tern_owner_all ON protected_records;
            CREATE POLICY tern_owner_all ON protected_records TO \(roles.owner) USING (true) WITH CHECK (true);
            DROP POLICY IF EXISTS tern_owner_all ON tern_meta;
            DROP POLICY IF EXISTS tern_read ON tern_meta;
            CREATE POLICY tern_owner_all ON tern_meta TO \(roles.owner) USING (true) WITH CHECK (true);
            CREATE POLICY tern_read ON tern_meta FOR SELECT TO \(roles.user), tern_guest USING (true);

            INSERT INTO protected_records (key, value) VALUES ('tern/notify-secret', gen_random_uuid()::text::bytea)
                ON CONFLICT (key) DO NOTHING;

            \(functions(s, roles: roles))

            INSERT INTO tern_meta (key, value) VALUES ('rules', 'on'), ('rules_version', '\(version)'), ('\(ServerRoles.metaKey)', '\(roles.namespace)'),
                ('document_writer', 'tern_write'), ('change_channels', 'tern_channels')
                ON CONFLICT (key) DO UPDATE SET value = excluded.value;
            """
    }

    /// The functions and triggers, owned by `tern_owner`, each callable only by the roles that need it.
    static func functions(_ s: String, roles: ServerRoles) -> String {
        let unsafeLine = unsafeClass(allowNewline: false)
        let unsafeText = unsafeClass(allowNewline: true)
        return """
            DROP FUNCTION IF EXISTS tern_like(text, text, boolean, text, text);
            DROP FUNCTION IF EXISTS tern_post_text(jsonb, bigint);

            -- Characters as people count them, closely enough: marks, joiners and what they
            -- join, variation selectors, skin tones, tags and Hangul vowel and final jamo add
            -- nothing; two regional indicators make one flag.
            CREATE OR REPLACE FUNCTION tern_characters(t text) RETURNS integer
            LANGUAGE sql IMMUTABLE SET search_path = \(s), pg_temp AS $$
                SELECT char_length(regexp_replace(regexp_replace(regexp_replace(t,
                    '\\u200d.', '', 'g'),
                    '[\\u0300-\\u036f\\u0483-\\u0489\\u0591-\\u05bd\\u0610-\\u061a\\u064b-\\u065f\\u0900-\\u0903\\u093a-\\u094f\\u0e31-\\u0e3a\\u0e47-\\u0e4e\\u1160-\\u11ff\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\u3099-\\u309a\\ufe00-\\ufe0f\\ufe20-\\ufe2f\\ud7b0-\\ud7ff\\U0001f3fb-\\U0001f3ff\\U000e0020-\\U000e007f\\U000e0100-\\U000e01ef]', '', 'g'),
                    '[\\U0001f1e6-\\U0001f1ff]{2}', 'R', 'g'))
            $$;

            -- Whether `v` is a string of at most `max` characters, at most 8 scalars each, with
            -- no unsafe character (newlines allowed only with `multiline`).
            CREATE OR REPLACE FUNCTION tern_is_text(v jsonb, max integer, multiline boolean) RETURNS boolean
            LANGUAGE sql IMMUTABLE SET search_path = \(s), pg_temp AS $$
                SELECT jsonb_typeof(v) = 'string'
                   AND char_length(v #>> '{}') <= max * 8
                   AND (v #>> '{}') !~ (CASE WHEN multiline THEN '\(unsafeText)' ELSE '\(unsafeLine)' END)
                   AND tern_characters(v #>> '{}') <= max
            $$;

            -- A document's text as the store keeps it: the fields as jsonb writes them, and the
            -- timestamps (seconds) with the capital E that marks them.
            CREATE OR REPLACE FUNCTION tern_text(fields jsonb, stamps jsonb) RETURNS text
            LANGUAGE sql IMMUTABLE SET search_path = \(s), pg_temp AS $$
                SELECT '{' || array_to_string(ARRAY(
                    SELECT to_json(key)::text || ':' || value::text FROM jsonb_each(fields)
                    UNION ALL
                    SELECT to_json(key)::text || ':' || (value #>> '{}') || 'E0' FROM jsonb_each(stamps)), ',') || '}'
            $$;

            -- Refuses a field outside `allowed`.
            CREATE OR REPLACE FUNCTION tern_check_keys(d jsonb, allowed text[]) RETURNS void
            LANGUAGE plpgsql IMMUTABLE SET search_path = \(s), pg_temp AS $$
            BEGIN
                IF jsonb_typeof(d) <> 'object' THEN RAISE EXCEPTION 'a document is an object' USING ERRCODE = '22023'; END IF;
                IF EXISTS (SELECT 1 FROM jsonb_object_keys(d) k WHERE NOT k = ANY (allowed)) THEN
                    RAISE EXCEPTION 'unknown field in a document: only % are kept', array_to_string(allowed, ', ') USING ERRCODE = '22023';
                END IF;
            END $$;

            CREATE OR REPLACE FUNCTION tern_refuse(what text) RETURNS void
            LANGUAGE plpgsql IMMUTABLE SET search_path = \(s), pg_temp AS $$
            BEGIN
                RAISE EXCEPTION '%', what USING ERRCODE = '22023';
            END $$;

            -- Every document write of an account: checked, completed with what the server keeps,
            -- and written as the login role. `doc` NULL deletes.
            CREATE OR REPLACE FUNCTION tern_write(parent_path text, doc_id text, doc text)
            RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(s), pg_temp AS $$
            DECLARE
                me text := tern_me();
                d jsonb;
                old jsonb;
                now_s numeric := \(nowSeconds);
                fields jsonb;
                stamps jsonb;
            BEGIN
                IF me IS NULL OR NOT EXISTS (SELECT 1 FROM documents WHERE parent = 'users' AND id = me) THEN
                    RAISE EXCEPTION 'only an account writes documents' USING ERRCODE = '42501';
                END IF;
                IF doc_id !~ '^[A-Za-z0-9_.-]{1,128}$' OR doc_id IN ('.', '..') THEN
                    RAISE EXCEPTION 'a document id is 1 to 128 letters, digits and . _ -' USING ERRCODE = '22023';
                END IF;
                IF parent_path NOT IN ('users', 'tweets', 'favorites/' || me || '/favorites', 'favorites/' || me || '/folders') THEN
                    RAISE EXCEPTION 'an account writes only its profile, its posts and its favorites' USING ERRCODE = '42501';
                END IF;
                SELECT data INTO old FROM documents WHERE parent = parent_path AND id = doc_id FOR UPDATE;
                IF old IS NOT NULL AND ((parent_path = 'users' AND doc_id <> me) OR (parent_path = 'tweets' AND old ->> 'uid' IS DISTINCT FROM me)) THEN
                    RAISE EXCEPTION 'not your document' USING ERRCODE = '42501';
                END IF;
                IF doc IS NULL THEN
                    IF parent_path = 'users' THEN RAISE EXCEPTION 'a profile is not deleted' USING ERRCODE = '42501'; END IF;
                    DELETE FROM documents WHERE parent = parent_path AND id = doc_id;
                    RETURN;
                END IF;
                IF octet_length(doc) > 16384 THEN RAISE EXCEPTION 'a document is at most 16 KB' USING ERRCODE = '22023'; END IF;
                d := doc::jsonb;
                IF parent_path = 'tweets' THEN
                    PERFORM tern_check_keys(d, ARRAY['caption', 'likes', 'placeID', 'timestamp', 'uid']);
                    IF d -> 'uid' IS DISTINCT FROM to_jsonb(me) THEN RAISE EXCEPTION 'a post is its author''s' USING ERRCODE = '42501'; END IF;
                    IF NOT tern_is_text(d -> 'caption', \(Validation.postMaxLength), true) OR btrim(d ->> 'caption', E' \\n') = '' THEN
                        PERFORM tern_refuse('a post is 1 to \(Validation.postMaxLength) characters without control characters');
                    END IF;
                    IF d ? 'placeID' AND jsonb_typeof(d -> 'placeID') <> 'null' AND NOT tern_is_text(d -> 'placeID', 64, false) THEN
                        PERFORM tern_refuse('a place id is at most 64 characters');
                    END IF;
                    fields := jsonb_strip_nulls(jsonb_build_object('caption', d -> 'caption', 'uid', d -> 'uid', 'placeID', d -> 'placeID',
                                                                   'likes', coalesce(old -> 'likes', '0'::jsonb)));
                    stamps := jsonb_build_object('timestamp', coalesce(old -> 'timestamp', to_jsonb(now_s)));
                ELSIF parent_path = 'users' THEN
                    IF old IS NULL THEN RAISE EXCEPTION 'a profile is made by registering' USING ERRCODE = '42501'; END IF;
                    PERFORM tern_check_keys(d, ARRAY['id', 'email', 'displayName', 'username', 'bio', 'avatarPath',
                                                     'followersCount', 'followingCount', 'createdOn', 'isUserOnboarded']);
                    IF NOT tern_is_text(coalesce(d -> 'displayName', '""'), \(Validation.displayNameMaxLength), false) THEN
                        PERFORM tern_refuse('a display name is at most \(Validation.displayNameMaxLength) characters on one line');
                    END IF;
                    IF jsonb_typeof(coalesce(d -> 'username', '""')) <> 'string' OR NOT (coalesce(d ->> 'username', '') ~ '^([a-z0-9_]{3,15})?$') THEN
                        PERFORM tern_refuse('a username is 3 to 15 of a-z 0-9 _');
                    END IF;
                    IF NOT tern_is_text(coalesce(d -> 'bio', '""'), \(Validation.bioMaxLength), false) THEN
                        PERFORM tern_refuse('a bio is at most \(Validation.bioMaxLength) characters on one line');
                    END IF;
                    IF NOT tern_is_text(coalesce(d -> 'avatarPath', '""'), 1024, false) THEN PERFORM tern_refuse('an avatar path is at most 1024 characters'); END IF;
                    IF jsonb_typeof(coalesce(d -> 'isUserOnboarded', 'false')) <> 'boolean' THEN PERFORM tern_refuse('isUserOnboarded is true or false'); END IF;
                    fields := jsonb_build_object('id', to_jsonb(me), 'email', old -> 'email',
                        'displayName', coalesce(d -> 'displayName', '""'), 'username', coalesce(d -> 'username', '""'),
                        'bio', coalesce(d -> 'bio', '""'), 'avatarPath', coalesce(d -> 'avatarPath', '""'),
                        'followersCount', coalesce(old -> 'followersCount', '0'), 'followingCount', coalesce(old -> 'followingCount', '0'),
                        'isUserOnboarded', coalesce(d -> 'isUserOnboarded', 'false'));
                    stamps := jsonb_build_object('createdOn', coalesce(old -> 'createdOn', to_jsonb(now_s)));
            \(FavoriteFolderRules.folderBranch)
                ELSE
                    PERFORM tern_check_keys(d, ARRAY['placeID', 'placeName', 'address', 'coordinate', 'savedAt', 'folders', 'memo', 'color', 'nameKey']);
                    IF NOT tern_is_text(d -> 'placeName', 200, false) OR NOT tern_is_text(coalesce(d -> 'address', '""'), 300, false)
                       OR NOT tern_is_text(coalesce(d -> 'placeID', to_jsonb(doc_id)), 128, false) THEN
                        PERFORM tern_refuse('a favorite has a name of at most 200 characters and an address of at most 300');
                    END IF;
                    PERFORM tern_check_keys(coalesce(d -> 'coordinate', '{}'), ARRAY['latitude', 'longitude']);
                    IF jsonb_typeof(d #> '{coordinate,latitude}') <> 'number' OR jsonb_typeof(d #> '{coordinate,longitude}') <> 'number'
                       OR abs((d #>> '{coordinate,latitude}')::numeric) > 90 OR abs((d #>> '{coordinate,longitude}')::numeric) > 180 THEN
                        PERFORM tern_refuse('a favorite has a latitude and a longitude');
                    END IF;
                    fields := jsonb_build_object('placeID', coalesce(d -> 'placeID', to_jsonb(doc_id)), 'placeName', d -> 'placeName',
                        'address', coalesce(d -> 'address', '""'),
                        'coordinate', jsonb_build_object('latitude', d #> '{coordinate,latitude}', 'longitude', d #> '{coordinate,longitude}'));
            \(FavoriteFolderRules.favoriteFields)
                    stamps := jsonb_build_object('savedAt', coalesce(old -> 'savedAt', to_jsonb(now_s)));
                END IF;
                INSERT INTO documents (parent, id, doc) VALUES (parent_path, doc_id, tern_text(fields, stamps))
                    ON CONFLICT (parent, id) DO UPDATE SET doc = excluded.doc;
            END $$;

            CREATE OR REPLACE FUNCTION tern_guard_likes() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF current_user = '\(roles.owner)' THEN RETURN NULL; END IF;
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

            -- A deleted post takes its likes with it, so a post made again under the same id
            -- starts at zero and no later unlike can count it down.
            CREATE OR REPLACE FUNCTION tern_post_deleted() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(s), pg_temp AS $$
            BEGIN
                DELETE FROM documents WHERE id = OLD.id AND parent LIKE 'users/%/user-likes';
                RETURN NULL;
            END $$;
            DROP TRIGGER IF EXISTS documents_post_deleted ON documents;
            CREATE TRIGGER documents_post_deleted AFTER DELETE ON documents
                FOR EACH ROW WHEN (OLD.parent = 'tweets') EXECUTE FUNCTION tern_post_deleted();

            -- The channel a role hears its own private changes on: named from a secret no
            -- client reads, so nobody else can LISTEN to it.
            CREATE OR REPLACE FUNCTION tern_private_channel(account text) RETURNS text
            LANGUAGE sql STABLE SECURITY DEFINER SET search_path = \(s), pg_temp AS $$
                SELECT 'tern_' || substr(md5(convert_from(value, 'UTF8') || ':' || account), 1, 32)
                FROM protected_records WHERE key = 'tern/notify-secret'
            $$;

            CREATE OR REPLACE FUNCTION tern_channels() RETURNS text[]
            LANGUAGE sql STABLE SECURITY DEFINER SET search_path = \(s), pg_temp AS $$
                SELECT ARRAY['tern_' || current_schema()]
                    || CASE WHEN tern_me() IS NOT NULL THEN ARRAY[tern_private_channel(tern_me())] ELSE ARRAY[]::text[] END
            $$;

            -- Announces each changed document when its transaction commits: profiles and posts
            -- to everyone, anything else only to its owner.
            CREATE OR REPLACE FUNCTION tern_announce() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(s), pg_temp AS $$
            DECLARE
                r record;
            BEGIN
                IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
                IF r.parent IN ('users', 'tweets') THEN
                    PERFORM pg_notify('tern_' || current_schema(), r.parent || '/' || r.id);
                ELSIF r.owner IS NOT NULL THEN
                    PERFORM pg_notify(tern_private_channel(r.owner), r.parent || '/' || r.id);
                END IF;
                RETURN NULL;
            END $$;
            DROP TRIGGER IF EXISTS documents_announce ON documents;
            CREATE TRIGGER documents_announce AFTER INSERT OR UPDATE OR DELETE ON documents
                FOR EACH ROW EXECUTE FUNCTION tern_announce();

            CREATE OR REPLACE FUNCTION tern_like(tweet_id text, liked boolean)
            RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(s), pg_temp AS $$
            DECLARE
                likes_parent text := 'users/' || tern_me() || '/user-likes';
                post jsonb;
                changed integer;
            BEGIN
                IF likes_parent IS NULL THEN
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
                    INSERT INTO documents (parent, id, doc) VALUES (likes_parent, tweet_id, tern_text('{}', jsonb_build_object('likedAt', \(nowSeconds))))
                        ON CONFLICT (parent, id) DO NOTHING;
                ELSE
                    DELETE FROM documents WHERE parent = likes_parent AND id = tweet_id;
                END IF;
                GET DIAGNOSTICS changed = ROW_COUNT;
                IF changed = 0 THEN RETURN 0; END IF;
                UPDATE documents
                   SET doc = tern_text(jsonb_strip_nulls(jsonb_build_object('caption', post -> 'caption', 'uid', post -> 'uid', 'placeID', post -> 'placeID',
                           'likes', greatest(0, coalesce((post ->> 'likes')::bigint, 0) + CASE WHEN liked THEN 1 ELSE -1 END))),
                           jsonb_build_object('timestamp', post -> 'timestamp'))
                 WHERE parent = 'tweets' AND id = tweet_id;
                RETURN 1;
            END $$;

            DROP FUNCTION IF EXISTS tern_register(text, text, text);
            DROP FUNCTION IF EXISTS tern_register(text, text, text, text);
            -- Creates an account: takes (and uses up) an invitation, whose hash an administrator
            -- stored; its login role has a random name, mapped to the account in tern_accounts.
            CREATE FUNCTION tern_register(invitation text, account text, verifier text, profile text)
            RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = \(s), pg_temp AS $$
            DECLARE
                d jsonb;
                used integer;
                role_name text := 'tern_\(roles.namespace)_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 24);
            BEGIN
                DELETE FROM protected_records WHERE key = 'tern/invitation/' || encode(sha256(convert_to(coalesce(invitation, ''), 'UTF8')), 'hex');
                GET DIAGNOSTICS used = ROW_COUNT;
                IF used = 0 THEN
                    RAISE EXCEPTION 'that invitation is not valid (used, or never made): ask an administrator for one (tern server invite)' USING ERRCODE = '28000';
                END IF;
                IF account !~ '^[A-Za-z0-9]{16,63}$' THEN
                    RAISE EXCEPTION 'an account id is 16 to 63 letters and digits' USING ERRCODE = '22023';
                END IF;
                IF verifier !~ '^SCRAM-SHA-256\\$[0-9]+:' THEN
                    RAISE EXCEPTION 'the password must arrive as a SCRAM-SHA-256 verifier' USING ERRCODE = '22023';
                END IF;
                d := profile::jsonb;
                IF (d ->> 'id') IS DISTINCT FROM account THEN
                    RAISE EXCEPTION 'the profile must carry the account id' USING ERRCODE = '22023';
                END IF;
                IF NOT tern_is_text(d -> 'email', 254, false) OR (d ->> 'email') !~ '^[^@[:space:]]+@[^@[:space:]]+$' OR (d ->> 'email') <> lower(d ->> 'email') THEN
                    RAISE EXCEPTION 'the profile must carry a lowercase email' USING ERRCODE = '22023';
                END IF;
                IF EXISTS (SELECT 1 FROM tern_accounts WHERE uid = account) OR EXISTS (SELECT 1 FROM documents WHERE parent = 'users' AND id = account) THEN
                    RAISE EXCEPTION 'the account % exists', account USING ERRCODE = '42710';
                END IF;
                EXECUTE format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEROLE NOBYPASSRLS CONNECTION LIMIT \(accountConnectionLimit) PASSWORD %L IN ROLE \(roles.user)', role_name, verifier);
                \(timeouts.map { "EXECUTE format('ALTER ROLE %I SET \($0.0) = ''\($0.1)''', role_name);" }.joined(separator: "\n            "))
                INSERT INTO tern_accounts (role, uid) VALUES (role_name, account);
                INSERT INTO documents (parent, id, doc) VALUES ('users', account, tern_text(
                    jsonb_build_object('id', account, 'email', d -> 'email', 'displayName', '', 'username', '', 'bio', '', 'avatarPath', '',
                                       'followersCount', 0, 'followingCount', 0, 'isUserOnboarded', false),
                    jsonb_build_object('createdOn', \(nowSeconds))));
                RETURN role_name;
            END $$;

            -- The uid and the role to sign in as of the account of an email.
            DROP FUNCTION IF EXISTS tern_account(text);
            CREATE FUNCTION tern_account(email text)
            RETURNS TABLE (uid text, role text) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = \(s), pg_temp AS $$
                SELECT a.uid, a.role FROM documents d JOIN tern_accounts a ON a.uid = d.id
                WHERE d.parent = 'users' AND lower(d.data ->> 'email') = lower(email)
            $$;

            ALTER FUNCTION tern_characters(text) OWNER TO \(roles.owner);
            ALTER FUNCTION tern_is_text(jsonb, integer, boolean) OWNER TO \(roles.owner);
            ALTER FUNCTION tern_text(jsonb, jsonb) OWNER TO \(roles.owner);
            ALTER FUNCTION tern_check_keys(jsonb, text[]) OWNER TO \(roles.owner);
            ALTER FUNCTION tern_refuse(text) OWNER TO \(roles.owner);
            ALTER FUNCTION tern_write(text, text, text) OWNER TO \(roles.owner);
            ALTER FUNCTION tern_guard_likes() OWNER TO \(roles.owner);
            ALTER FUNCTION tern_post_deleted() OWNER TO \(roles.owner);
            ALTER FUNCTION tern_private_channel(text) OWNER TO \(roles.owner);
            ALTER FUNCTION tern_channels() OWNER TO \(roles.owner);
            ALTER FUNCTION tern_announce() OWNER TO \(roles.owner);
            ALTER FUNCTION tern_like(text, boolean) OWNER TO \(roles.owner);
            ALTER FUNCTION tern_register(text, text, text, text) OWNER TO \(roles.owner);
            ALTER FUNCTION tern_account(text) OWNER TO \(roles.owner);
            REVOKE ALL ON FUNCTION tern_write(text, text, text), tern_post_deleted(), tern_private_channel(text), tern_channels(),
                tern_announce(), tern_like(text, boolean), tern_register(text, text, text, text), tern_account(text) FROM PUBLIC;
            GRANT EXECUTE ON FUNCTION tern_write(text, text, text), tern_like(text, boolean) TO \(roles.user);
            GRANT EXECUTE ON FUNCTION tern_channels() TO \(roles.user), tern_guest;
            GRANT EXECUTE ON FUNCTION tern_register(text, text, text, text), tern_account(text) TO tern_guest;
            """
    }
}
