-- tern server rules 16
-- The pooled path (docs/decisions/0016-pooled-server.md). Clients behind pgbouncer in
-- transaction pooling mode all log in as one role, tern_{{namespace}}_pool, whose password
-- is public (`tern_pool`) and which holds no rights of its own beyond the guest's: who is
-- asking is decided in each transaction by a session token. An account opens a session by
-- signing in as itself (its own role, SCRAM, as today) and calling `tern_open_session()`;
-- the server keeps only the token's SHA-256, with an expiry. Each pooled transaction first
-- calls `tern_session(token)`, which checks it and binds it to this transaction only
-- (set_config(..., true), stamped with the transaction's start); `tern_me()`, which every
-- rule asks, checks the binding again in each statement, so nothing a client sets by hand
-- names anyone but the holder of a live token.

DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tern_{{namespace}}_pool') THEN
        CREATE ROLE tern_{{namespace}}_pool LOGIN PASSWORD 'tern_pool';
    END IF;
END $$;
ALTER ROLE tern_{{namespace}}_pool NOSUPERUSER NOCREATEROLE NOBYPASSRLS NOCREATEDB NOREPLICATION LOGIN
    CONNECTION LIMIT 64;
GRANT {{user}} TO tern_{{namespace}}_pool;
ALTER ROLE tern_{{namespace}}_pool SET search_path = {{schema}};
ALTER ROLE tern_{{namespace}}_pool SET statement_timeout = '5s';
ALTER ROLE tern_{{namespace}}_pool SET lock_timeout = '3s';
ALTER ROLE tern_{{namespace}}_pool SET idle_in_transaction_session_timeout = '10s';

-- Open sessions: the SHA-256 of each token (never the token), its account, its expiry.
CREATE TABLE IF NOT EXISTS tern_sessions (
    token_hash bytea PRIMARY KEY,
    uid text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS tern_sessions_uid ON tern_sessions (uid, created_at);
ALTER TABLE tern_sessions OWNER TO {{owner}};
REVOKE ALL ON tern_sessions FROM PUBLIC, {{user}}, tern_guest;
ALTER TABLE tern_sessions ENABLE ROW LEVEL SECURITY;
ALTER TABLE tern_sessions FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tern_owner_all ON tern_sessions;
CREATE POLICY tern_owner_all ON tern_sessions TO {{owner}} USING (true) WITH CHECK (true);

-- The account of a live token, or NULL.
CREATE OR REPLACE FUNCTION tern_session_uid(token text) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
    SELECT a.uid FROM tern_sessions s JOIN tern_accounts a ON a.uid = s.uid
     WHERE s.token_hash = sha256(convert_to(coalesce(token, ''), 'UTF8')) AND s.expires_at > now()
       AND a.removed_at IS NULL
$$;

-- The uid of who is asking: the login role's account (as 03-access.sql defines it), or on
-- the pooled role the account of the token bound to this very transaction.
CREATE OR REPLACE FUNCTION tern_me() RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
    SELECT CASE WHEN session_user = 'tern_{{namespace}}_pool' THEN (
        SELECT tern_session_uid(substr(b, strpos(b, ' ') + 1))
          FROM coalesce(current_setting('tern.session', true), '') AS b
         WHERE split_part(b, ' ', 1) = extract(epoch FROM transaction_timestamp())::text)
    ELSE (SELECT uid FROM tern_accounts WHERE role = session_user AND removed_at IS NULL) END
$$;

-- Binds this transaction to the account of `token` (refused, 28000, unless it is live);
-- the account's uid.
CREATE OR REPLACE FUNCTION tern_session(token text) RETURNS text
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
DECLARE
    account text := tern_session_uid(token);
BEGIN
    IF account IS NULL THEN
        RAISE EXCEPTION 'that session is not valid (expired, closed or never opened): sign in again'
            USING ERRCODE = '28000';
    END IF;
    PERFORM set_config('tern.session', extract(epoch FROM transaction_timestamp())::text || ' ' || token, true);
    RETURN account;
END $$;

-- Opens a session for the account signed in as itself (not through the pooled role): a new
-- random token, returned once; an account keeps at most 16 sessions (the oldest go), and
-- expired ones are dropped.
CREATE OR REPLACE FUNCTION tern_open_session() RETURNS text
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
DECLARE
    account text := (SELECT uid FROM tern_accounts WHERE role = session_user AND removed_at IS NULL);
    token text := 'tern1_' || replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
BEGIN
    IF account IS NULL THEN
        RAISE EXCEPTION 'a session is opened by an account signed in as itself' USING ERRCODE = '42501';
    END IF;
    DELETE FROM tern_sessions WHERE expires_at <= now();
    DELETE FROM tern_sessions WHERE uid = account AND token_hash IN (
        SELECT token_hash FROM tern_sessions WHERE uid = account ORDER BY created_at DESC OFFSET 15);
    INSERT INTO tern_sessions (token_hash, uid, expires_at)
        VALUES (sha256(convert_to(token, 'UTF8')), account, now() + interval '30 days');
    RETURN token;
END $$;

-- Closes the session of `token` (signing out); whether there was one.
CREATE OR REPLACE FUNCTION tern_close_session(token text) RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
DECLARE
    closed integer;
BEGIN
    DELETE FROM tern_sessions WHERE token_hash = sha256(convert_to(coalesce(token, ''), 'UTF8'));
    GET DIAGNOSTICS closed = ROW_COUNT;
    RETURN closed > 0;
END $$;

-- The pooled role reads, unbound, only what the guest reads (its own rights are the group's,
-- which also open shared folders to accounts): a restrictive policy on the group, so that
-- `SET ROLE` to the group does not get round it.
DROP POLICY IF EXISTS tern_pool_unbound ON documents;
CREATE POLICY tern_pool_unbound ON documents AS RESTRICTIVE FOR SELECT TO {{user}} USING (
    session_user <> 'tern_{{namespace}}_pool' OR (SELECT tern_me()) IS NOT NULL
    OR parent IN ('users', 'tweets') OR parent ~ '^users/[^/]+/(following|followers|user-reposts)$');

ALTER FUNCTION tern_session_uid(text) OWNER TO {{owner}};
ALTER FUNCTION tern_me() OWNER TO {{owner}};
ALTER FUNCTION tern_session(text) OWNER TO {{owner}};
ALTER FUNCTION tern_open_session() OWNER TO {{owner}};
ALTER FUNCTION tern_close_session(text) OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_session_uid(text), tern_session(text), tern_open_session(), tern_close_session(text)
    FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tern_session(text), tern_open_session(), tern_close_session(text) TO {{user}};
