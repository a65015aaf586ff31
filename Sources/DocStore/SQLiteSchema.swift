/// The SQLite schema as a list of migrations; `PRAGMA user_version` records how many ran.
enum SQLiteSchema {
    static let migrations: [String] = [
        """
        CREATE TABLE documents (
            parent TEXT NOT NULL,
            id TEXT NOT NULL,
            data TEXT NOT NULL,
            PRIMARY KEY (parent, id)
        );
        CREATE TABLE protected_records (
            key TEXT PRIMARY KEY NOT NULL,
            value BLOB NOT NULL
        );
        """
    ]

    static var currentVersion: Int { migrations.count }
}
