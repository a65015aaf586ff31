/// The server's rules for favorites in folders, part of `ServerRules`: an account writes
/// only its own favorites and folders; every account reads the folders their owners
/// shared (`visibility` is `shared`) and the favorites in them, and nothing else of
/// another account's favorites.
///
/// The favorite's policy cannot look at the folder rows itself (a policy on `documents`
/// that queries `documents` recurses), so `tern_in_shared_folder`, owned by `tern_owner`
/// (whose own policy reads every row), answers whether any of a favorite's folders is
/// shared. It tells a caller no more than the shared folders show anyway.
enum FavoriteFolderRules {
    /// `tern_write`'s check of a favorite's folder fields (`d` the document, `fields` what is kept).
    static let favoriteFields = """
                    IF d ? 'folders' AND (jsonb_typeof(d -> 'folders') <> 'array' OR jsonb_array_length(d -> 'folders') > 100
                       OR EXISTS (SELECT 1 FROM jsonb_array_elements(d -> 'folders') f WHERE NOT tern_is_text(f, 128, false))) THEN
                        PERFORM tern_refuse('a favorite''s folders are a list of at most 100 folder ids');
                    END IF;
                    IF NOT tern_is_text(coalesce(d -> 'memo', '""'), \(FavoriteText.memoMaxLength), true) THEN
                        PERFORM tern_refuse('a memo is at most \(FavoriteText.memoMaxLength) characters without control characters');
                    END IF;
                    IF d ? 'color' AND NOT (d ->> 'color' = ANY (\(palette))) THEN PERFORM tern_refuse('unknown colour'); END IF;
                    -- The name order's key (`FavoriteNameKey`): hex digits, a few per character of the name.
                    IF d ? 'nameKey' AND (jsonb_typeof(d -> 'nameKey') <> 'string' OR length(d ->> 'nameKey') > 8000
                       OR d ->> 'nameKey' !~ '^[0-9a-f]*$') THEN
                        PERFORM tern_refuse('a favorite''s name key is hex digits');
                    END IF;
                    fields := fields || jsonb_strip_nulls(jsonb_build_object('folders', d -> 'folders', 'memo', d -> 'memo', 'color', d -> 'color',
                        'nameKey', d -> 'nameKey'));
        """

    /// `tern_write`'s branch for `favorites/{me}/folders/{id}` (the creation time is the server's).
    static let folderBranch = """
                ELSIF parent_path = 'favorites/' || me || '/folders' THEN
                    PERFORM tern_check_keys(d, ARRAY['id', 'name', 'color', 'visibility', 'sort', 'manualOrder', 'createdAt']);
                    IF NOT tern_is_text(d -> 'name', \(FavoriteFolder.nameMaxLength), false) OR btrim(d ->> 'name') = '' THEN
                        PERFORM tern_refuse('a folder name is 1 to \(FavoriteFolder.nameMaxLength) characters on one line');
                    END IF;
                    IF NOT (coalesce(d ->> 'color', 'blue') = ANY (\(palette))) THEN PERFORM tern_refuse('unknown colour'); END IF;
                    IF NOT (coalesce(d ->> 'visibility', 'private') IN ('private', 'shared')) THEN
                        PERFORM tern_refuse('a folder is private or shared');
                    END IF;
                    IF NOT (coalesce(d ->> 'sort', 'newest') = ANY (\(sorts))) THEN PERFORM tern_refuse('unknown order'); END IF;
                    IF jsonb_typeof(coalesce(d -> 'manualOrder', '[]')) <> 'array' OR jsonb_array_length(coalesce(d -> 'manualOrder', '[]')) > 10000
                       OR EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(d -> 'manualOrder', '[]')) f WHERE NOT tern_is_text(f, 128, false)) THEN
                        PERFORM tern_refuse('a folder''s order is a list of place ids');
                    END IF;
                    fields := jsonb_build_object('id', to_jsonb(doc_id), 'name', d -> 'name', 'color', coalesce(d -> 'color', '"blue"'),
                        'visibility', coalesce(d -> 'visibility', '"private"'), 'sort', coalesce(d -> 'sort', '"newest"'),
                        'manualOrder', coalesce(d -> 'manualOrder', '[]'));
                    stamps := jsonb_build_object('createdAt', coalesce(old -> 'createdAt', to_jsonb(now_s)));
        """

    static var palette: String {
        "ARRAY[" + FavoriteColor.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ") + "]"
    }

    static var sorts: String {
        "ARRAY[" + FavoriteSort.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ") + "]"
    }

    /// Rows of other accounts' favorites an account may read.
    static let sharedReadable =
        "(parent = 'favorites/' || owner || '/folders' AND data ->> 'visibility' = 'shared')"
        + " OR (parent = 'favorites/' || owner || '/favorites' AND tern_in_shared_folder(owner, data -> 'folders'))"

    /// The function the policy calls; installed before the policies that name it.
    static func function(schema s: String, roles: ServerRoles) -> String {
        """
        CREATE OR REPLACE FUNCTION tern_in_shared_folder(account text, folder_ids jsonb)
        RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = \(s), pg_temp AS $$
            SELECT jsonb_typeof(folder_ids) = 'array' AND EXISTS (
                SELECT 1 FROM documents
                 WHERE parent = 'favorites/' || account || '/folders' AND data ->> 'visibility' = 'shared' AND folder_ids ? id)
        $$;
        ALTER FUNCTION tern_in_shared_folder(text, jsonb) OWNER TO \(roles.owner);
        REVOKE ALL ON FUNCTION tern_in_shared_folder(text, jsonb) FROM PUBLIC;
        GRANT EXECUTE ON FUNCTION tern_in_shared_folder(text, jsonb) TO \(roles.user);
        """
    }
}
