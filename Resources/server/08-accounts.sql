-- tern server rules 16
-- Accounts. An account is a login role with a random name, in this database's group
-- {{user}}, whose password PostgreSQL keeps as SCRAM-SHA-256; `tern_accounts` maps it
-- to the uid documents show. The guest registers (`tern_register`) with a one-time
-- invitation an administrator made (`tern server invite`), and finds the account of an
-- email for signing in (`tern_account`): no shared password exists that a member could
-- change to lock others out of registering.

DROP FUNCTION IF EXISTS tern_register(text, text, text);
DROP FUNCTION IF EXISTS tern_register(text, text, text, text);
-- Creates an account: takes (and uses up) an invitation, whose hash an administrator
-- stored; its login role has a random name, mapped to the account in tern_accounts.
CREATE FUNCTION tern_register(invitation text, account text, verifier text, profile text)
RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
DECLARE
    d jsonb;
    used integer;
    role_name text := 'tern_{{namespace}}_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 24);
BEGIN
    DELETE FROM tern_invitations
     WHERE code_hash = encode(sha256(convert_to(coalesce(invitation, ''), 'UTF8')), 'hex')
       AND (expires_at IS NULL OR expires_at > now());
    GET DIAGNOSTICS used = ROW_COUNT;
    IF used = 0 THEN
        RAISE EXCEPTION 'that invitation is not valid (used, expired, revoked or never made): ask an administrator '
                        'for one (tern server invite)' USING ERRCODE = '28000';
    END IF;
    IF account !~ '^[A-Za-z0-9]{16,63}$' THEN
        RAISE EXCEPTION 'an account id is 16 to 63 letters and digits' USING ERRCODE = '22023';
    END IF;
    IF verifier !~ '^SCRAM-SHA-256\$[0-9]+:' THEN
        RAISE EXCEPTION 'the password must arrive as a SCRAM-SHA-256 verifier' USING ERRCODE = '22023';
    END IF;
    d := profile::jsonb;
    IF (d ->> 'id') IS DISTINCT FROM account THEN
        RAISE EXCEPTION 'the profile must carry the account id' USING ERRCODE = '22023';
    END IF;
    IF NOT tern_is_text(d -> 'email', 254, false) OR (d ->> 'email') !~ '^[^@[:space:]]+@[^@[:space:]]+$'
       OR (d ->> 'email') <> lower(d ->> 'email') THEN
        RAISE EXCEPTION 'the profile must carry a lowercase email' USING ERRCODE = '22023';
    END IF;
    IF EXISTS (SELECT 1 FROM tern_accounts WHERE uid = account)
       OR EXISTS (SELECT 1 FROM documents WHERE parent = 'users' AND id = account) THEN
        RAISE EXCEPTION 'the account % exists', account USING ERRCODE = '42710';
    END IF;
    EXECUTE format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEROLE NOBYPASSRLS CONNECTION LIMIT 8 PASSWORD %L '
                   'IN ROLE {{user}}', role_name, verifier);
    EXECUTE format('ALTER ROLE %I SET statement_timeout = ''5s''', role_name);
    EXECUTE format('ALTER ROLE %I SET lock_timeout = ''3s''', role_name);
    EXECUTE format('ALTER ROLE %I SET idle_in_transaction_session_timeout = ''10s''', role_name);
    INSERT INTO tern_accounts (role, uid) VALUES (role_name, account);
    INSERT INTO documents (parent, id, doc) VALUES ('users', account, tern_text(
        jsonb_build_object('id', account, 'email', d -> 'email', 'displayName', '', 'username', '', 'bio', '',
                           'avatarPath', '', 'followersCount', 0, 'followingCount', 0, 'isUserOnboarded', false),
        jsonb_build_object('createdOn', extract(epoch FROM statement_timestamp()))));
    RETURN role_name;
END $$;

-- The uid and the role to sign in as of the account of an email (none for a removed one).
DROP FUNCTION IF EXISTS tern_account(text);
CREATE FUNCTION tern_account(email text)
RETURNS TABLE (uid text, role text) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
    SELECT a.uid, a.role FROM documents d JOIN tern_accounts a ON a.uid = d.id
    WHERE d.parent = 'users' AND lower(d.data ->> 'email') = lower(email) AND a.removed_at IS NULL
$$;

-- Whether an administrator removed the account `account`: what a client that can no longer
-- sign in asks before it drops the writes it queued (anyone may see that an account is gone).
CREATE OR REPLACE FUNCTION tern_removed(account text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
    SELECT EXISTS (SELECT 1 FROM tern_accounts WHERE uid = account AND removed_at IS NOT NULL)
$$;

ALTER FUNCTION tern_register(text, text, text, text) OWNER TO {{owner}};
ALTER FUNCTION tern_account(text) OWNER TO {{owner}};
ALTER FUNCTION tern_removed(text) OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_register(text, text, text, text), tern_account(text), tern_removed(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tern_register(text, text, text, text), tern_account(text), tern_removed(text) TO tern_guest;
