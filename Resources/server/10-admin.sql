-- tern server rules 16
-- What an administrator does (`tern server members|remove|invite|invitations|revoke`,
-- connected as `init` connects, a member of {{owner}}): list the accounts, remove one,
-- and make, list and revoke invitations. Only the owner may call these.

-- Every account: its uid, username, display name, email, when it joined, when it was
-- removed, and how many sessions it has open now.
CREATE OR REPLACE FUNCTION tern_members()
RETURNS TABLE (uid text, username text, display_name text, email text, joined timestamptz, removed timestamptz,
               sessions integer)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
    SELECT a.uid, d.data ->> 'username', d.data ->> 'displayName', d.data ->> 'email',
           to_timestamp((d.data ->> 'createdOn')::double precision), a.removed_at,
           (SELECT count(*)::integer FROM pg_stat_activity s WHERE s.usename::text = a.role)
      FROM tern_accounts a LEFT JOIN documents d ON d.parent = 'users' AND d.id = a.uid
     ORDER BY lower(coalesce(d.data ->> 'username', '')), a.uid
$$;

-- Removes the account `account`: its role no longer logs in and leaves {{user}} (so an
-- open session keeps no privilege), and `tern_me()` no longer names it. Its documents stay.
-- `tern_end_sessions` then ends its open sessions (after this commits, so that a client
-- reconnecting at once meets the removal).
CREATE OR REPLACE FUNCTION tern_remove(account text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
DECLARE
    role_name text;
BEGIN
    SELECT role INTO role_name FROM tern_accounts WHERE uid = account;
    IF role_name IS NULL THEN RAISE EXCEPTION 'no account %', account USING ERRCODE = 'P0002'; END IF;
    UPDATE tern_accounts SET removed_at = coalesce(removed_at, now()) WHERE uid = account;
    EXECUTE format('ALTER ROLE %I NOLOGIN', role_name);
    IF pg_has_role(role_name, '{{user}}', 'MEMBER') THEN
        EXECUTE format('REVOKE %I FROM %I', '{{user}}', role_name);
    END IF;
END $$;

-- Ends every open session of the account `account`; how many.
CREATE OR REPLACE FUNCTION tern_end_sessions(account text) RETURNS integer
LANGUAGE sql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
    WITH sessions AS MATERIALIZED (
        SELECT s.pid FROM pg_stat_activity s JOIN tern_accounts a ON a.role = s.usename::text WHERE a.uid = account)
    SELECT count(*)::integer FROM sessions WHERE pg_terminate_backend(pid)
$$;

-- Records an invitation: the SHA-256 (hex) of its code, and how long it lasts (NULL: for good).
CREATE OR REPLACE FUNCTION tern_invite(code_hash text, lasts interval) RETURNS timestamptz
LANGUAGE sql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
    INSERT INTO tern_invitations (code_hash, expires_at) VALUES ($1, now() + $2)
    RETURNING expires_at
$$;

-- The invitations not yet used: an id (the first 8 hex digits of the code's hash, which
-- tells nothing of the code), when each was made and when it expires.
CREATE OR REPLACE FUNCTION tern_invitation_list()
RETURNS TABLE (id text, created timestamptz, expires timestamptz, expired boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
    SELECT left(code_hash, 8), created_at, expires_at, expires_at IS NOT NULL AND expires_at <= now()
      FROM tern_invitations ORDER BY created_at, code_hash
$$;

-- Revokes the invitations whose id (at least 8 hex digits) is `id`; how many.
CREATE OR REPLACE FUNCTION tern_revoke_invitation(id text) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
DECLARE
    revoked integer;
BEGIN
    IF id !~ '^[0-9a-f]{8,64}$' THEN
        RAISE EXCEPTION 'an invitation id is 8 to 64 hex digits, as tern server invitations lists them'
            USING ERRCODE = '22023';
    END IF;
    DELETE FROM tern_invitations WHERE left(code_hash, char_length(id)) = id;
    GET DIAGNOSTICS revoked = ROW_COUNT;
    RETURN revoked;
END $$;

ALTER FUNCTION tern_members() OWNER TO {{owner}};
ALTER FUNCTION tern_remove(text) OWNER TO {{owner}};
ALTER FUNCTION tern_end_sessions(text) OWNER TO {{owner}};
ALTER FUNCTION tern_invite(text, interval) OWNER TO {{owner}};
ALTER FUNCTION tern_invitation_list() OWNER TO {{owner}};
ALTER FUNCTION tern_revoke_invitation(text) OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_members(), tern_remove(text), tern_end_sessions(text), tern_invite(text, interval),
    tern_invitation_list(), tern_revoke_invitation(text) FROM PUBLIC;
