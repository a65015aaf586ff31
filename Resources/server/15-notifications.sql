-- tern server rules 16
-- Notifications: `users/{recipient}/notifications/{id}`, `{kind, actorUid, postID, createdAt,
-- read}`, written by the server alone, in the transaction of the write that causes them: a
-- like, a repost or a reply of the recipient's post, a follow of the recipient (and, through
-- `tern_notify_of(kind => 'mention', ...)`, a mention). Nobody is notified of their own
-- doing. A like, repost or follow taken back before its notification was read takes it back;
-- a deleted post takes the notifications about it. The recipient alone reads them (their
-- `owner` is the recipient, 03-access.sql) and hears of them (07-changes.sql announces them on
-- the recipient's channel); `tern_read_notifications` marks the caller's own read, and no
-- other change is taken.

CREATE INDEX IF NOT EXISTS documents_by_created_at ON documents
    (parent, (jsonb_typeof(data -> 'createdAt') <> 'number'), (data -> 'createdAt'), id);

-- The id of a notification: one per kind, actor and post (like, repost), per follower, or
-- per post (reply, mention), as `NotificationRecord.id` names it.
CREATE OR REPLACE FUNCTION tern_notification_id(kind text, actor text, post_id text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = {{schema}}, pg_temp AS $$
    SELECT CASE WHEN kind IN ('like', 'repost') THEN kind || '-' || post_id || '-' || actor
                WHEN kind = 'follow' THEN 'follow-' || actor
                ELSE kind || '-' || post_id END
$$;

-- Records (`made`) or takes back, while unread, that `actor` did `kind` to `recipient`.
CREATE OR REPLACE FUNCTION tern_notify_of(kind text, recipient text, actor text, post_id text, made boolean)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
DECLARE
    box text := 'users/' || recipient || '/notifications';
    note text := tern_notification_id(kind, actor, post_id);
BEGIN
    IF recipient IS NULL OR actor IS NULL OR recipient = actor
       OR NOT EXISTS (SELECT 1 FROM documents WHERE parent = 'users' AND id = recipient) THEN
        RETURN;
    END IF;
    IF made THEN
        INSERT INTO documents (parent, id, doc)
            VALUES (box, note, tern_text(
                jsonb_strip_nulls(jsonb_build_object('kind', kind, 'actorUid', actor, 'postID', post_id, 'read', false)),
                jsonb_build_object('createdAt', extract(epoch FROM statement_timestamp()))))
            ON CONFLICT (parent, id) DO UPDATE SET doc = EXCLUDED.doc;
    ELSE
        DELETE FROM documents WHERE parent = box AND id = note AND (data -> 'read') IS DISTINCT FROM 'true'::jsonb;
    END IF;
END $$;

CREATE OR REPLACE FUNCTION tern_notify() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
DECLARE
    r record;
    mentioned record;
    made boolean := TG_OP = 'INSERT';
BEGIN
    IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
    IF r.parent ~ '^users/[^/]+/user-likes$' THEN
        PERFORM tern_notify_of('like', (SELECT data ->> 'uid' FROM documents WHERE parent = 'tweets' AND id = r.id),
                               split_part(r.parent, '/', 2), r.id, made);
    ELSIF r.parent ~ '^users/[^/]+/user-reposts$' THEN
        PERFORM tern_notify_of('repost', (SELECT data ->> 'uid' FROM documents WHERE parent = 'tweets' AND id = r.id),
                               split_part(r.parent, '/', 2), r.id, made);
    ELSIF r.parent ~ '^users/[^/]+/followers$' THEN
        PERFORM tern_notify_of('follow', split_part(r.parent, '/', 2), r.id, NULL, made);
    ELSIF r.parent = 'tweets' THEN
        IF jsonb_typeof(r.data -> 'replyTo') = 'string' THEN
            PERFORM tern_notify_of('reply', r.data ->> 'replyToUid', r.data ->> 'uid', r.id, made);
        END IF;
        -- Each existing account the caption names as `@name` (3 to 15 of A-Z, 0-9 and _, not
        -- after another such character: `Mentions` in Swift), at most 20; a reply's parent
        -- author hears of it once, as a reply.
        FOR mentioned IN
            SELECT u.id FROM documents u
             WHERE u.parent = 'users'
               AND u.data ->> 'username' IN (
                   SELECT lower(m[2]) FROM regexp_matches(coalesce(r.data ->> 'caption', ''),
                       '(^|[^A-Za-z0-9_])@([A-Za-z0-9_]{3,15})(?![A-Za-z0-9_])', 'g') AS m LIMIT 20)
               AND u.id IS DISTINCT FROM (CASE WHEN jsonb_typeof(r.data -> 'replyTo') = 'string'
                                               THEN r.data ->> 'replyToUid' END)
        LOOP
            PERFORM tern_notify_of('mention', mentioned.id, r.data ->> 'uid', r.id, made);
        END LOOP;
        IF NOT made THEN
            DELETE FROM documents WHERE parent = 'users/' || (r.data ->> 'uid') || '/notifications'
               AND data ->> 'postID' = r.id;
        END IF;
    END IF;
    RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS documents_notify ON documents;
CREATE TRIGGER documents_notify AFTER INSERT ON documents
    FOR EACH ROW WHEN (NEW.parent ~ '^(tweets|users/[^/]+/(user-likes|user-reposts|followers))$')
    EXECUTE FUNCTION tern_notify();
DROP TRIGGER IF EXISTS documents_notify_taken_back ON documents;
CREATE TRIGGER documents_notify_taken_back AFTER DELETE ON documents
    FOR EACH ROW WHEN (OLD.parent ~ '^(tweets|users/[^/]+/(user-likes|user-reposts|followers))$')
    EXECUTE FUNCTION tern_notify();

-- Documents only the owner's functions write (its trigger's argument says which, and how):
-- anyone else, even a superuser, is refused (repairs go through `SET ROLE {{owner}}`).
CREATE OR REPLACE FUNCTION tern_guard_server_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_user = '{{owner}}' THEN RETURN NULL; END IF;
    RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = '42501';
END $$;

-- No notification is made, changed or removed by hand.
DROP TRIGGER IF EXISTS documents_guard_notifications ON documents;
CREATE TRIGGER documents_guard_notifications AFTER INSERT OR UPDATE ON documents
    FOR EACH ROW WHEN (NEW.parent ~ '^users/[^/]+/notifications$')
    EXECUTE FUNCTION tern_guard_server_only('notifications are written by the server alone');
DROP TRIGGER IF EXISTS documents_guard_notifications_removed ON documents;
CREATE TRIGGER documents_guard_notifications_removed AFTER DELETE ON documents
    FOR EACH ROW WHEN (OLD.parent ~ '^users/[^/]+/notifications$')
    EXECUTE FUNCTION tern_guard_server_only('notifications are written by the server alone');

-- Marks every notification of the login role's account read; returns how many changed.
CREATE OR REPLACE FUNCTION tern_read_notifications() RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
DECLARE
    me text := tern_me();
    changed integer;
BEGIN
    IF me IS NULL THEN
        RAISE EXCEPTION 'only an account reads its notifications' USING ERRCODE = '42501';
    END IF;
    UPDATE documents
       SET doc = tern_text((data - 'createdAt') || '{"read": true}'::jsonb,
                           jsonb_strip_nulls(jsonb_build_object('createdAt', data -> 'createdAt')))
     WHERE parent = 'users/' || me || '/notifications' AND (data -> 'read') IS DISTINCT FROM 'true'::jsonb;
    GET DIAGNOSTICS changed = ROW_COUNT;
    RETURN changed;
END $$;

ALTER FUNCTION tern_notification_id(text, text, text) OWNER TO {{owner}};
ALTER FUNCTION tern_notify_of(text, text, text, text, boolean) OWNER TO {{owner}};
ALTER FUNCTION tern_notify() OWNER TO {{owner}};
ALTER FUNCTION tern_guard_server_only() OWNER TO {{owner}};
ALTER FUNCTION tern_read_notifications() OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_notification_id(text, text, text), tern_notify_of(text, text, text, text, boolean),
    tern_notify(), tern_read_notifications() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tern_read_notifications() TO {{user}};
