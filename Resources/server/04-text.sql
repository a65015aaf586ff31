-- tern server rules 16
-- How the server checks text, as the client's `Validation` and `SafeText` do: characters
-- counted as people count them, no unsafe character, and documents kept as the store
-- writes them.

DROP FUNCTION IF EXISTS tern_like(text, text, boolean, text, text);
DROP FUNCTION IF EXISTS tern_post_text(jsonb, bigint);

-- Characters as people count them, closely enough: marks, joiners and what they
-- join, variation selectors, skin tones, tags and Hangul vowel and final jamo add
-- nothing; two regional indicators make one flag.
CREATE OR REPLACE FUNCTION tern_characters(t text) RETURNS integer
LANGUAGE sql IMMUTABLE SET search_path = {{schema}}, pg_temp AS $$
    SELECT char_length(regexp_replace(regexp_replace(regexp_replace(t,
        '\u200d.', '', 'g'),
        '[\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u0610-\u061a\u064b-\u065f\u0900-\u0903\u093a-\u094f'
        '\u0e31-\u0e3a\u0e47-\u0e4e\u1160-\u11ff\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\u3099-\u309a'
        '\ufe00-\ufe0f\ufe20-\ufe2f\ud7b0-\ud7ff\U0001f3fb-\U0001f3ff\U000e0020-\U000e007f\U000e0100-\U000e01ef]',
        '', 'g'),
        '[\U0001f1e6-\U0001f1ff]{2}', 'R', 'g'))
$$;

-- The longest run of combining marks (and the other scalars that extend a character, as
-- `SafeText.isCombiningMark` says) in `t`: what one character carries.
CREATE OR REPLACE FUNCTION tern_longest_mark_run(t text) RETURNS integer
LANGUAGE sql IMMUTABLE SET search_path = {{schema}}, pg_temp AS $$
    SELECT coalesce(max(char_length(m[1])), 0) FROM regexp_matches(t, '({{combining_marks}}+)', 'g') m
$$;

-- Whether `v` is a string of at most `max` characters, at most 8 scalars each on average
-- and at most {{max_marks}} combining marks on any one (as the client cuts them), with no
-- unsafe character (newlines allowed only with `multiline`).
CREATE OR REPLACE FUNCTION tern_is_text(v jsonb, max integer, multiline boolean) RETURNS boolean
LANGUAGE sql IMMUTABLE SET search_path = {{schema}}, pg_temp AS $$
    SELECT jsonb_typeof(v) = 'string'
       AND char_length(v #>> '{}') <= max * 8
       AND (v #>> '{}') !~ (CASE WHEN multiline THEN '{{unsafe_text}}' ELSE '{{unsafe_line}}' END)
       AND tern_characters(v #>> '{}') <= max
       AND tern_longest_mark_run(v #>> '{}') <= {{max_marks}}
$$;

-- A document's text as the store keeps it: the fields as jsonb writes them, and the
-- timestamps (seconds) with the capital E that marks them.
CREATE OR REPLACE FUNCTION tern_text(fields jsonb, stamps jsonb) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = {{schema}}, pg_temp AS $$
    SELECT '{' || array_to_string(ARRAY(
        SELECT to_json(key)::text || ':' || value::text FROM jsonb_each(fields)
        UNION ALL
        SELECT to_json(key)::text || ':' || (value #>> '{}') || 'E0' FROM jsonb_each(stamps)), ',') || '}'
$$;

-- Refuses a field outside `allowed`.
CREATE OR REPLACE FUNCTION tern_check_keys(d jsonb, allowed text[]) RETURNS void
LANGUAGE plpgsql IMMUTABLE SET search_path = {{schema}}, pg_temp AS $$
BEGIN
    IF jsonb_typeof(d) <> 'object' THEN RAISE EXCEPTION 'a document is an object' USING ERRCODE = '22023'; END IF;
    IF EXISTS (SELECT 1 FROM jsonb_object_keys(d) k WHERE NOT k = ANY (allowed)) THEN
        RAISE EXCEPTION 'unknown field in a document: only % are kept', array_to_string(allowed, ', ')
            USING ERRCODE = '22023';
    END IF;
END $$;

CREATE OR REPLACE FUNCTION tern_refuse(what text) RETURNS void
LANGUAGE plpgsql IMMUTABLE SET search_path = {{schema}}, pg_temp AS $$
BEGIN
    RAISE EXCEPTION '%', what USING ERRCODE = '22023';
END $$;

ALTER FUNCTION tern_characters(text) OWNER TO {{owner}};
ALTER FUNCTION tern_longest_mark_run(text) OWNER TO {{owner}};
ALTER FUNCTION tern_is_text(jsonb, integer, boolean) OWNER TO {{owner}};
ALTER FUNCTION tern_text(jsonb, jsonb) OWNER TO {{owner}};
ALTER FUNCTION tern_check_keys(jsonb, text[]) OWNER TO {{owner}};
ALTER FUNCTION tern_refuse(text) OWNER TO {{owner}};
