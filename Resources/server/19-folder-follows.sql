-- tern server rules 16
-- Follows of folders (issue 29, point 4): `users/{uid}/folder-follows/{ownerUid}:{folderID}`,
-- `{ownerUid, folderID, followedAt}`, change only through `tern_follow_folder`, which follows
-- as the login role, only another account's shared folder, and sets the folder's `followers`
-- to the number of follow documents that name it, with the folder's row locked, so the count
-- is exact under any number of clients. `tern_write` refuses every `folder-follows` path and
-- keeps a folder's `followers` as it was (05-write.sql), so nobody forges either. Only the
-- owner writes a folder (05-write.sql); a folder made private or deleted is no longer read
-- by its followers (03-access.sql's policy reads only shared folders of others).
-- A follow notifies the folder's owner in the same transaction:
-- `users/{owner}/notifications/folder-follow-{follower}-{folderID}`, `{kind: follow, actorUid,
-- folderID, folderName, createdAt, read}` (`NotificationRecord.id`); an unfollow takes it back
-- while it is unread, as a like taken back does (15-notifications.sql). A shared folder's
-- changes are announced to its followers (`tern_announce_to_followers`, below).

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
    IF follow THEN
        INSERT INTO documents (parent, id, doc)
            VALUES ('users/' || owner_uid || '/notifications', 'folder-follow-' || me || '-' || folder_id, tern_text(
                jsonb_build_object('kind', 'follow', 'actorUid', me, 'folderID', folder_id,
                                   'folderName', coalesce(folder ->> 'name', folder_id), 'read', false),
                jsonb_build_object('createdAt', extract(epoch FROM statement_timestamp()))))
            ON CONFLICT (parent, id) DO UPDATE SET doc = EXCLUDED.doc;
    ELSE
        DELETE FROM documents WHERE parent = 'users/' || owner_uid || '/notifications'
           AND id = 'folder-follow-' || me || '-' || folder_id AND (data -> 'read') IS DISTINCT FROM 'true'::jsonb;
    END IF;
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

-- A shared folder's changes reach its followers: a change of the folder while it is shared
-- (before or after: made private included) and of a place in a shared folder is announced on
-- each follower's private channel too (07-changes.sql announces it to the owner alone), so a
-- follower's listener reads the folder again within the poll. Nothing of a private folder is
-- announced to anyone but its owner.
CREATE OR REPLACE FUNCTION tern_announce_to_followers() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
DECLARE
    r record;
    owner_uid text;
    old_data jsonb := CASE WHEN TG_OP <> 'INSERT' THEN OLD.data END;
    new_data jsonb := CASE WHEN TG_OP <> 'DELETE' THEN NEW.data END;
    shared text[];
    follower text;
BEGIN
    IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
    owner_uid := split_part(r.parent, '/', 2);
    IF r.parent LIKE '%/folders' THEN
        IF old_data ->> 'visibility' = 'shared' OR new_data ->> 'visibility' = 'shared' THEN
            shared := ARRAY[r.id];
        END IF;
    ELSE
        SELECT array_agg(f.id) INTO shared FROM documents f
         WHERE f.parent = 'favorites/' || owner_uid || '/folders' AND f.data ->> 'visibility' = 'shared'
           AND f.id IN (
               SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(old_data -> 'folders') = 'array'
                                                     THEN old_data -> 'folders' ELSE '[]'::jsonb END)
               UNION
               SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(new_data -> 'folders') = 'array'
                                                     THEN new_data -> 'folders' ELSE '[]'::jsonb END));
    END IF;
    IF shared IS NULL THEN RETURN NULL; END IF;
    FOR follower IN
        SELECT DISTINCT split_part(parent, '/', 2) FROM documents
         WHERE id IN (SELECT owner_uid || ':' || unnest(shared)) AND parent LIKE 'users/%/folder-follows'
    LOOP
        PERFORM pg_notify(tern_private_channel(follower), r.parent || '/' || r.id);
    END LOOP;
    RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS documents_announce_to_followers ON documents;
CREATE TRIGGER documents_announce_to_followers AFTER INSERT OR UPDATE ON documents
    FOR EACH ROW WHEN (NEW.parent ~ '^favorites/[^/]+/(folders|favorites)$')
    EXECUTE FUNCTION tern_announce_to_followers();
DROP TRIGGER IF EXISTS documents_announce_to_followers_removed ON documents;
CREATE TRIGGER documents_announce_to_followers_removed AFTER DELETE ON documents
    FOR EACH ROW WHEN (OLD.parent ~ '^favorites/[^/]+/(folders|favorites)$')
    EXECUTE FUNCTION tern_announce_to_followers();

ALTER FUNCTION tern_announce_to_followers() OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_announce_to_followers() FROM PUBLIC;
