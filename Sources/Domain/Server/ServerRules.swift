import DocStore
import PlainText

/// What `tern server init` needs besides its SQL files (`Resources/server/*.sql`, applied by
/// `ServerScripts`, which say what the server enforces): the rules' version, the guest's
/// public name and password, and the values filled into the files, the client's own limits
/// among them.
enum ServerRules {
    static let version = 16

    /// The guest role and its password, which is public: the role can read only what any
    /// person may read signed out.
    static let guestRole = "tern_guest"
    static let guestPassword = "tern_guest"

    /// A regular-expression class of the characters no stored text may hold (SafeText's),
    /// with or without the newline.
    static func unsafeClass(allowNewline: Bool) -> String {
        var ranges = SafeText.unsafeRanges.map { ($0.lowerBound, $0.upperBound) }
        ranges = ranges.flatMap { range -> [(UInt32, UInt32)] in
            guard allowNewline, range.0 <= 0x0A, 0x0A <= range.1 else { return [range] }
            return [(range.0, 0x09), (0x0B, range.1)].filter { $0.0 <= $0.1 }
        }
        // NUL cannot be stored in PostgreSQL text, and cannot appear in a class.
        let parts = ranges.map { (max($0.0, 1), $0.1) }.map { low, high in
            low == high ? String(format: "\\u%04x", low) : String(format: "\\u%04x-\\u%04x", low, high)
        }
        return "[" + parts.joined() + "]"
    }

    /// The values `ServerScripts` fills into the SQL files for the current schema
    /// (`schema`, already in the search path); `guestVerifier` is the SCRAM verifier of
    /// `guestPassword`, set on a new guest role. The limits are the client's own, so that the
    /// server refuses exactly what the client would not write.
    static func values(schema: String, database: String, roles: ServerRoles, guestVerifier: String) -> [String: String]
    {
        let label = ServerConnection.literal(ServerRoles.label(database: database, schema: schema))
        return [
            "schema": ServerConnection.identifier(schema), "database": ServerConnection.identifier(database),
            "owner": roles.owner, "user": roles.user, "namespace": roles.namespace, "roles_label": label,
            "guest_verifier": ServerConnection.literal(guestVerifier), "rules_version": String(version),
            "post_max": String(Validation.postMaxLength), "display_name_max": String(Validation.displayNameMaxLength),
            "bio_max": String(Validation.bioMaxLength), "memo_max": String(FavoriteText.memoMaxLength),
            "folder_name_max": String(FavoriteFolder.nameMaxLength),
            "avatar_max": String(Validation.avatarMaxLength), "avatar_side": String(Validation.avatarSide),
            "colors": array(FavoriteColor.allCases.map(\.rawValue)),
            "sorts": array(FavoriteSort.allCases.map(\.rawValue)),
            "unsafe_line": unsafeClass(allowNewline: false), "unsafe_text": unsafeClass(allowNewline: true),
            "combining_marks": combiningMarkClass, "max_marks": String(SafeText.maxCombiningMarks),
        ]
    }

    /// A regular-expression class of the scalars that extend the character before them
    /// (`SafeText.isCombiningMark`), worked out once from Unicode's properties.
    static let combiningMarkClass: String = {
        var ranges: [(UInt32, UInt32)] = []
        for value in UInt32(0x300)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), SafeText.isCombiningMark(scalar) else { continue }
            if let last = ranges.last, last.1 + 1 == value {
                ranges[ranges.count - 1].1 = value
            } else {
                ranges.append((value, value))
            }
        }
        func escaped(_ value: UInt32) -> String {
            value <= 0xFFFF ? String(format: "\\u%04x", value) : String(format: "\\U%08x", value)
        }
        return "[" + ranges.map { $0.0 == $0.1 ? escaped($0.0) : escaped($0.0) + "-" + escaped($0.1) }.joined() + "]"
    }()

    /// The names of the values (what the files may name).
    static var valueNames: Set<String> {
        Set(values(schema: "", database: "", roles: ServerRoles(namespace: ""), guestVerifier: "").keys)
    }

    /// `words` as an SQL array of text literals.
    static func array(_ words: [String]) -> String {
        "ARRAY[" + words.map(ServerConnection.literal).joined(separator: ", ") + "]"
    }
}
