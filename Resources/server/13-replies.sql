-- tern server rules 16
-- Replies. A post's `replyTo` (the post it answers) is set once, when the post is made,
-- and only to a post that exists; its `replyToUid` is the answered post's author, read
-- here, never taken from the client. A post's `replies` is the number of posts whose
-- `replyTo` names it: set by `tern_count_replies` whenever a reply is made or deleted,
-- with the answered post's row locked, and changed in no other way. Deleting a post keeps
-- its replies (they answer a post that is gone).

CREATE INDEX IF NOT EXISTS documents_by_reply_to ON documents
    (parent, (data -> 'replyTo'), (jsonb_typeof(data -> 'timestamp') <> 'number'), (data -> 'timestamp'), id);

-- The reply fields of a post `tern_write` stores: an existing post keeps its own (`old`);
-- a new one takes `replyTo` from the client's `d`, checked, and the rest from the server.
CREATE OR REPLACE FUNCTION tern_reply_fields(old jsonb, d jsonb) RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
DECLARE
    answered text;
BEGIN
    IF old IS NOT NULL THEN
        RETURN jsonb_strip_nulls(jsonb_build_object('replyTo', old -> 'replyTo', 'replyToUid', old -> 'replyToUid',
                                                    'replies', old -> 'replies'));
    END IF;
    IF jsonb_typeof(coalesce(d -> 'replyTo', 'null')) = 'null' THEN RETURN '{}'::jsonb; END IF;
    IF jsonb_typeof(d -> 'replyTo') <> 'string' OR (d ->> 'replyTo') !~ '^[A-Za-z0-9_.:-]{1,128}$' THEN
        PERFORM tern_refuse('a reply answers a post id');
    END IF;
    SELECT data ->> 'uid' INTO answered FROM documents WHERE parent = 'tweets' AND id = d ->> 'replyTo';
    IF answered IS NULL THEN
        RAISE EXCEPTION 'no post % to reply to', d ->> 'replyTo' USING ERRCODE = 'P0002';
    END IF;
    RETURN jsonb_build_object('replyTo', d -> 'replyTo', 'replyToUid', to_jsonb(answered));
END $$;

-- Sets the post `answered`'s `replies` to the number of posts answering it, its other
-- fields and its stamps as they are; nothing when the post is gone.
CREATE OR REPLACE FUNCTION tern_recount_replies(answered text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp SET lock_timeout = '3s' AS $$
DECLARE
    post jsonb;
    replies bigint;
BEGIN
    SELECT data INTO post FROM documents WHERE parent = 'tweets' AND id = answered FOR UPDATE;
    IF post IS NULL THEN RETURN; END IF;
    SELECT count(*) INTO replies FROM documents WHERE parent = 'tweets' AND data -> 'replyTo' = to_jsonb(answered);
    UPDATE documents
       SET doc = tern_text((post - 'timestamp' - 'editedAt') || jsonb_build_object('replies', replies),
                           jsonb_strip_nulls(jsonb_build_object('timestamp', post -> 'timestamp',
                                                                'editedAt', post -> 'editedAt')))
     WHERE parent = 'tweets' AND id = answered;
END $$;

CREATE OR REPLACE FUNCTION tern_count_replies() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
BEGIN
    IF TG_OP = 'INSERT' AND NEW.parent = 'tweets' AND jsonb_typeof(NEW.data -> 'replyTo') = 'string' THEN
        PERFORM tern_recount_replies(NEW.data ->> 'replyTo');
    ELSIF TG_OP = 'DELETE' AND OLD.parent = 'tweets' AND jsonb_typeof(OLD.data -> 'replyTo') = 'string' THEN
        PERFORM tern_recount_replies(OLD.data ->> 'replyTo');
    END IF;
    RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS documents_count_replies ON documents;
CREATE TRIGGER documents_count_replies AFTER INSERT OR DELETE ON documents
    FOR EACH ROW EXECUTE FUNCTION tern_count_replies();

-- Anyone but the owner (a superuser's repair goes through `SET ROLE {{owner}}`): a new post
-- counts no replies, and no change moves a post's count or what it answers.
CREATE OR REPLACE FUNCTION tern_guard_replies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_user = '{{owner}}' THEN RETURN NULL; END IF;
    IF TG_OP = 'INSERT' AND coalesce(NEW.data -> 'replies', '0'::jsonb) <> '0'::jsonb THEN
        RAISE EXCEPTION 'a new post starts with no replies' USING ERRCODE = '42501';
    END IF;
    IF TG_OP = 'UPDATE' AND ((OLD.data -> 'replies') IS DISTINCT FROM (NEW.data -> 'replies')
                             OR (OLD.data -> 'replyTo') IS DISTINCT FROM (NEW.data -> 'replyTo')
                             OR (OLD.data -> 'replyToUid') IS DISTINCT FROM (NEW.data -> 'replyToUid')) THEN
        RAISE EXCEPTION 'replies change only by replying' USING ERRCODE = '42501';
    END IF;
    RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS documents_guard_replies ON documents;
CREATE TRIGGER documents_guard_replies AFTER INSERT OR UPDATE ON documents
    FOR EACH ROW WHEN (NEW.parent = 'tweets') EXECUTE FUNCTION tern_guard_replies();

ALTER FUNCTION tern_reply_fields(jsonb, jsonb) OWNER TO {{owner}};
ALTER FUNCTION tern_recount_replies(text) OWNER TO {{owner}};
ALTER FUNCTION tern_count_replies() OWNER TO {{owner}};
ALTER FUNCTION tern_guard_replies() OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_reply_fields(jsonb, jsonb), tern_recount_replies(text), tern_count_replies()
    FROM PUBLIC;
