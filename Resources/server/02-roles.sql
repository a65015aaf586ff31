-- tern server rules 16
-- The roles of this database (named from its random namespace, see `ServerRoles`):
-- {{owner}} (no login, not BYPASSRLS) owns the tables and functions; {{user}} is the
-- group of the account roles; the shared, public `tern_guest` reads what anyone may read
-- signed out. Every login role has timeouts and a connection limit; nobody but the owner
-- may create temporary tables, and on a set-up run by a superuser large objects and
-- advisory locks are closed to everyone else in the database.

DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{{owner}}') THEN CREATE ROLE {{owner}} NOLOGIN; END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{{user}}') THEN CREATE ROLE {{user}} NOLOGIN; END IF;
END $$;
DO $guest$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tern_guest') THEN
        CREATE ROLE tern_guest LOGIN PASSWORD {{guest_verifier}};
    END IF;
END $guest$;
ALTER ROLE {{owner}} NOSUPERUSER NOLOGIN CREATEROLE NOBYPASSRLS;
ALTER ROLE {{user}} NOSUPERUSER NOLOGIN NOCREATEROLE NOBYPASSRLS;
DO $$
BEGIN
    -- The shared sign-up password of earlier versions is gone: registration takes an invitation.
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tern_signup') THEN ALTER ROLE tern_signup NOLOGIN; END IF;
END $$;
ALTER ROLE tern_guest NOSUPERUSER NOCREATEROLE NOBYPASSRLS CONNECTION LIMIT 64;
ALTER ROLE tern_guest SET statement_timeout = '5s';
ALTER ROLE tern_guest SET lock_timeout = '3s';
ALTER ROLE tern_guest SET idle_in_transaction_session_timeout = '10s';
DO $$
BEGIN
    IF NOT pg_has_role(current_user, '{{owner}}', 'MEMBER') THEN
        EXECUTE format('GRANT {{owner}} TO %I', current_user);
    END IF;
END $$;
REVOKE CONNECT, TEMPORARY ON DATABASE {{database}} FROM PUBLIC;
GRANT CONNECT ON DATABASE {{database}} TO {{owner}}, {{user}}, tern_guest;
REVOKE CREATE ON SCHEMA {{schema}} FROM PUBLIC;
GRANT USAGE ON SCHEMA {{schema}} TO {{owner}}, {{user}}, tern_guest;
DO $$
BEGIN
    -- Only a superuser may close large objects and advisory locks (functions of the system catalog).
    IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        REVOKE EXECUTE ON FUNCTION lo_create(oid), lo_creat(integer), lo_from_bytea(oid, bytea), lo_import(text),
            lo_import(text, oid),
            pg_advisory_lock(bigint), pg_advisory_lock(integer, integer), pg_advisory_lock_shared(bigint),
            pg_advisory_lock_shared(integer, integer),
            pg_advisory_xact_lock(bigint), pg_advisory_xact_lock(integer, integer), pg_advisory_xact_lock_shared(bigint),
            pg_advisory_xact_lock_shared(integer, integer),
            pg_try_advisory_lock(bigint), pg_try_advisory_lock(integer, integer), pg_try_advisory_xact_lock(bigint),
            pg_try_advisory_xact_lock(integer, integer)
            FROM PUBLIC;
    END IF;
END $$;
