-- tern server rules 16
-- Posts' places (issue 29): a post may carry, beside its `placeID`, a copy of the place
-- (`place`), so an online place shows offline and for readers without a provider key.
-- The tweet check (05-write.sql) takes `place` only when this says yes: an object with at
-- most the fields a PLACE has, each text within the favorites' limits, the coordinate a
-- latitude and a longitude in range, the link an http or https URL, the source one Tern
-- knows. Anything else (another key, a list, a number, a huge text) is refused.

CREATE OR REPLACE FUNCTION tern_post_place_ok(p jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE SET search_path = {{schema}}, pg_temp AS $$
    SELECT jsonb_typeof(p) = 'object'
       AND NOT EXISTS (SELECT 1 FROM jsonb_object_keys(p) k
                       WHERE k <> ALL (ARRAY['placeName', 'koreanName', 'address', 'coordinate', 'category',
                                             'phone', 'roadAddress', 'url', 'source']))
       AND tern_is_text(coalesce(p -> 'placeName', '""'), 200, false)
       AND tern_is_text(coalesce(p -> 'koreanName', '""'), 200, false)
       AND tern_is_text(coalesce(p -> 'address', '""'), 300, false)
       AND tern_is_text(coalesce(p -> 'category', '""'), 300, false)
       AND tern_is_text(coalesce(p -> 'phone', '""'), 300, false)
       AND tern_is_text(coalesce(p -> 'roadAddress', '""'), 300, false)
       AND tern_is_text(coalesce(p -> 'url', '""'), 2000, false)
       AND (NOT p ? 'url' OR p ->> 'url' ~ '^https?://[^[:space:]]+$')
       AND (NOT p ? 'source' OR p -> 'source' IN ('"catalog"', '"import"', '"kakao"', '"osm"'))
       AND (NOT p ? 'coordinate' OR (
            jsonb_typeof(p -> 'coordinate') = 'object'
            AND NOT EXISTS (SELECT 1 FROM jsonb_object_keys(p -> 'coordinate') k
                            WHERE k <> ALL (ARRAY['latitude', 'longitude']))
            AND jsonb_typeof(p #> '{coordinate,latitude}') = 'number'
            AND jsonb_typeof(p #> '{coordinate,longitude}') = 'number'
            AND abs((p #>> '{coordinate,latitude}')::numeric) <= 90
            AND abs((p #>> '{coordinate,longitude}')::numeric) <= 180))
$$;

ALTER FUNCTION tern_post_place_ok(jsonb) OWNER TO {{owner}};
