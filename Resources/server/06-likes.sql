-- tern server rules 16
-- Likes: `users/{uid}/user-likes/*` and a post's `likes` change only through `tern_like`,
-- which likes as the login role, reads the post itself and computes its new counter
-- (never below 0); deleting a post deletes its likes. A trigger refuses any other change
-- of a counter, even by a superuser (repairs go through `SET ROLE {{owner}}`).

CREATE OR REPLACE FUNCTION tern_guard_likes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_user = '{{owner}}' THEN RETURN NULL; END IF;
    IF TG_OP = 'INSERT' AND NEW.parent = 'tweets' AND (coalesce(NEW.data -> 'likes', '0'::jsonb) <> '0'::jsonb
                                                      OR coalesce(NEW.data -> 'reposts', '0'::jsonb) <> '0'::jsonb) THEN
        RAISE EXCEPTION 'a new post starts with no likes and no reposts' USING ERRCODE = '42501';
    END IF;
    IF TG_OP = 'UPDATE' AND (OLD.parent = 'tweets' OR NEW.parent = 'tweets')
       AND ((OLD.parent, OLD.id) IS DISTINCT FROM (NEW.parent, NEW.id)
            OR (OLD.data -> 'likes') IS DISTINCT FROM (NEW.data -> 'likes')
            OR (OLD.data -> 'reposts') IS DISTINCT FROM (NEW.data -> 'reposts')) THEN
        RAISE EXCEPTION 'likes change only through like and unlike, reposts through repost and unrepost'
            USING ERRCODE = '42501';
    END IF;
    -- The profiles' follow counters, likewise, change only through `tern_follow`.
    IF TG_OP = 'INSERT' AND NEW.parent = 'users'
       AND (coalesce(NEW.data -> 'followersCount', '0'::jsonb) <> '0'::jsonb
            OR coalesce(NEW.data -> 'followingCount', '0'::jsonb) <> '0'::jsonb) THEN
        RAISE EXCEPTION 'a new profile starts with no follows' USING ERRCODE = '42501';
    END IF;
    IF TG_OP = 'UPDATE' AND (OLD.parent = 'users' OR NEW.parent = 'users')
       AND ((OLD.parent, OLD.id) IS DISTINCT FROM (NEW.parent, NEW.id)
            OR (OLD.data -> 'followersCount') IS DISTINCT FROM (NEW.data -> 'followersCount')
            OR (OLD.data -> 'followingCount') IS DISTINCT FROM (NEW.data -> 'followingCount')) THEN
        RAISE EXCEPTION 'follow counters change only through follow and unfollow' USING ERRCODE = '42501';
    END IF;
    IF NEW.parent ~ '^users/[^/]+/(following|followers|bookmarks|user-reposts)$' THEN
        RAISE EXCEPTION 'follows, bookmarks and reposts change only through their functions' USING ERRCODE = '42501';
    END IF;
    RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS documents_guard_likes ON documents;
CREATE TRIGGER documents_guard_likes AFTER INSERT OR UPDATE ON documents
    FOR EACH ROW EXECUTE FUNCTION tern_guard_likes();

-- A deleted post takes its likes (and its bookmarks and reposts) with it, so a post made again under the same id
-- starts at zero and no later unlike can count it down.
CREATE OR REPLACE FUNCTION tern_post_deleted() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
BEGIN
    DELETE FROM documents WHERE id = OLD.id
       AND (parent LIKE 'users/%/user-likes' OR parent LIKE 'users/%/bookmarks' OR parent LIKE 'users/%/user-reposts');
    RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS documents_post_deleted ON documents;
CREATE TRIGGER documents_post_deleted AFTER DELETE ON documents
    FOR EACH ROW WHEN (OLD.parent = 'tweets') EXECUTE FUNCTION tern_post_deleted();

-- The post's row is locked for the counter: taken without waiting when it is free; when
-- another backend holds it, the backends over the bounds are ended first (09-limits.sql),
-- then the like waits at most 3 s, whatever the caller set.
CREATE OR REPLACE FUNCTION tern_like(tweet_id text, liked boolean)
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp SET lock_timeout = '3s' AS $$
DECLARE
    likes_parent text := 'users/' || tern_me() || '/user-likes';
    post jsonb;
    changed integer;
BEGIN
    IF likes_parent IS NULL THEN
        RAISE EXCEPTION 'only an account likes' USING ERRCODE = '42501';
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
    IF jsonb_typeof(post -> 'caption') <> 'string' OR jsonb_typeof(post -> 'uid') <> 'string'
       OR jsonb_typeof(post -> 'timestamp') <> 'number' THEN
        RAISE EXCEPTION 'post % is not a post', tweet_id USING ERRCODE = '22023';
    END IF;
    IF liked THEN
        INSERT INTO documents (parent, id, doc)
            VALUES (likes_parent, tweet_id,
                    tern_text('{}', jsonb_build_object('likedAt', extract(epoch FROM statement_timestamp()))))
            ON CONFLICT (parent, id) DO NOTHING;
    ELSE
        DELETE FROM documents WHERE parent = likes_parent AND id = tweet_id;
    END IF;
    GET DIAGNOSTICS changed = ROW_COUNT;
    IF changed = 0 THEN RETURN 0; END IF;
    UPDATE documents
       SET doc = tern_text(jsonb_strip_nulls(jsonb_build_object('caption', post -> 'caption', 'uid', post -> 'uid',
               'placeID', post -> 'placeID', 'reposts', post -> 'reposts', 'replyTo', post -> 'replyTo',
               'replyToUid', post -> 'replyToUid', 'replies', post -> 'replies',
               'likes', greatest(0, coalesce((post ->> 'likes')::bigint, 0) + CASE WHEN liked THEN 1 ELSE -1 END))),
               jsonb_strip_nulls(jsonb_build_object('timestamp', post -> 'timestamp', 'editedAt', post -> 'editedAt')))
     WHERE parent = 'tweets' AND id = tweet_id;
    RETURN 1;
END $$;

ALTER FUNCTION tern_guard_likes() OWNER TO {{owner}};
ALTER FUNCTION tern_post_deleted() OWNER TO {{owner}};
ALTER FUNCTION tern_like(text, boolean) OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_post_deleted(), tern_like(text, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tern_like(text, boolean) TO {{user}};
