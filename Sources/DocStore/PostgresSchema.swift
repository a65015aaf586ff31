/// The PostgreSQL schema as a list of migrations; `tern_meta.schema_version` records how
/// many ran. Documents keep their exact text (`doc`, so that integers, doubles and
/// timestamps come back as written) beside a generated `jsonb` copy that queries and
/// indexes read, and an `owner` generated from the path that row-level security checks.
enum PostgresSchema {
    static let migrations: [String] = [
        """
        CREATE TABLE documents (
            parent text NOT NULL,
            id text NOT NULL,
            doc text NOT NULL,
            data jsonb GENERATED ALWAYS AS (doc::jsonb) STORED,
            owner text GENERATED ALWAYS AS (CASE
                WHEN parent = 'users' THEN id
                WHEN parent = 'tweets' THEN (doc::jsonb) ->> 'uid'
                WHEN parent LIKE '%/%' THEN split_part(parent, '/', 2)
            END) STORED,
            PRIMARY KEY (parent, id)
        );
        CREATE INDEX documents_by_timestamp ON documents (parent, (jsonb_typeof(data -> 'timestamp') <> 'number'), (data -> 'timestamp'), id);
        CREATE INDEX documents_by_liked_at ON documents (parent, (jsonb_typeof(data -> 'likedAt') <> 'number'), (data -> 'likedAt'), id);
        CREATE INDEX documents_by_saved_at ON documents (parent, (jsonb_typeof(data -> 'savedAt') <> 'number'), (data -> 'savedAt'), id);
        CREATE INDEX documents_by_uid ON documents (parent, (data -> 'uid'), (jsonb_typeof(data -> 'timestamp') <> 'number'), (data -> 'timestamp'), id);
        CREATE TABLE protected_records (
            key text PRIMARY KEY,
            value bytea NOT NULL
        );
        """,
    ]

    static var currentVersion: Int { migrations.count }

    /// A number every Tern writer locks for the length of its transaction, so that writers
    /// wait for each other as they do on the embedded store.
    static let writerLock: Int64 = 0x7465_726e_0001
}
