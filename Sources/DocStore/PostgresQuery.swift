/// A `QuerySpec` translated to SQL over the PostgreSQL `documents` table: fields are read
/// from the `data` jsonb column, compared with jsonb values (so booleans, numbers and null
/// stay apart), and ordered by jsonb order with the id as the tie-break.
struct PostgresQuery {
    private(set) var whereClause = "parent = $1"
    private(set) var orderClause = ""
    private(set) var limitClause = ""
    private(set) var parameters: [String?]

    init(_ query: QuerySpec) throws {
        parameters = [query.collection.string]
        if query.collections.count > 1 {
            parameters = []
            whereClause = "parent IN (" + query.collections.map { add($0.string) }.joined(separator: ", ") + ")"
        }

        for filter in query.filters {
            switch filter {
            case .equal(let field, let value):
                if field.isDocumentID {
                    guard case .string(let id) = value else {
                        whereClause += " AND false"
                        continue
                    }
                    whereClause += " AND id = \(add(id))"
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
        for order in orders {
            if order.field.isDocumentID {
                keys.append(("id", order.descending, .id))
            } else {
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

        orderClause = " ORDER BY " + keys.map { $0.sql + ($0.descending ? " DESC" : "") }.joined(separator: ", ")
        if let limit = query.limit {
            limitClause = " LIMIT \(max(limit, 0))"
        }
    }

    private mutating func add(_ value: String) -> String {
        parameters.append(value)
        return "$\(parameters.count)"
    }

    enum KeyKind { case rank, value, id }

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
