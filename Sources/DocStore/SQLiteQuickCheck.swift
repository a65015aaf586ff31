import CSQLite
import Localization

/// The check a connection runs once before its first write, so that a damaged page Tern
/// has not read yet stops the write instead of having more written around it.
///
/// `PRAGMA quick_check` reads every page, so its cost grows with the file: it runs only on
/// files up to `byteLimit` (a fraction of a second); larger files rely on
/// `cell_size_check`, and `tern doctor` runs the full `integrity_check` on any size.
enum SQLiteQuickCheck {
    static let byteLimit: Int64 = 64 * 1024 * 1024

    /// Throws `SQLITE_CORRUPT` naming the first problem when the check fails.
    static func run(on connection: SQLiteConnection, file: String) throws {
        let pages = try connection.scalarInt("PRAGMA page_count")
        let pageSize = try connection.scalarInt("PRAGMA page_size")
        guard pages * pageSize <= byteLimit else { return }
        let problems = try connection.query("PRAGMA quick_check(1)", cache: false).compactMap { row -> String? in
            guard case .text(let line)? = row.first, line != "ok" else { return nil }
            return line
        }
        if let first = problems.first { throw SQLiteFailure(code: SQLITE_CORRUPT, message: first) }
    }

    /// The one line for a damaged file: what SQLite found, and what to do.
    static func damaged(_ detail: String) -> String {
        tr(.storeDamaged, ["detail": detail])
    }
}
