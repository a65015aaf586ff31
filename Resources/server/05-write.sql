-- tern server rules 16
-- Every document write of an account goes through `tern_write` (the store's write hook):
-- it writes as the *login* role's account (`tern_me()` reads `session_user`, whatever
-- `SET ROLE` says), checks every field (types, lengths, characters, as `Validation`
-- does), and keeps the fields the server maintains (counters, creation and save times,
-- the email) itself. An account writes only its profile, its posts, and its own
-- favorites and folders. `doc` NULL deletes.

-- Whether `v` is an avatar as the client's `Validation.avatar` takes one: a
-- `data:image/png;base64,` URL of at most {{avatar_max}} characters whose PNG header says
-- {{avatar_side}} x {{avatar_side}} pixels, 8-bit RGB (so no member stores a large or foreign blob as a face).
CREATE OR REPLACE FUNCTION tern_is_avatar(v jsonb) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE SET search_path = {{schema}}, pg_temp AS $$
DECLARE
    url text;
    png bytea;
BEGIN
    IF jsonb_typeof(v) <> 'string' THEN RETURN false; END IF;
    url := v #>> '{}';
    IF octet_length(url) > {{avatar_max}} OR left(url, 22) <> 'data:image/png;base64,'
       OR substr(url, 23) !~ '^[A-Za-z0-9+/]+={0,2}$' THEN
        RETURN false;
    END IF;
    png := decode(substr(url, 23), 'base64');
    RETURN substr(png, 1, 26) = '\x89504e470d0a1a0a0000000d49484452'::bytea
        || int4send({{avatar_side}}) || int4send({{avatar_side}}) || '\x0802'::bytea;
EXCEPTION WHEN invalid_parameter_value OR invalid_text_representation THEN
    RETURN false;
END $$;

