-- tern server rules 16
-- The change log (docs/decisions/0016-pooled-server.md): clients behind the pooler hold no
-- LISTEN connection, so the change trigger of 07-changes.sql also writes each changed
-- document's path to `tern_changes`, which they read through the pool with
-- `WHERE seq > cursor`. A row is read under the rules of the announcements: a public
-- document's change (a profile, a post, a follow, a repost) by everyone, any other only by
-- its owner, so no account reads another's private changes (a bookmark, a like, a
-- favorite, a notification). Commits take turns on the table's lock at commit time (the
-- trigger is deferred to the commit), so the numbers follow the order in which commits
-- become visible, on the primary and on a standby that replays it: a reader that has seen
-- number N has seen every change before it. Rows older than an hour are pruned; the
-- highest number pruned is kept in `tern_meta` (`change_log_floor`), so a client whose
-- cursor is below it knows that it missed changes and reads everything again.

CREATE TABLE IF NOT EXISTS tern_changes (
    seq bigserial PRIMARY KEY,
    parent text NOT NULL,
    id text NOT NULL,
    owner text,
    public boolean NOT NULL,
    at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS tern_changes_by_at ON tern_changes (at);
ALTER TABLE tern_changes OWNER TO {{owner}};
REVOKE ALL ON tern_changes FROM PUBLIC, {{user}}, tern_guest;
GRANT SELECT ON tern_changes TO {{user}}, tern_guest;
ALTER TABLE tern_changes ENABLE ROW LEVEL SECURITY;
ALTER TABLE tern_changes FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tern_owner_all ON tern_changes;
DROP POLICY IF EXISTS tern_read ON tern_changes;
DROP POLICY IF EXISTS tern_guest_read ON tern_changes;
CREATE POLICY tern_owner_all ON tern_changes TO {{owner}} USING (true) WITH CHECK (true);
-- The pooled role is a member of the group: unbound, `tern_me()` is NULL and it reads the
-- public rows only, what the guest reads.
CREATE POLICY tern_read ON tern_changes FOR SELECT TO {{user}} USING (public OR owner = (SELECT tern_me()));
CREATE POLICY tern_guest_read ON tern_changes FOR SELECT TO tern_guest USING (public);

-- Announces each changed document (07-changes.sql) and logs it, at commit.
CREATE OR REPLACE FUNCTION tern_announce() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
DECLARE
    r record;
    shared boolean;
    logged bigint;
    pruned bigint;
BEGIN
    IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
    shared := r.parent IN ('users', 'tweets') OR r.parent ~ '^users/[^/]+/(following|followers|user-reposts)$';
    IF NOT shared AND r.owner IS NULL THEN RETURN NULL; END IF;
    -- One committing writer at a time from here to its commit (readers are not held).
    LOCK TABLE tern_changes IN SHARE ROW EXCLUSIVE MODE;
    INSERT INTO tern_changes (parent, id, owner, public) VALUES (r.parent, r.id, r.owner, shared)
        RETURNING seq INTO logged;
    IF shared THEN
        PERFORM pg_notify('tern_' || current_schema(), r.parent || '/' || r.id);
    ELSE
        PERFORM pg_notify(tern_private_channel(r.owner), r.parent || '/' || r.id);
    END IF;
    IF logged % 1000 = 0 THEN
        WITH gone AS (DELETE FROM tern_changes WHERE at < now() - interval '1 hour' RETURNING seq)
        SELECT max(seq) INTO pruned FROM gone;
        IF pruned IS NOT NULL THEN
            INSERT INTO tern_meta (key, value) VALUES ('change_log_floor', pruned::text)
                ON CONFLICT (key) DO UPDATE SET value = greatest(tern_meta.value::bigint, pruned)::text;
        END IF;
    END IF;
    RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS documents_announce ON documents;
CREATE CONSTRAINT TRIGGER documents_announce AFTER INSERT OR UPDATE OR DELETE ON documents
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION tern_announce();

-- Prunes the log now (an administrator's `SELECT tern_prune_changes()`, e.g. from cron):
-- how many rows went.
CREATE OR REPLACE FUNCTION tern_prune_changes(keep interval DEFAULT interval '1 hour') RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
DECLARE
    pruned bigint;
    gone bigint;
BEGIN
    LOCK TABLE tern_changes IN SHARE ROW EXCLUSIVE MODE;
    WITH deleted AS (DELETE FROM tern_changes WHERE at < now() - keep RETURNING seq)
    SELECT max(seq), count(*) INTO pruned, gone FROM deleted;
    IF pruned IS NOT NULL THEN
        INSERT INTO tern_meta (key, value) VALUES ('change_log_floor', pruned::text)
            ON CONFLICT (key) DO UPDATE SET value = greatest(tern_meta.value::bigint, pruned)::text;
    END IF;
    RETURN gone;
END $$;

ALTER FUNCTION tern_announce() OWNER TO {{owner}};
ALTER FUNCTION tern_prune_changes(interval) OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_announce(), tern_prune_changes(interval) FROM PUBLIC;
