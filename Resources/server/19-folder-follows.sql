-- tern server rules 16
-- Follows of folders (issue 29, point 4): `users/{uid}/folder-follows/{ownerUid}:{folderID}`,
-- `{ownerUid, folderID, followedAt}`, change only through `tern_follow_folder`, which follows
-- as the login role, only another account's shared folder, and sets the folder's `followers`
-- to the number of follow documents that name it, with the folder's row locked, so the count
-- is exact under any number of clients. `tern_write` refuses every `folder-follows` path and
-- keeps a folder's `followers` as it was (05-write.sql), so nobody forges either. Only the
-- owner writes a folder (05-write.sql); a folder made private or deleted is no longer read
-- by its followers (03-access.sql's policy reads only shared folders of others).

CREATE OR REPLACE FUNCTION tern_follow_folder(owner_uid text, folder_id text, follow boolean)
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp SET lock_timeout = '3s' AS $$
DECLARE
    me text := tern_me();
    follow_id text := owner_uid || ':' || folder_id;
    folder jsonb;
    changed integer;
BEGIN
    IF me IS NULL OR NOT EXISTS (SELECT 1 FROM documents WHERE parent = 'users' AND id = me) THEN
        RAISE EXCEPTION 'only an account follows' USING ERRCODE = '42501';
    END IF;
    IF owner_uid IS NULL OR folder_id IS NULL OR owner_uid = me THEN
        RAISE EXCEPTION 'nobody follows their own folder' USING ERRCODE = '22023';
    END IF;
    SELECT data INTO folder FROM documents WHERE parent = 'favorites/' || owner_uid || '/folders' AND id = folder_id
        FOR UPDATE;
    IF follow THEN
        IF folder IS NULL THEN
            RAISE EXCEPTION 'no folder %', folder_id USING ERRCODE = 'P0002';
        END IF;
        IF folder ->> 'visibility' IS DISTINCT FROM 'shared' THEN
            RAISE EXCEPTION 'only a shared folder is followed' USING ERRCODE = '42501';
        END IF;
        INSERT INTO documents (parent, id, doc)
            VALUES ('users/' || me || '/folder-follows', follow_id, tern_text(
                jsonb_build_object('ownerUid', owner_uid, 'folderID', folder_id),
                jsonb_build_object('followedAt', extract(epoch FROM statement_timestamp()))))
            ON CONFLICT (parent, id) DO NOTHING;
    ELSE
        DELETE FROM documents WHERE parent = 'users/' || me || '/folder-follows' AND id = follow_id;
    END IF;
    GET DIAGNOSTICS changed = ROW_COUNT;
    IF changed = 0 OR folder IS NULL THEN RETURN changed; END IF;
    UPDATE documents
       SET doc = tern_text((folder - 'createdAt') || jsonb_build_object('followers', (
               SELECT count(*) FROM documents WHERE id = follow_id AND parent LIKE 'users/%/folder-follows')),
               jsonb_build_object('createdAt', folder -> 'createdAt'))
     WHERE parent = 'favorites/' || owner_uid || '/folders' AND id = folder_id;
    RETURN changed;
END $$;

ALTER FUNCTION tern_follow_folder(text, text, boolean) OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_follow_folder(text, text, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tern_follow_folder(text, text, boolean) TO {{user}};
