-- tern server rules 16
-- Changes are announced by the server, not the clients: a trigger NOTIFYs the path of a
-- changed profile, post or follow on the public channel, and the path of a private document only
-- on its owner's channel, named from a secret no client can read (`tern_channels()`
-- tells a role its own).

INSERT INTO protected_records (key, value) VALUES ('tern/notify-secret', gen_random_uuid()::text::bytea)
    ON CONFLICT (key) DO NOTHING;

-- The channel a role hears its own private changes on: named from a secret no
-- client reads, so nobody else can LISTEN to it.
CREATE OR REPLACE FUNCTION tern_private_channel(account text) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
    SELECT 'tern_' || substr(md5(convert_from(value, 'UTF8') || ':' || account), 1, 32)
    FROM protected_records WHERE key = 'tern/notify-secret'
$$;

CREATE OR REPLACE FUNCTION tern_channels() RETURNS text[]
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
    SELECT ARRAY['tern_' || current_schema()]
        || CASE WHEN tern_me() IS NOT NULL THEN ARRAY[tern_private_channel(tern_me())] ELSE ARRAY[]::text[] END
$$;

-- Announces each changed document when its transaction commits: profiles and posts
-- to everyone, anything else only to its owner.
CREATE OR REPLACE FUNCTION tern_announce() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp AS $$
DECLARE
    r record;
BEGIN
    IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
    IF r.parent IN ('users', 'tweets') OR r.parent ~ '^users/[^/]+/(following|followers|user-reposts)$' THEN
        PERFORM pg_notify('tern_' || current_schema(), r.parent || '/' || r.id);
    ELSIF r.owner IS NOT NULL THEN
        PERFORM pg_notify(tern_private_channel(r.owner), r.parent || '/' || r.id);
    END IF;
    RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS documents_announce ON documents;
CREATE TRIGGER documents_announce AFTER INSERT OR UPDATE OR DELETE ON documents
    FOR EACH ROW EXECUTE FUNCTION tern_announce();

ALTER FUNCTION tern_private_channel(text) OWNER TO {{owner}};
ALTER FUNCTION tern_channels() OWNER TO {{owner}};
ALTER FUNCTION tern_announce() OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_private_channel(text), tern_channels(), tern_announce() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tern_channels() TO {{user}}, tern_guest;
