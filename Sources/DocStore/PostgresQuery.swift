/// A `QuerySpec` translated to SQL over the PostgreSQL `documents` table: fields are read
/// from the `data` jsonb column, compared with jsonb values (so booleans, numbers and null
/// stay apart), and ordered by jsonb order with the id as the tie-break. A field the
/// database keeps a typed key column for (`KeyColumns`) is compared and ordered on that
/// column instead, whose operators PostgreSQL may use in an index under row-level security.
struct PostgresQuery {
    /// The collection test (`parent = $1`, or `parent IN (…)`).
    private(set) var collectionClause = "parent = $1"
    /// The other conditions, each starting with ` AND `.
    private(set) var filterClause = ""
    private(set) var orderClause = ""
    private(set) var limitClause = ""
    private(set) var parameters: [String?]
    /// Whether every ordered key is a plain column (a typed key or the id), so that the
    /// order can be written again over a subquery's columns (`walk`).
    private(set) var ordersByColumns = true
    private var limit: Int?
    private var orderColumns: [String] = []

    var whereClause: String { collectionClause + filterClause }

    init(_ query: QuerySpec, keyColumns: KeyColumns = .none) throws {
        parameters = [query.collection.string]
        if query.collections.count > 1 {
            parameters = []
            collectionClause = "parent IN (" + query.collections.map { add($0.string) }.joined(separator: ", ") + ")"
        }
        var whereClause = ""

        for filter in query.filters {
            switch filter {
            case .equal(let field, let value):
                if field.isDocumentID {
                    guard case .string(let id) = value else {
                        whereClause += " AND false"
                        continue
                    }
                    whereClause += " AND id = \(add(id))"
                } else if case .string(let text) = value, let key = keyColumns.column(field, .text) {
                    whereClause += " AND \(key) = \(add(text))"
                } else {
                    whereClause += " AND \(try Self.column(field)) = \(add(try StorageJSON.encodeValue(value)))::jsonb"
                }
            case .isIn(let field, let values):
                guard !values.isEmpty else {
                    whereClause += " AND false"
                    continue
                }
                guard values.count <= 1000 else {
                    throw StoreError.invalidArgument("an in-filter takes at most 1000 values")
                }
                if field.isDocumentID {
                    let ids = values.compactMap(\.stringValue)
                    guard !ids.isEmpty else {
                        whereClause += " AND false"
                        continue
                    }
                    whereClause += " AND id IN (" + ids.map { add($0) }.joined(separator: ", ") + ")"
                } else if let key = keyColumns.column(field, .text), values.allSatisfy({ $0.stringValue != nil }) {
                    whereClause +=
                        " AND \(key) IN (" + values.compactMap(\.stringValue).map { add($0) }.joined(separator: ", ")
                        + ")"
                } else {
                    let column = try Self.column(field)
                    whereClause +=
                        " AND \(column) IN ("
                        + (try values.map { "\(add(try StorageJSON.encodeValue($0)))::jsonb" }).joined(separator: ", ")
                        + ")"
                }
            case .arrayContains(let field, let value):
                // jsonb containment of a one-element array: a top-level element equal to the
                // value (numbers compare as numbers); a GIN index on the field can serve it.
                whereClause +=
                    " AND \(try Self.column(field)) @> \(add(try StorageJSON.encodeValue(.array([value]))))::jsonb"
            }
        }

        var orders = query.orders
        if !orders.contains(where: { $0.field.isDocumentID }) {
            orders.append(.init(field: .documentID, descending: orders.last?.descending ?? false))
        }
        // Each ordered field sorts as (is it not a number, its jsonb value): numbers (and
        // timestamps) first, then strings, as on the embedded store; jsonb alone would put
        // strings before numbers.
        var keys: [(sql: String, descending: Bool, kind: KeyKind)] = []
        let cursorValues = query.startAfter?.values ?? []
        for (index, order) in orders.enumerated() {
            if order.field.isDocumentID {
                keys.append(("id", order.descending, .id))
            } else if let key = keyColumns.column(order.field, .number),
                index >= cursorValues.count || Self.number(cursorValues[index]) != nil
            {
                // Numbers only: a document whose field is no number is left out, as a missing one is.
                keys.append((key, order.descending, .number))
                whereClause += " AND \(key) IS NOT NULL"
            } else {
                ordersByColumns = false
                let column = try Self.column(order.field)
                keys.append(("(jsonb_typeof(\(column)) <> 'number')", order.descending, .rank))
                keys.append((column, order.descending, .value))
                // A missing field, or a null one, leaves the document out, as in the embedded store.
                whereClause += " AND jsonb_typeof(\(column)) <> 'null'"
            }
        }

        if let cursor = query.startAfter {
            let fieldKeys = keys.filter { $0.kind != .rank }
            var values = cursor.values
            var count = cursor.values.count
            if let id = cursor.documentID, cursor.values.count == fieldKeys.count - 1 {
                values.append(.string(id))
                count += 1
            }
            guard count > 0, count <= fieldKeys.count, count == values.count else {
                throw StoreError.invalidArgument("a cursor needs one value per order-by field")
            }
            // Pair every key with its bound: a field's rank and value, or the id.
            var bounds: [(sql: String, descending: Bool, bound: String)] = []
            var remaining = values[...]
            for key in keys {
                guard let value = remaining.first else { break }
                switch key.kind {
                case .rank:
                    bounds.append(
                        (key.sql, key.descending, value.doubleValue != nil || value.dateValue != nil ? "false" : "true")
                    )
                case .value:
                    bounds.append((key.sql, key.descending, "\(add(try StorageJSON.encodeValue(value)))::jsonb"))
                    remaining = remaining.dropFirst()
                case .number:
                    bounds.append((key.sql, key.descending, "\(add(Self.number(value)?.description ?? "0"))::float8"))
                    remaining = remaining.dropFirst()
                case .id:
                    bounds.append((key.sql, key.descending, "\(add(value.stringValue ?? ""))::text"))
                    remaining = remaining.dropFirst()
                }
            }
            if let first = bounds.first, bounds.allSatisfy({ $0.descending == first.descending }) {
                // One row comparison, which a B-tree index turns into a range: a deep page
                // starts where the last one ended instead of skipping what came before.
                whereClause +=
                    " AND (" + bounds.map(\.sql).joined(separator: ", ") + ") \(first.descending ? "<" : ">") ("
                    + bounds.map(\.bound).joined(separator: ", ") + ")"
            } else {
                whereClause += " AND " + Self.after(bounds[...])
            }
        }

        filterClause = whereClause
        orderClause = " ORDER BY " + keys.map { $0.sql + ($0.descending ? " DESC" : "") }.joined(separator: ", ")
        orderColumns = keys.filter { $0.kind == .number }.map(\.sql)
        if let limit = query.limit {
            self.limit = max(limit, 0)
            limitClause = " LIMIT \(max(limit, 0))"
        }
    }

