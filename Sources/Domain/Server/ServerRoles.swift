import DocStore
import Foundation
import Localization

/// The names of one Tern database's roles. PostgreSQL's roles belong to the whole cluster,
/// so each database (each schema `tern server init` sets up) draws a random namespace once,
/// records it in `tern_meta` (`role_namespace`) and names its group roles with it; its
/// account roles are `tern_<namespace>_<24 random hex digits>`, members of its own group
/// only. A member of one database is then nobody in another: it has no `CONNECT` there, no
/// privilege on the other schema, and the other's functions do not know its role.
/// The guest, `tern_guest`, is the one role every Tern database shares: it is public and
/// reads only what anyone may read.
public struct ServerRoles: Equatable, Sendable {
    /// 8 lowercase letters and digits.
    public let namespace: String

    /// Owns the tables and functions (no login, not BYPASSRLS).
    public var owner: String { "tern_\(namespace)_owner" }
    /// The group of this database's accounts (no login).
    public var user: String { "tern_\(namespace)_user" }
    /// The shared, public guest.
    public static let guest = "tern_guest"

    static let metaKey = "role_namespace"

    /// What the owner role's comment says: the database and schema the roles belong to.
    static func label(database: String, schema: String) -> String {
        "tern roles of database \(database), schema \(schema)"
    }

    /// `length` random lowercase letters and digits.
    static func randomName(length: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<length).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] })
    }

    /// The namespace `tern_meta` records, or a new one no role of the cluster uses; refuses
    /// (`42710`) when the recorded one's roles belong to another database or schema (a
    /// database copied from another one, say).
    static func of(_ connection: ServerConnection, database: String, schema: String) throws -> ServerRoles {
        if let recorded = try recordedNamespace(connection) {
            let roles = ServerRoles(namespace: recorded)
            let comment = try connection.value(
                "SELECT shobj_description(oid, 'pg_authid') FROM pg_roles WHERE rolname = $1", [roles.owner])
            let mine = label(database: database, schema: schema)
            if let comment, comment != mine {
                throw StoreError.backend(
                    file: connection.location,
                    message: tr(
                        .storeRolesOfOther,
                        [
                            "owner": roles.owner, "user": roles.user,
                            "other": comment.replacingOccurrences(of: "tern roles of ", with: ""), "key": metaKey,
                        ]), code: .sqlState("42710"))
            }
            return roles
        }
        while true {
            let roles = ServerRoles(namespace: randomName(length: 8))
            if try connection.value("SELECT 1 FROM pg_roles WHERE rolname IN ($1, $2)", [roles.owner, roles.user])
                == nil
            {
                return roles
            }
        }
    }

    /// The namespace of an initialised database; refuses one that `init` has not set up.
    static func recorded(_ connection: ServerConnection) throws -> ServerRoles {
        guard let namespace = try recordedNamespace(connection) else {
            throw StoreError.invalidArgument(tr(.storeNotSetUp, ["server": connection.location]))
        }
        return ServerRoles(namespace: namespace)
    }

    private static func recordedNamespace(_ connection: ServerConnection) throws -> String? {
        guard try connection.value("SELECT to_regclass('tern_meta') IS NOT NULL") == "t" else { return nil }
        return try connection.value("SELECT value FROM tern_meta WHERE key = $1", [metaKey])
    }
}
