import Localization

/// Everything the store can refuse or fail at. Each description is one line; failures of
/// the database engine also carry its code (`StoreErrorCode`), which is what callers match.
public enum StoreError: Error, CustomStringConvertible, Equatable {
    /// A collection or document path that does not have the right shape.
    case invalidPath(String, reason: String)
    /// A field path or query that cannot be expressed.
    case invalidArgument(String)
    /// `updateData` (or a transaction update) on a document that does not exist.
    case notFound(String)
    /// The file exists but is not a Tern database; nothing was written to it.
    case notADatabase(file: String, detail: String)
    /// The file was written by a newer Tern; nothing was written to it.
    case newerSchema(file: String, found: Int, known: Int)
    /// The file cannot be opened at all (permissions, a directory, a missing parent).
    case cannotOpen(file: String, reason: String, code: StoreErrorCode = .none)
    /// The database engine failed (or the server's rules refused), with the engine's code.
    case backend(file: String, message: String, code: StoreErrorCode = .none)
    /// A value could not be converted to or from a Swift type.
    case coding(String)
    /// The store was used after `close()`.
    case closed

    /// The engine's code, `.none` for failures the store found itself.
    public var code: StoreErrorCode {
        switch self {
        case .cannotOpen(_, _, let code), .backend(_, _, let code): code
        default: .none
        }
    }

    /// The catalogue line of this error, in the run's language.
    public var textKey: TextKey {
        switch self {
        case .invalidPath: .errorStoreInvalidPath
        case .invalidArgument: .errorStoreInvalidArgument
        case .notFound: .errorStoreNotFound
        case .notADatabase: .errorStoreNotADatabase
        case .newerSchema: .errorStoreNewerSchema
        case .cannotOpen: .errorStoreCannotOpen
        case .backend: .errorStoreBackend
        case .coding: .errorStoreCoding
        case .closed: .errorStoreClosed
        }
    }

    public var description: String {
        let text: String
        switch self {
        case .invalidPath(let path, let reason): text = tr(textKey, ["path": path, "reason": reason])
        // Its text is already a line: a catalogue line where a person can meet it, else a
        // program's mistake, kept as the program said it.
        case .invalidArgument(let message): text = tr(textKey, ["message": message])
        case .notFound(let path): text = tr(textKey, ["path": path])
        case .notADatabase(let file, let detail): text = tr(textKey, ["file": file, "detail": detail])
        case .newerSchema(let file, let found, let known):
            text = tr(textKey, ["file": file, "found": String(found), "known": String(known)])
        case .cannotOpen(let file, let reason, _): text = tr(textKey, ["file": Self.shown(file), "reason": reason])
        case .backend(let file, let message, _): text = tr(textKey, ["file": Self.shown(file), "message": message])
        case .coding(let message): text = tr(textKey, ["message": message])
        case .closed: text = tr(textKey)
        }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// A server's URL as an error line names it (`PostgresBackend.forMessages`); a file as it is.
    static func shown(_ file: String) -> String {
        PostgresBackend.isServerURL(file) ? PostgresBackend.forMessages(file) : file
    }
}
