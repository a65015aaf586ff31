-- tern server rules 16
-- Mentions made or taken back by an edit (`tern posts edit`, `e`): each account the new
-- caption names as `@name` and the old one did not is notified once (not again while a
-- mention of this post is in its list, read or not); each the edit no longer names loses its
-- mention while unread, as when the post is deleted (15-notifications.sql). A reply's parent
-- author hears of the reply only. `TweetService.recordMentionEdits` does the same on the
-- embedded store.

-- The existing accounts `caption` names, at most 20, without `answered` (a reply's parent
-- author), as `tern_notify` finds them.
CREATE OR REPLACE FUNCTION tern_mentioned(caption text, answered text) RETURNS SETOF text
LANGUAGE sql STABLE SET search_path = {{schema}}, pg_temp AS $$
    SELECT u.id FROM documents u
     WHERE u.parent = 'users'
       AND u.data ->> 'username' IN (
           SELECT lower(m[2]) FROM regexp_matches(coalesce(caption, ''),
               '(^|[^A-Za-z0-9_])@([A-Za-z0-9_]{3,15})(?![A-Za-z0-9_])', 'g') AS m LIMIT 20)
       AND u.id IS DISTINCT FROM answered
$$;

CREATE OR REPLACE FUNCTION tern_notify_edited() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
DECLARE
    answered text := CASE WHEN jsonb_typeof(NEW.data -> 'replyTo') = 'string' THEN NEW.data ->> 'replyToUid' END;
    author text := NEW.data ->> 'uid';
    named text;
BEGIN
    FOR named IN SELECT tern_mentioned(NEW.data ->> 'caption', answered)
                 EXCEPT SELECT tern_mentioned(OLD.data ->> 'caption', answered)
    LOOP
        IF NOT EXISTS (SELECT 1 FROM documents WHERE parent = 'users/' || named || '/notifications'
                          AND id = tern_notification_id('mention', author, NEW.id)) THEN
            PERFORM tern_notify_of('mention', named, author, NEW.id, true);
        END IF;
    END LOOP;
    FOR named IN SELECT tern_mentioned(OLD.data ->> 'caption', answered)
                 EXCEPT SELECT tern_mentioned(NEW.data ->> 'caption', answered)
    LOOP
        PERFORM tern_notify_of('mention', named, author, NEW.id, false);
    END LOOP;
    RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS documents_notify_edited ON documents;
CREATE TRIGGER documents_notify_edited AFTER UPDATE ON documents
    FOR EACH ROW WHEN (NEW.parent = 'tweets' AND OLD.data -> 'caption' IS DISTINCT FROM NEW.data -> 'caption')
    EXECUTE FUNCTION tern_notify_edited();

ALTER FUNCTION tern_mentioned(text, text) OWNER TO {{owner}};
ALTER FUNCTION tern_notify_edited() OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_mentioned(text, text), tern_notify_edited() FROM PUBLIC;
