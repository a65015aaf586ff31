-- tern server rules 16
-- People: mutes. `users/{uid}/mutes/{mutedUid}` (`{mutedAt}`) change only through
-- `tern_mute`, which mutes as the login role (never as anyone else, never oneself), and are
-- read by their owner only: the general read policy (03-access.sql) lets an account read its
-- own documents, and the restrictive policy below keeps every other account and the guest
-- out of anyone's mutes whatever later policies allow. The muted person is not told.

CREATE OR REPLACE FUNCTION tern_mute(muted_uid text, mute boolean)
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp SET lock_timeout = '3s' AS $$
DECLARE
    me text := tern_me();
    changed integer;
BEGIN
    IF me IS NULL OR NOT EXISTS (SELECT 1 FROM documents WHERE parent = 'users' AND id = me) THEN
        RAISE EXCEPTION 'only an account mutes' USING ERRCODE = '42501';
    END IF;
    IF muted_uid IS NULL OR muted_uid = me THEN
        RAISE EXCEPTION 'nobody mutes themselves' USING ERRCODE = '22023';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM documents WHERE parent = 'users' AND id = muted_uid) THEN
        RAISE EXCEPTION 'no account %', muted_uid USING ERRCODE = 'P0002';
    END IF;
    IF mute THEN
        INSERT INTO documents (parent, id, doc)
            VALUES ('users/' || me || '/mutes', muted_uid,
                    tern_text('{}', jsonb_build_object('mutedAt', extract(epoch FROM statement_timestamp()))))
            ON CONFLICT (parent, id) DO NOTHING;
    ELSE
        DELETE FROM documents WHERE parent = 'users/' || me || '/mutes' AND id = muted_uid;
    END IF;
    GET DIAGNOSTICS changed = ROW_COUNT;
    RETURN changed;
END $$;

-- Anyone but the owner (a superuser's repair goes through `SET ROLE {{owner}}`): mutes
-- change only through `tern_mute`.
DROP TRIGGER IF EXISTS documents_guard_mutes ON documents;
CREATE TRIGGER documents_guard_mutes AFTER INSERT OR UPDATE ON documents
    FOR EACH ROW WHEN (NEW.parent LIKE 'users/%/mutes')
    EXECUTE FUNCTION tern_guard_server_only('mutes change only through mute and unmute');

DROP POLICY IF EXISTS tern_mutes_owner_only ON documents;
DROP POLICY IF EXISTS tern_mutes_guest_none ON documents;
CREATE POLICY tern_mutes_owner_only ON documents AS RESTRICTIVE FOR SELECT TO {{user}} USING (
    parent NOT LIKE 'users/%/mutes' OR owner = (SELECT tern_me()));
CREATE POLICY tern_mutes_guest_none ON documents AS RESTRICTIVE FOR SELECT TO tern_guest USING (
    parent NOT LIKE 'users/%/mutes');

ALTER FUNCTION tern_mute(text, boolean) OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_mute(text, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tern_mute(text, boolean) TO {{user}};
