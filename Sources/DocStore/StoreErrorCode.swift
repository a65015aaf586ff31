import Localization

/// The database engine's own code for a failure, so that callers decide by code, never by
/// the wording of a message (which changes with versions and locales).
public enum StoreErrorCode: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// No engine code: a failure found by the store itself.
    case none
    /// An SQLite extended result code (`SQLITE_BUSY` is 5, `SQLITE_CONSTRAINT_UNIQUE` 2067, …).
    case sqlite(Int32)
    /// A PostgreSQL SQLSTATE (`23505` unique violation, `42501` insufficient privilege, …).
    case sqlState(String)
    /// No answer from the server: the network, or the server itself, is down (libpq gives
    /// no SQLSTATE for a connection that could not be made or was lost).
    case unreachable

    /// A uniqueness constraint refused the write.
    public var isUniqueViolation: Bool { self == .sqlState("23505") || self == .sqlite(2067) || self == .sqlite(1555) }

    /// The server's rules refused the write or read (privileges, row-level security, a
    /// rule raised by a function or trigger).
    public var isRefusedByRules: Bool {
        guard case .sqlState(let state) = self else { return false }
        return state == "42501" || state.hasPrefix("P0") || state.hasPrefix("22") || state.hasPrefix("23")
    }

    /// The server could not be reached or the connection broke (`unreachable`, class `08`
    /// connection exceptions, `57P01`/`57P03` a server shutting down or starting): trying
    /// again later may succeed, and nothing the server's rules decided is in it. Not
    /// `08P01`, a protocol violation: something answered, but not as PostgreSQL does.
    public var isUnreachable: Bool {
        if self == .unreachable { return true }
        guard case .sqlState(let state) = self else { return false }
        return (state.hasPrefix("08") && state != "08P01") || state == "57P01" || state == "57P03"
    }

    /// The server did not accept the password (or the role may not log in).
    public var isAuthenticationFailure: Bool { self == .sqlState("28P01") || self == .sqlState("28000") }

    /// A statement or lock wait ran past its timeout (`57014`, `55P03`), or the server is
    /// out of connections (`53300`).
    public var isTimeoutOrBusy: Bool {
        self == .sqlState("57014") || self == .sqlState("55P03") || self == .sqlState("53300")
            || self == .sqlState("25P03")
            || self == .sqlite(5) || self == .sqlite(6)
    }

    /// Two SERIALIZABLE transactions conflicted (`40001`) or deadlocked (`40P01`): running
    /// the loser again succeeds.
    public var isSerializationConflict: Bool { self == .sqlState("40001") || self == .sqlState("40P01") }

    public var description: String {
        switch self {
        case .none: "none"
        case .sqlite(let code): "SQLite \(code)"
        case .sqlState(let state): "SQLSTATE \(state)"
        case .unreachable: "unreachable"
        }
    }

    /// The engine's own `message` for a person: as the engine said it in English; in
    /// another language the catalogue's line for the class of this code, with the code
    /// (engines speak only English).
    public func explained(_ message: String) -> String {
        // Without a code the message is Tern's own (already in the run's language).
        guard self != .none else { return message }
        return tr(textKey, ["engine": message, "code": description])
    }

    /// The catalogue line of this code's class of failure.
    public var textKey: TextKey {
        switch self {
        case _ where isUnreachable: return .engineUnreachable
        // Out of connections (the server's `max_connections`, or the role's limit): said as such.
        case .sqlState("53300"): return .engineServerFull
        case _ where isAuthenticationFailure: return .engineAuthentication
        case _ where isUniqueViolation: return .engineUniqueViolation
        case _ where isRefusedByRules: return .engineRefusedByRules
        case _ where isTimeoutOrBusy: return .engineBusy
        case _ where isSerializationConflict: return .engineConflict
        case .sqlite(let code):
            // SQLite's primary result codes: CANTOPEN 14, NOTADB 26, CORRUPT 11, READONLY 8,
            // PERM 3, FULL 13, IOERR 10.
            switch code & 0xFF {
            case 14: return .engineCannotOpenFile
            case 26, 11: return .engineCorrupt
            case 8, 3: return .engineReadOnly
            case 13: return .engineDiskFull
            case 10: return .engineIO
            default: return .engineOther
            }
        default: return .engineOther
        }
    }
}
