-- tern server rules 16
-- Who reads what. Accounts and the guest read through forced row-level security and write
-- nothing directly (every write goes through the functions of the later files): the
-- guest reads profiles, posts, who follows whom and who reposted what, an account also its own documents and the folders
-- (and their favorites) their owners shared.

ALTER TABLE documents OWNER TO {{owner}};
ALTER TABLE protected_records OWNER TO {{owner}};
ALTER TABLE tern_meta OWNER TO {{owner}};
ALTER TABLE tern_accounts OWNER TO {{owner}};
ALTER TABLE tern_invitations OWNER TO {{owner}};
REVOKE ALL ON tern_accounts, tern_invitations FROM PUBLIC;
COMMENT ON ROLE {{owner}} IS {{roles_label}};
COMMENT ON ROLE {{user}} IS {{roles_label}};
REVOKE ALL ON documents, protected_records, tern_meta FROM PUBLIC, {{user}}, tern_guest;
GRANT SELECT ON documents TO {{user}}, tern_guest;
GRANT SELECT ON tern_meta TO {{user}}, tern_guest;

ALTER TABLE documents ENABLE ROW LEVEL SECURITY;
ALTER TABLE documents FORCE ROW LEVEL SECURITY;
ALTER TABLE protected_records ENABLE ROW LEVEL SECURITY;
ALTER TABLE protected_records FORCE ROW LEVEL SECURITY;
ALTER TABLE tern_meta ENABLE ROW LEVEL SECURITY;
ALTER TABLE tern_meta FORCE ROW LEVEL SECURITY;
ALTER TABLE tern_accounts ENABLE ROW LEVEL SECURITY;
ALTER TABLE tern_accounts FORCE ROW LEVEL SECURITY;
ALTER TABLE tern_invitations ENABLE ROW LEVEL SECURITY;
ALTER TABLE tern_invitations FORCE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS tern_owner_all ON tern_accounts;
CREATE POLICY tern_owner_all ON tern_accounts TO {{owner}} USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS tern_owner_all ON tern_invitations;
CREATE POLICY tern_owner_all ON tern_invitations TO {{owner}} USING (true) WITH CHECK (true);

-- The uid of the signed-in account (the login role, whatever SET ROLE says), NULL
-- for any role that is not one of this database's accounts, or whose account was removed
-- (20-pooled.sql extends it to the pooled role, identified per transaction).
CREATE OR REPLACE FUNCTION tern_me() RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
    SELECT uid FROM tern_accounts WHERE role = session_user AND removed_at IS NULL
$$;
ALTER FUNCTION tern_me() OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_me() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tern_me() TO {{user}};

DO $$
DECLARE
    account text;
BEGIN
    -- Earlier versions named accounts' roles by their uid, in the cluster-wide
    -- tern_user: keep them, as accounts of this database's own group.
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'tern_user') AND NOT EXISTS (SELECT 1 FROM tern_accounts) THEN
        FOR account IN SELECT d.id FROM documents d WHERE d.parent = 'users' AND EXISTS (
            SELECT 1 FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles r ON r.oid = m.member
            WHERE g.rolname = 'tern_user' AND r.rolname = d.id)
        LOOP
            INSERT INTO tern_accounts (role, uid) VALUES (account, account) ON CONFLICT DO NOTHING;
            EXECUTE format('GRANT %I TO %I', '{{user}}', account);
        END LOOP;
        REVOKE ALL ON documents, protected_records, tern_meta FROM tern_user;
        EXECUTE format('REVOKE ALL ON ALL FUNCTIONS IN SCHEMA %I FROM tern_user', current_schema());
        EXECUTE format('REVOKE USAGE ON SCHEMA %I FROM tern_user', current_schema());
    END IF;
END $$;

-- Whether any of a favorite's folders is shared. The favorite's policy cannot look at the
-- folder rows itself (a policy on `documents` that queries `documents` recurses), so this
-- function, owned by the owner (whose own policy reads every row), answers; it tells a
-- caller no more than the shared folders show anyway (and nothing to a caller who is no account).
CREATE OR REPLACE FUNCTION tern_in_shared_folder(account text, folder_ids jsonb)
RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
    SELECT (SELECT tern_me()) IS NOT NULL AND jsonb_typeof(folder_ids) = 'array' AND EXISTS (
        SELECT 1 FROM documents
         WHERE parent = 'favorites/' || account || '/folders' AND data ->> 'visibility' = 'shared' AND folder_ids ? id)
$$;
ALTER FUNCTION tern_in_shared_folder(text, jsonb) OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_in_shared_folder(text, jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tern_in_shared_folder(text, jsonb) TO {{user}};

DROP POLICY IF EXISTS tern_owner_all ON documents;
DROP POLICY IF EXISTS tern_read ON documents;
DROP POLICY IF EXISTS tern_insert ON documents;
DROP POLICY IF EXISTS tern_update ON documents;
DROP POLICY IF EXISTS tern_delete ON documents;
DROP POLICY IF EXISTS tern_guest_read ON documents;
CREATE POLICY tern_owner_all ON documents TO {{owner}} USING (true) WITH CHECK (true);
-- An account reads profiles, posts, follows and reposts, its own documents (its bookmarks
-- among them, which nobody else reads), and other accounts' shared
-- folders and the favorites in them.
CREATE POLICY tern_read ON documents FOR SELECT TO {{user}} USING (
    parent IN ('users', 'tweets') OR owner = (SELECT tern_me())
    OR parent ~ '^users/[^/]+/(following|followers|user-reposts)$'
    OR (parent = 'favorites/' || owner || '/folders' AND data ->> 'visibility' = 'shared')
    OR (parent = 'favorites/' || owner || '/favorites' AND tern_in_shared_folder(owner, data -> 'folders')));
CREATE POLICY tern_guest_read ON documents FOR SELECT TO tern_guest USING (
    parent IN ('users', 'tweets') OR parent ~ '^users/[^/]+/(following|followers|user-reposts)$');
DROP POLICY IF EXISTS tern_owner_all ON protected_records;
CREATE POLICY tern_owner_all ON protected_records TO {{owner}} USING (true) WITH CHECK (true);
DROP POLICY IF EXISTS tern_owner_all ON tern_meta;
DROP POLICY IF EXISTS tern_read ON tern_meta;
CREATE POLICY tern_owner_all ON tern_meta TO {{owner}} USING (true) WITH CHECK (true);
CREATE POLICY tern_read ON tern_meta FOR SELECT TO {{user}}, tern_guest USING (true);