-- A row another backend holds (a post someone is liking, a username someone is taking) is
-- waited for as in `tern_like`: the backends over the bounds are ended first, then the
-- write waits at most 3 s.
CREATE OR REPLACE FUNCTION tern_write(parent_path text, doc_id text, doc text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = {{schema}}, pg_temp SET lock_timeout = '3s' AS $$
DECLARE
    me text := tern_me();
    d jsonb;
    old jsonb;
    now_s numeric := extract(epoch FROM statement_timestamp());
    fields jsonb;
    stamps jsonb;
BEGIN
    IF me IS NULL OR NOT EXISTS (SELECT 1 FROM documents WHERE parent = 'users' AND id = me) THEN
        RAISE EXCEPTION 'only an account writes documents' USING ERRCODE = '42501';
    END IF;
    IF doc_id !~ '^[A-Za-z0-9_.:-]{1,128}$' OR doc_id IN ('.', '..') THEN
        RAISE EXCEPTION 'a document id is 1 to 128 letters, digits and . _ - :' USING ERRCODE = '22023';
    END IF;
    IF parent_path NOT IN ('users', 'tweets', 'favorites/' || me || '/favorites', 'favorites/' || me || '/folders') THEN
        RAISE EXCEPTION 'an account writes only its profile, its posts and its favorites' USING ERRCODE = '42501';
    END IF;
    BEGIN
        SELECT data INTO old FROM documents WHERE parent = parent_path AND id = doc_id FOR UPDATE NOWAIT;
    EXCEPTION WHEN lock_not_available THEN
        PERFORM tern_end_stale_holders();
        SELECT data INTO old FROM documents WHERE parent = parent_path AND id = doc_id FOR UPDATE;
    END;
    IF old IS NOT NULL AND ((parent_path = 'users' AND doc_id <> me)
                            OR (parent_path = 'tweets' AND old ->> 'uid' IS DISTINCT FROM me)) THEN
        RAISE EXCEPTION 'not your document' USING ERRCODE = '42501';
    END IF;
    IF doc IS NULL THEN
        IF parent_path = 'users' THEN RAISE EXCEPTION 'a profile is not deleted' USING ERRCODE = '42501'; END IF;
        DELETE FROM documents WHERE parent = parent_path AND id = doc_id;
        RETURN;
    END IF;
    IF octet_length(doc) > 16384 THEN RAISE EXCEPTION 'a document is at most 16 KB' USING ERRCODE = '22023'; END IF;
    d := doc::jsonb;
    IF parent_path = 'tweets' THEN
        PERFORM tern_check_keys(d, ARRAY['caption', 'editedAt', 'likes', 'placeID', 'place', 'reposts', 'timestamp',
                                         'uid', 'replyTo', 'replyToUid', 'replies']);
        IF d -> 'uid' IS DISTINCT FROM to_jsonb(me) THEN
            RAISE EXCEPTION 'a post is its author''s' USING ERRCODE = '42501';
        END IF;
        -- As the client: an account that has not finished its profile does not post.
        IF NOT EXISTS (SELECT 1 FROM documents WHERE parent = 'users' AND id = me
                       AND data ->> 'isUserOnboarded' = 'true' AND data ->> 'displayName' !~ '^[[:space:]]*$'
                       AND data ->> 'username' <> '') THEN
            RAISE EXCEPTION 'finish your profile (a display name and a username) before posting'
                USING ERRCODE = '42501';
        END IF;
        IF NOT tern_is_text(d -> 'caption', {{post_max}}, true) OR btrim(d ->> 'caption', E' \n') = '' THEN
            PERFORM tern_refuse('a post is 1 to {{post_max}} characters without control characters');
        END IF;
        IF d ? 'placeID' AND jsonb_typeof(d -> 'placeID') <> 'null' AND NOT tern_is_text(d -> 'placeID', 64, false) THEN
            PERFORM tern_refuse('a place id is at most 64 characters');
        END IF;
        -- The copy of the place the post carries (17-post-places.sql).
        IF d ? 'place' AND jsonb_typeof(d -> 'place') <> 'null' AND NOT tern_post_place_ok(d -> 'place') THEN
            PERFORM tern_refuse('a post''s place has at most the fields of a place, each within their limits');
        END IF;
        fields := jsonb_strip_nulls(jsonb_build_object('caption', d -> 'caption', 'uid', d -> 'uid',
            'placeID', d -> 'placeID', 'place', d -> 'place', 'likes', coalesce(old -> 'likes', '0'::jsonb), 'reposts', old -> 'reposts'))
            -- What a post answers is set once, by tern_reply_fields (13-replies.sql); its count by the server.
            || tern_reply_fields(old, d);
        -- The edit time is the server's too: set when the caption changes, kept otherwise.
        stamps := jsonb_strip_nulls(jsonb_build_object('timestamp', coalesce(old -> 'timestamp', to_jsonb(now_s)),
            'editedAt', CASE WHEN old IS NOT NULL AND old -> 'caption' IS DISTINCT FROM d -> 'caption'
                             THEN to_jsonb(now_s) ELSE old -> 'editedAt' END));
    ELSIF parent_path = 'users' THEN
        IF old IS NULL THEN RAISE EXCEPTION 'a profile is made by registering' USING ERRCODE = '42501'; END IF;
        PERFORM tern_check_keys(d, ARRAY['id', 'email', 'displayName', 'username', 'bio', 'avatarPath', 'avatar',
                                         'followersCount', 'followingCount', 'createdOn', 'isUserOnboarded']);
        IF NOT tern_is_text(coalesce(d -> 'displayName', '""'), {{display_name_max}}, false) THEN
            PERFORM tern_refuse('a display name is at most {{display_name_max}} characters on one line');
        END IF;
        IF jsonb_typeof(coalesce(d -> 'username', '""')) <> 'string'
           OR NOT (coalesce(d ->> 'username', '') ~ '^([a-z0-9_]{3,15})?$') THEN
            PERFORM tern_refuse('a username is 3 to 15 of a-z 0-9 _');
        END IF;
        IF NOT tern_is_text(coalesce(d -> 'bio', '""'), {{bio_max}}, false) THEN
            PERFORM tern_refuse('a bio is at most {{bio_max}} characters on one line');
        END IF;
        IF NOT tern_is_text(coalesce(d -> 'avatarPath', '""'), 1024, false) THEN
            PERFORM tern_refuse('an avatar path is at most 1024 characters');
        END IF;
        IF jsonb_typeof(coalesce(d -> 'avatar', 'null')) <> 'null' AND NOT tern_is_avatar(d -> 'avatar') THEN
            PERFORM tern_refuse('an avatar is a {{avatar_side}} x {{avatar_side}} PNG as a data:image/png;base64 URL '
                                'of at most {{avatar_max}} characters');
        END IF;
        IF jsonb_typeof(coalesce(d -> 'isUserOnboarded', 'false')) <> 'boolean' THEN
            PERFORM tern_refuse('isUserOnboarded is true or false');
        END IF;
        -- A finished profile keeps a display name and a username (they change, never go blank).
        IF (coalesce(d ->> 'isUserOnboarded', 'false') = 'true' OR old ->> 'isUserOnboarded' = 'true')
           AND (coalesce(d ->> 'displayName', '') ~ '^[[:space:]]*$' OR coalesce(d ->> 'username', '') = '') THEN
            PERFORM tern_refuse('a finished profile has a display name and a username');
        END IF;
        fields := jsonb_build_object('id', to_jsonb(me), 'email', old -> 'email',
            'displayName', coalesce(d -> 'displayName', '""'), 'username', coalesce(d -> 'username', '""'),
            'bio', coalesce(d -> 'bio', '""'), 'avatarPath', coalesce(d -> 'avatarPath', '""'),
            'avatar', coalesce(d -> 'avatar', 'null'),
            'followersCount', coalesce(old -> 'followersCount', '0'),
            'followingCount', coalesce(old -> 'followingCount', '0'),
            'isUserOnboarded', coalesce(d -> 'isUserOnboarded', 'false'));
        stamps := jsonb_build_object('createdOn', coalesce(old -> 'createdOn', to_jsonb(now_s)));
    ELSIF parent_path = 'favorites/' || me || '/folders' THEN
        -- A folder (the creation time is the server's).
        PERFORM tern_check_keys(d, ARRAY['id', 'name', 'color', 'visibility', 'sort', 'manualOrder', 'createdAt',
                                         'followers']);
        IF NOT tern_is_text(d -> 'name', {{folder_name_max}}, false) OR btrim(d ->> 'name') = '' THEN
            PERFORM tern_refuse('a folder name is 1 to {{folder_name_max}} characters on one line');
        END IF;
        IF NOT (coalesce(d ->> 'color', 'blue') = ANY ({{colors}})) THEN PERFORM tern_refuse('unknown colour'); END IF;
        IF NOT (coalesce(d ->> 'visibility', 'private') IN ('private', 'shared')) THEN
            PERFORM tern_refuse('a folder is private or shared');
        END IF;
        IF NOT (coalesce(d ->> 'sort', 'newest') = ANY ({{sorts}})) THEN PERFORM tern_refuse('unknown order'); END IF;
        IF jsonb_typeof(coalesce(d -> 'manualOrder', '[]')) <> 'array'
           OR jsonb_array_length(coalesce(d -> 'manualOrder', '[]')) > 10000
           OR EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(d -> 'manualOrder', '[]')) f
                      WHERE NOT tern_is_text(f, 128, false)) THEN
            PERFORM tern_refuse('a folder''s order is a list of place ids');
        END IF;
        fields := jsonb_build_object('id', to_jsonb(doc_id), 'name', d -> 'name', 'color', coalesce(d -> 'color', '"blue"'),
            'visibility', coalesce(d -> 'visibility', '"private"'), 'sort', coalesce(d -> 'sort', '"newest"'),
            'manualOrder', coalesce(d -> 'manualOrder', '[]'),
            -- Kept by `tern_follow_folder` alone (19-folder-follows.sql): what the owner sends is ignored.
            'followers', coalesce(old -> 'followers', '0'));
        stamps := jsonb_build_object('createdAt', coalesce(old -> 'createdAt', to_jsonb(now_s)));
    ELSE
        -- A favorite.
        PERFORM tern_check_keys(d, ARRAY['placeID', 'placeName', 'address', 'coordinate', 'savedAt', 'folders', 'memo',
                                         'color', 'nameKey', 'category', 'phone', 'roadAddress', 'url']);
        -- What an online place adds (its category, phone, road address and web page), as the client keeps it.
        IF NOT tern_is_text(coalesce(d -> 'category', '""'), 300, false)
           OR NOT tern_is_text(coalesce(d -> 'phone', '""'), 300, false)
           OR NOT tern_is_text(coalesce(d -> 'roadAddress', '""'), 300, false)
           OR NOT tern_is_text(coalesce(d -> 'url', '""'), 2000, false)
           OR (d ? 'url' AND d ->> 'url' !~ '^https?://[^[:space:]]+$') THEN
            PERFORM tern_refuse('a favorite''s category, phone and road address are at most 300 characters, its link an http or https URL');
        END IF;
        IF NOT tern_is_text(d -> 'placeName', 200, false) OR NOT tern_is_text(coalesce(d -> 'address', '""'), 300, false)
           OR NOT tern_is_text(coalesce(d -> 'placeID', to_jsonb(doc_id)), 128, false) THEN
            PERFORM tern_refuse('a favorite has a name of at most 200 characters and an address of at most 300');
        END IF;
        PERFORM tern_check_keys(coalesce(d -> 'coordinate', '{}'), ARRAY['latitude', 'longitude']);
        IF jsonb_typeof(d #> '{coordinate,latitude}') <> 'number' OR jsonb_typeof(d #> '{coordinate,longitude}') <> 'number'
           OR abs((d #>> '{coordinate,latitude}')::numeric) > 90 OR abs((d #>> '{coordinate,longitude}')::numeric) > 180 THEN
            PERFORM tern_refuse('a favorite has a latitude and a longitude');
        END IF;
        fields := jsonb_build_object('placeID', coalesce(d -> 'placeID', to_jsonb(doc_id)), 'placeName', d -> 'placeName',
            'address', coalesce(d -> 'address', '""'),
            'coordinate', jsonb_build_object('latitude', d #> '{coordinate,latitude}',
                                             'longitude', d #> '{coordinate,longitude}'));
        IF d ? 'folders' AND (jsonb_typeof(d -> 'folders') <> 'array' OR jsonb_array_length(d -> 'folders') > 100
           OR EXISTS (SELECT 1 FROM jsonb_array_elements(d -> 'folders') f WHERE NOT tern_is_text(f, 128, false))) THEN
            PERFORM tern_refuse('a favorite''s folders are a list of at most 100 folder ids');
        END IF;
        IF NOT tern_is_text(coalesce(d -> 'memo', '""'), {{memo_max}}, true) THEN
            PERFORM tern_refuse('a memo is at most {{memo_max}} characters without control characters');
        END IF;
        IF d ? 'color' AND NOT (d ->> 'color' = ANY ({{colors}})) THEN PERFORM tern_refuse('unknown colour'); END IF;
        -- The name order's key (`FavoriteNameKey`): hex digits, a few per character of the name.
        IF d ? 'nameKey' AND (jsonb_typeof(d -> 'nameKey') <> 'string' OR length(d ->> 'nameKey') > 8000
           OR d ->> 'nameKey' !~ '^[0-9a-f]*$') THEN
            PERFORM tern_refuse('a favorite''s name key is hex digits');
        END IF;
        fields := fields || jsonb_strip_nulls(jsonb_build_object('folders', d -> 'folders', 'memo', d -> 'memo',
            'color', d -> 'color', 'nameKey', d -> 'nameKey', 'category', d -> 'category', 'phone', d -> 'phone',
            'roadAddress', d -> 'roadAddress', 'url', d -> 'url'));
        stamps := jsonb_build_object('savedAt', coalesce(old -> 'savedAt', to_jsonb(now_s)));
    END IF;
    BEGIN
        PERFORM set_config('lock_timeout', '200ms', true);
        INSERT INTO documents (parent, id, doc) VALUES (parent_path, doc_id, tern_text(fields, stamps))
            ON CONFLICT (parent, id) DO UPDATE SET doc = excluded.doc;
    EXCEPTION WHEN lock_not_available THEN
        PERFORM tern_end_stale_holders();
        PERFORM set_config('lock_timeout', '3s', true);
        INSERT INTO documents (parent, id, doc) VALUES (parent_path, doc_id, tern_text(fields, stamps))
            ON CONFLICT (parent, id) DO UPDATE SET doc = excluded.doc;
    END;
END $$;
ALTER FUNCTION tern_write(text, text, text) OWNER TO {{owner}};
REVOKE ALL ON FUNCTION tern_write(text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tern_write(text, text, text) TO {{user}};
