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
    /// The parents an account writes under, besides `users` and `tweets`.
    static let ownParents = "'favorites/' || current_user || '/favorites', 'favorites/' || current_user || '/folders'"

    /// Rows of other accounts' favorites an account may read.
    static let sharedReadable = "(parent = 'favorites/' || owner || '/folders' AND data ->> 'visibility' = 'shared')"
        + " OR (parent = 'favorites/' || owner || '/favorites' AND tern_in_shared_folder(owner, data -> 'folders'))"

    /// The function the policy calls; installed before the policies that name it.
    static func function(schema s: String) -> String {
        """
        CREATE OR REPLACE FUNCTION tern_in_shared_folder(account text, folder_ids jsonb)
        RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = \(s), pg_temp AS $$
            SELECT jsonb_typeof(folder_ids) = 'array' AND EXISTS (
                SELECT 1 FROM documents
                 WHERE parent = 'favorites/' || account || '/folders' AND data ->> 'visibility' = 'shared' AND folder_ids ? id)
        $$;
        ALTER FUNCTION tern_in_shared_folder(text, jsonb) OWNER TO tern_owner;
        REVOKE ALL ON FUNCTION tern_in_shared_folder(text, jsonb) FROM PUBLIC;
        GRANT EXECUTE ON FUNCTION tern_in_shared_folder(text, jsonb) TO tern_user;
        """
    }
}
