-- tern server rules 16
-- Bounds a member or the guest cannot change. PostgreSQL lets every role set its own
-- `statement_timeout`, `lock_timeout` and `idle_in_transaction_session_timeout` (`SET`,
-- or `ALTER ROLE … SET` on itself), so the server does not rely on them: `tern_watch()`
-- ends, as the owner (granted `pg_signal_backend` and `pg_read_all_stats` here), every
-- member's or guest's backend of this database whose statement has run longer than
-- `limit_statement_seconds` or whose transaction is older than
-- `limit_transaction_seconds`, and, when fewer than `guest_reserve` of the guest's
-- connections are free, the guest's sessions idle the longest. `tern server watch` calls
-- it every second; `tern_like` and `tern_write` call it themselves before they wait on a
-- lock, so a member holding posts in an open transaction is ended by the next account
-- that needs them once the bound has passed. The administrator sets the bounds (rows of
-- `tern_meta`, which only the owner writes; `init` keeps what was set).

INSERT INTO tern_meta (key, value) VALUES ('limit_statement_seconds', '10'), ('limit_transaction_seconds', '15'),
    ('guest_reserve', '8')
    ON CONFLICT (key) DO NOTHING;

DO $$
BEGIN
    EXECUTE format('GRANT pg_signal_backend, pg_read_all_stats TO %I', '{{owner}}');
EXCEPTION WHEN insufficient_privilege THEN
    NULL; -- `init` reports it (`TernServer.Report.watch`): only a superuser (or a role holding both) can grant them.
END $$;

-- The backends over the bounds, ended; with `reclaim_guest`, also the guest's idlest
-- sessions until `guest_reserve` of its connections are free. One row per backend ended:
-- its pid, the account (its uid, or `guest`) and why (`statement`, `transaction`,
-- `guest reserve`).
CREATE OR REPLACE FUNCTION tern_watch(reclaim_guest boolean DEFAULT true)
RETURNS TABLE (pid integer, account text, reason text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
DECLARE
    statement_limit interval := make_interval(secs => coalesce(
        (SELECT value::numeric FROM tern_meta WHERE key = 'limit_statement_seconds'), 10));
    transaction_limit interval := make_interval(secs => coalesce(
        (SELECT value::numeric FROM tern_meta WHERE key = 'limit_transaction_seconds'), 15));
    reserve integer := coalesce((SELECT value::integer FROM tern_meta WHERE key = 'guest_reserve'), 8);
    now_t timestamptz := clock_timestamp();
    free integer;
    r record;
BEGIN
    FOR r IN
        SELECT a.pid AS backend, coalesce(t.uid, 'guest') AS who,
               CASE WHEN a.state = 'active' AND now_t - a.query_start > statement_limit THEN 'statement'
                    ELSE 'transaction' END AS why
          FROM pg_stat_activity a LEFT JOIN tern_accounts t ON t.role = a.usename::text
         WHERE a.pid <> pg_backend_pid() AND a.datname = current_database()
           AND (t.role IS NOT NULL OR a.usename = 'tern_guest')
           AND ((a.state = 'active' AND now_t - a.query_start > statement_limit)
                OR now_t - a.xact_start > transaction_limit)
    LOOP
        IF pg_terminate_backend(r.backend) THEN
            pid := r.backend; account := r.who; reason := r.why;
            RETURN NEXT;
        END IF;
    END LOOP;
    IF NOT reclaim_guest THEN RETURN; END IF;
    SELECT r2.rolconnlimit - (SELECT count(*) FROM pg_stat_activity a WHERE a.usename = 'tern_guest')
      INTO free FROM pg_roles r2 WHERE r2.rolname = 'tern_guest' AND r2.rolconnlimit >= 0;
    IF free IS NULL OR free >= reserve THEN RETURN; END IF;
    FOR r IN
        SELECT a.pid AS backend FROM pg_stat_activity a
         WHERE a.usename = 'tern_guest' AND a.state = 'idle' AND a.pid <> pg_backend_pid()
         ORDER BY a.state_change
         LIMIT reserve - free
    LOOP
        IF pg_terminate_backend(r.backend) THEN
            pid := r.backend; account := 'guest'; reason := 'guest reserve';
            RETURN NEXT;
        END IF;
    END LOOP;
END $$;
ALTER FUNCTION tern_watch(boolean) OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_watch(boolean) FROM PUBLIC;

-- For `tern_like` and `tern_write` before they wait on a lock another backend holds:
-- ends the backends over the bounds (one of them may be the holder).
CREATE OR REPLACE FUNCTION tern_end_stale_holders() RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
    SELECT count(*) FROM tern_watch(false)
$$;
ALTER FUNCTION tern_end_stale_holders() OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_end_stale_holders() FROM PUBLIC;