    /// A number key's value as the column holds it: a number, or a timestamp's seconds.
    private static func number(_ value: FieldValue) -> Double? {
        if let date = value.dateValue { return StorageJSON.seconds(date) }
        return value.doubleValue.flatMap { $0.isFinite ? $0 : nil }
    }

    /// The query over several collections read as a walk along the order's index: the first
    /// `bound` documents of every collection in order (an index range, whatever the
    /// collections), of which those in the query's collections are kept, up to the limit.
    /// When it returns the limit, those are the query's documents; when fewer, the walk may
    /// have stopped early and the query itself answers. Nil when the query reads one
    /// collection, has no limit, or orders by a field without a typed key column. (The
    /// planner cannot tell how many of a few hundred collections' rows an index of the
    /// order holds, so it reads them all and sorts; the walk reads a few times the page.)
    func walk(bound: Int, selecting columns: String) -> String? {
        guard collectionClause != "parent = $1", let limit, ordersByColumns, !orderColumns.isEmpty else { return nil }
        let inner = (["id", "doc", "parent"] + orderColumns).joined(separator: ", ")
        return "SELECT \(columns) FROM (SELECT \(inner) FROM documents WHERE true\(filterClause)\(orderClause) "
            + "LIMIT \(max(bound, limit))) AS walk WHERE \(collectionClause)\(orderClause) LIMIT \(limit)"
    }

    private mutating func add(_ value: String) -> String {
        parameters.append(value)
        return "$\(parameters.count)"
    }

    enum KeyKind { case rank, value, number, id }

    /// `(k1 > v1 OR (k1 = v1 AND (k2 > v2 OR ...)))`, with `<` for descending keys.
    private static func after(_ keys: ArraySlice<(sql: String, descending: Bool, bound: String)>) -> String {
        guard let key = keys.first else { return "true" }
        let op = key.descending ? "<" : ">"
        if keys.count == 1 { return "\(key.sql) \(op) \(key.bound)" }
        return "(\(key.sql) \(op) \(key.bound) OR (\(key.sql) = \(key.bound) AND \(after(keys.dropFirst()))))"
    }

    /// The SQL reading a field: `data -> 'name'`, or `data #> '{a,b}'` for a nested one,
    /// written literally so that expression indexes can match it.
    /// `of`: the column read (`data`, or a `json` one for `values(of:)`).
    static func column(_ field: FieldPath, of column: String = "data") throws -> String {
        try field.validate()
        if field.segments.count == 1 { return "(\(column) -> \(PostgresConnection.literal(field.segments[0])))" }
        return "(\(column) #> ARRAY[" + field.segments.map(PostgresConnection.literal).joined(separator: ", ") + "])"
    }
}

/// The typed key columns the database keeps beside `data`, found by name when the store
/// connects: a column `"key:FIELD"` of type `double precision` holds the top-level field
/// FIELD when it is a number or a timestamp (NULL otherwise), one of type `text` holds it
/// when it is a string. Whoever sets the database up generates them from the document;
/// their operators are leakproof, so that under row-level security PostgreSQL may still
/// search their indexes (it may not with jsonb's), and a query on FIELD uses them.
struct KeyColumns: Equatable, Sendable {
    enum Kind: Equatable, Sendable { case number, text }

    private(set) var fields: [String: Kind] = [:]

    static let none = KeyColumns()
    static let prefix = "key:"

    init(_ fields: [String: Kind] = [:]) { self.fields = fields }

    /// From `(column name, type)` rows of the table's columns; other columns are ignored.
    init(columns: [(name: String, type: String)]) {
        for column in columns where column.name.hasPrefix(Self.prefix) {
            let field = String(column.name.dropFirst(Self.prefix.count))
            switch column.type {
            case "double precision": fields[field] = .number
            case "text": fields[field] = .text
            default: continue
            }
        }
    }

    /// The quoted column of a top-level field, when there is one of that kind.
    func column(_ field: FieldPath, _ kind: Kind) -> String? {
        guard !field.isDocumentID, field.segments.count == 1, fields[field.segments[0]] == kind else { return nil }
        return PostgresConnection.identifier(Self.prefix + field.segments[0])
    }

    /// The query reading a table's key columns (name and type), one row each.
    static let catalogQuery = """
        SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute
         WHERE attrelid = to_regclass('documents') AND attnum > 0 AND NOT attisdropped AND attname LIKE 'key:%'
        """
}
