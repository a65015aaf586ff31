-- tern server rules 11
-- Conversations. Follows: `users/{uid}/following/{other}` and its mirror
-- `users/{other}/followers/{uid}` change only through `tern_follow`, which follows as the
-- login role (never as anyone else, never oneself), writes both documents and sets both
-- profiles' `followingCount` and `followersCount` to the number of documents, with both
-- profiles locked, so the counters are exact under any number of clients.

-- Sets the profile `account`'s counter `field` to `value`, keeping every other field
-- and its creation time as they are.
CREATE OR REPLACE FUNCTION tern_set_user_count(account text, field text, value bigint) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
    UPDATE documents
       SET doc = tern_text((data - 'createdOn') || jsonb_build_object(field, value),
                           jsonb_strip_nulls(jsonb_build_object('createdOn', data -> 'createdOn')))
     WHERE parent = 'users' AND id = account
$$;

CREATE OR REPLACE FUNCTION tern_follow(followed_uid text, follow boolean)
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp SET lock_timeout = '3s' AS $$
DECLARE
    me text := tern_me();
    changed integer;
    now_s numeric := extract(epoch FROM statement_timestamp());
BEGIN
    IF me IS NULL OR NOT EXISTS (SELECT 1 FROM documents WHERE parent = 'users' AND id = me) THEN
        RAISE EXCEPTION 'only an account follows' USING ERRCODE = '42501';
    END IF;
    IF followed_uid IS NULL OR followed_uid = me THEN
        RAISE EXCEPTION 'nobody follows themselves' USING ERRCODE = '22023';
    END IF;
    -- Both profiles, locked in one order: two follows between the same people never deadlock.
    PERFORM 1 FROM documents WHERE parent = 'users' AND id IN (me, followed_uid) ORDER BY id FOR UPDATE;
    IF NOT EXISTS (SELECT 1 FROM documents WHERE parent = 'users' AND id = followed_uid) THEN
        RAISE EXCEPTION 'no account %', followed_uid USING ERRCODE = 'P0002';
    END IF;
    IF follow THEN
        INSERT INTO documents (parent, id, doc)
            VALUES ('users/' || me || '/following', followed_uid, tern_text('{}', jsonb_build_object('followedAt', now_s)))
            ON CONFLICT (parent, id) DO NOTHING;
        GET DIAGNOSTICS changed = ROW_COUNT;
        INSERT INTO documents (parent, id, doc)
            VALUES ('users/' || followed_uid || '/followers', me, tern_text('{}', jsonb_build_object('followedAt', now_s)))
            ON CONFLICT (parent, id) DO NOTHING;
    ELSE
        DELETE FROM documents WHERE parent = 'users/' || me || '/following' AND id = followed_uid;
        GET DIAGNOSTICS changed = ROW_COUNT;
        DELETE FROM documents WHERE parent = 'users/' || followed_uid || '/followers' AND id = me;
    END IF;
    PERFORM tern_set_user_count(me, 'followingCount',
        (SELECT count(*) FROM documents WHERE parent = 'users/' || me || '/following'));
    PERFORM tern_set_user_count(followed_uid, 'followersCount',
        (SELECT count(*) FROM documents WHERE parent = 'users/' || followed_uid || '/followers'));
    RETURN changed;
END $$;

ALTER FUNCTION tern_set_user_count(text, text, bigint) OWNER TO {{owner}};
ALTER FUNCTION tern_follow(text, boolean) OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_set_user_count(text, text, bigint), tern_follow(text, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tern_follow(text, boolean) TO {{user}};
