-- tern server rules 16
-- Conversations. Follows: `users/{uid}/following/{other}` and its mirror
-- `users/{other}/followers/{uid}` change only through `tern_follow`, which follows as the
-- login role (never as anyone else, never oneself), writes both documents and sets both
-- profiles' `followingCount` and `followersCount` to the number of documents, with both
-- profiles locked, so the counters are exact under any number of clients.
-- Bookmarks (`users/{uid}/bookmarks/{tweetId}`, read by their owner only) and reposts
-- (`users/{uid}/user-reposts/{tweetId}`, public, counted in the post's `reposts`) change
-- only through `tern_bookmark` and `tern_repost`, as likes through `tern_like`.

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

-- Marks (or unmarks) the post `tweet_id` as the login role in `users/{me}/{collection}`,
-- stamped `stamp`; with a `counter`, sets the post's counter to the number of marks, with
-- the post's row locked as `tern_like` locks it.
CREATE OR REPLACE FUNCTION tern_mark_post(tweet_id text, marked boolean, collection text, stamp text, counter text)
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp SET lock_timeout = '3s' AS $$
DECLARE
    me text := tern_me();
    marks_parent text := 'users/' || tern_me() || '/' || collection;
    post jsonb;
    changed integer;
BEGIN
    IF me IS NULL OR NOT EXISTS (SELECT 1 FROM documents WHERE parent = 'users' AND id = me) THEN
        RAISE EXCEPTION 'only an account marks posts' USING ERRCODE = '42501';
    END IF;
    BEGIN
        SELECT data INTO post FROM documents WHERE parent = 'tweets' AND id = tweet_id FOR UPDATE NOWAIT;
    EXCEPTION WHEN lock_not_available THEN
        PERFORM tern_end_stale_holders();
        SELECT data INTO post FROM documents WHERE parent = 'tweets' AND id = tweet_id FOR UPDATE;
    END;
    IF post IS NULL THEN
        RAISE EXCEPTION 'no post %', tweet_id USING ERRCODE = 'P0002';
    END IF;
    IF marked THEN
        INSERT INTO documents (parent, id, doc)
            VALUES (marks_parent, tweet_id,
                    tern_text('{}', jsonb_build_object(stamp, extract(epoch FROM statement_timestamp()))))
            ON CONFLICT (parent, id) DO NOTHING;
    ELSE
        DELETE FROM documents WHERE parent = marks_parent AND id = tweet_id;
    END IF;
    GET DIAGNOSTICS changed = ROW_COUNT;
    IF changed = 0 OR counter IS NULL THEN RETURN changed; END IF;
    UPDATE documents
       SET doc = tern_text((post - 'timestamp') || jsonb_build_object(counter, (
               SELECT count(*) FROM documents WHERE id = tweet_id AND parent LIKE 'users/%/' || collection)),
               jsonb_build_object('timestamp', post -> 'timestamp'))
     WHERE parent = 'tweets' AND id = tweet_id;
    RETURN 1;
END $$;

CREATE OR REPLACE FUNCTION tern_bookmark(tweet_id text, marked boolean) RETURNS integer
LANGUAGE sql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
    SELECT tern_mark_post(tweet_id, marked, 'bookmarks', 'bookmarkedAt', NULL)
$$;

CREATE OR REPLACE FUNCTION tern_repost(tweet_id text, marked boolean) RETURNS integer
LANGUAGE sql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
    SELECT tern_mark_post(tweet_id, marked, 'user-reposts', 'repostedAt', 'reposts')
$$;

ALTER FUNCTION tern_mark_post(text, boolean, text, text, text) OWNER TO {{owner}};
ALTER FUNCTION tern_bookmark(text, boolean) OWNER TO {{owner}};
ALTER FUNCTION tern_repost(text, boolean) OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_mark_post(text, boolean, text, text, text), tern_bookmark(text, boolean),
    tern_repost(text, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tern_bookmark(text, boolean), tern_repost(text, boolean) TO {{user}};

ALTER FUNCTION tern_set_user_count(text, text, bigint) OWNER TO {{owner}};
ALTER FUNCTION tern_follow(text, boolean) OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_set_user_count(text, text, bigint), tern_follow(text, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tern_follow(text, boolean) TO {{user}};
