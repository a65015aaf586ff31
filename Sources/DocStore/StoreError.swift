/// Everything the store can refuse or fail at. Each description is one line.
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
    case cannotOpen(file: String, reason: String)
    /// The database engine failed.
    case backend(file: String, message: String)
    /// A value could not be converted to or from a Swift type.
    case coding(String)
    /// The store was used after `close()`.
    case closed

    public var description: String {
        let text: String
        switch self {
        case .invalidPath(let path, let reason): text = "invalid path \"\(path)\": \(reason)"
        case .invalidArgument(let message): text = message
        case .notFound(let path): text = "no document at \(path)"
        case .notADatabase(let file, let detail): text = "\(file): not a Tern database (\(detail))"
        case .newerSchema(let file, let found, let known):
            text = "\(file): written by a newer Tern (schema \(found), this build knows \(known))"
        case .cannotOpen(let file, let reason): text = "\(file): cannot open (\(reason))"
        case .backend(let file, let message): text = "\(file): \(message)"
        case .coding(let message): text = "cannot convert value: \(message)"
        case .closed: text = "the store is closed"
        }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
