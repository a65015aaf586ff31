/// The PostgreSQL tables of the store as a list of migrations; `tern_meta.schema_version`
/// records how many ran. Documents keep their exact text (`doc`, so that integers, doubles
/// and timestamps come back as written) beside a generated `jsonb` copy that queries and
/// indexes read. What the documents mean (owners, rules, indexes for particular queries)
/// is added by whoever sets the database up, on top of these tables.
enum PostgresSchema {
    static let migrations: [String] = [
        """
        CREATE TABLE documents (
            parent text NOT NULL,
            id text NOT NULL,
            doc text NOT NULL,
            data jsonb GENERATED ALWAYS AS (doc::jsonb) STORED,
            PRIMARY KEY (parent, id)
        );
        CREATE TABLE protected_records (
            key text PRIMARY KEY,
            value bytea NOT NULL
        );
        """
    ]

    static var currentVersion: Int { migrations.count }
}
