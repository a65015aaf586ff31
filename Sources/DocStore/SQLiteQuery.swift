/// A `QuerySpec` translated to SQL over the `documents` table: fields are read with
/// `json_extract`, and the expression index that serves the query is named alongside.
struct SQLiteQuery {
    /// An expression index over (parent, filtered fields, ordered fields, id).
    struct Index {
        let name: String
        let createStatement: String
    }

    private(set) var whereClause = "parent = ?"
    private(set) var orderClause = ""
    private(set) var limitClause = ""
    /// Parameters of the WHERE clause, then of ORDER BY, then of LIMIT.
    private(set) var whereParameters: [SQLValue]
    private(set) var orderParameters: [SQLValue] = []
    private(set) var limitParameters: [SQLValue] = []
    private(set) var index: Index?
    /// The equality-filtered columns, and whether every column is written literally (an
    /// expression index can serve the query).
    private var equalityColumns: [String] = []
    private var indexable = true
    private let isRange: Bool

    var selectParameters: [SQLValue] { whereParameters + orderParameters + limitParameters }
    var countParameters: [SQLValue] { whereParameters + limitParameters }

    /// How the SQL reads the rows (`SQLiteBackend.Walk`).
    enum Reading {
        /// The collection's rows, through the index of its filters and order.
        case normal
        /// The rows of every collection, walked along an index of the order alone (partial: the
        /// rows holding the first ordered field), the caller testing each row's collection.
        case anyParent
        /// Through the filters' index, sorted after (`+` on each order term keeps SQLite from
        /// walking the order's index and filtering instead).
        case sortedAfter
    }

    /// The index of documents by id across collections, for `picksByID`: one range per id.
    static let byID = Index(
        name: "documents_by_id", createStatement: "CREATE INDEX IF NOT EXISTS documents_by_id ON documents (id, parent)"
    )

    /// Whether `query` picks documents by id among several collections and orders them by
    /// nothing else (a Following page's look-up of its posts' reposts: 25 ids among 200
    /// collections). Read along `documents_by_id`, each id is one index range and each row's
    /// collection a test (`+parent` keeps SQLite off the primary key), where the primary key
    /// (parent, id) would be sought once for every pair, 5,000 times.
    static func picksByID(_ query: QuerySpec) -> Bool {
        guard query.collections.count > 1, !query.orders.contains(where: { !$0.field.isDocumentID }) else {
            return false
        }
        return query.filters.contains { filter in
            if case .isIn(let field, let values) = filter { return field.isDocumentID && !values.isEmpty }
            return false
        }
    }

    init(_ query: QuerySpec, reading: Reading = .normal) throws {
        whereParameters = query.collections.map { .text($0.string) }
        let picksByID = Self.picksByID(query)
        if query.collections.count > 1 {
            whereClause =
                (picksByID ? "+parent" : "parent") + " IN ("
                + query.collections.map { _ in "?" }.joined(separator: ", ") + ")"
        }
        if reading == .anyParent {
            whereClause = "1"
            whereParameters = []
        }
        isRange = !query.orders.isEmpty || query.startAfter != nil
        var indexColumns: [String] = []
        var indexable = true
        defer {
            equalityColumns = indexColumns
            self.indexable = indexable
        }

        for filter in query.filters {
            switch filter {
            case .equal(let field, let value):
                let column = try Self.column(field)
                indexable = indexable && column.parameter == nil
                if !field.isDocumentID { indexColumns.append(column.sql) }
                if value != .null {
                    whereClause += " AND \(column.sql) = \(Self.placeholder(value))"
                    whereParameters += column.parameter.map { [$0] } ?? []
                    whereParameters.append(try Self.bind(value))
                }
                // SQL sees true as 1: the JSON type keeps booleans, numbers and null apart.
                if let types = Self.jsonTypes(of: value), !field.isDocumentID {
                    let type = try Self.typeExpression(field)
                    whereClause += " AND \(type.sql) IN (\(types))"
                    whereParameters += type.parameter.map { [$0] } ?? []
                }
            case .isIn(let field, let values):
                guard !values.isEmpty else {
                    whereClause += " AND 0"
                    continue
                }
                guard values.count <= 1000 else {
                    throw StoreError.invalidArgument("an in-filter takes at most 1000 values")
                }
                let column = try Self.column(field)
                indexable = indexable && column.parameter == nil
                if !field.isDocumentID { indexColumns.append(column.sql) }
                whereClause += " AND \(column.sql) IN (" + values.map(Self.placeholder).joined(separator: ", ") + ")"
                whereParameters += column.parameter.map { [$0] } ?? []
                whereParameters += try values.map(Self.bind)
            case .arrayContains(let field, let value):
                // json_each reads the array of each row the scan reaches; the order's index
                // bounds those rows (a page stops at its limit), and counts use `counts(by:)`.
                let path = try Self.jsonPath(field)
                let pathSQL = path.literal ? "'\(path.path)'" : "?"
                whereClause +=
                    " AND EXISTS (SELECT 1 FROM json_each(documents.data, \(pathSQL)) AS element"
                    + " WHERE element.value = ? AND element.type IN (\(Self.elementTypes(of: value)))"
                    // An element's key is its index: a scalar or an object field is not one.
                    + " AND typeof(element.key) = 'integer')"
                if !path.literal { whereParameters.append(.text(path.path)) }
                whereParameters.append(try Self.bind(value))
            }
        }

        var orders = query.orders
        if !orders.contains(where: { $0.field.isDocumentID }) {
            orders.append(.init(field: .documentID, descending: orders.last?.descending ?? false))
        }
        var orderTerms: [String] = []
        var orderColumns: [(sql: String, parameter: SQLValue?, descending: Bool)] = []
        for order in orders {
            let column = try Self.column(order.field)
            orderColumns.append((column.sql, column.parameter, order.descending))
            if !order.field.isDocumentID {
                indexable = indexable && column.parameter == nil
                whereClause += " AND \(column.sql) IS NOT NULL"
                whereParameters += column.parameter.map { [$0] } ?? []
            }
        }

        if let cursor = query.startAfter {
            var keys = Array(orderColumns.prefix(cursor.values.count))
            var values = cursor.values
            if let id = cursor.documentID, cursor.values.count == orderColumns.count - 1,
                let idColumn = orderColumns.last
            {
                keys.append(idColumn)
                values.append(.string(id))
            }
            guard !keys.isEmpty, keys.count == values.count else {
                throw StoreError.invalidArgument("a cursor needs one value per order-by field")
            }
            var (sql, cursorParameters) = try Self.after(keys: keys[...], values: values[...])
            if keys.count > 1 {
                // A redundant bound on the first key, which SQLite turns into an index range.
                let first = keys[0]
                sql = "\(first.sql) \(first.descending ? "<=" : ">=") \(Self.placeholder(values[0])) AND \(sql)"
                cursorParameters = (first.parameter.map { [$0] } ?? []) + [try Self.bind(values[0])] + cursorParameters
            }
            whereClause += " AND \(sql)"
            whereParameters += cursorParameters
        }

        for column in orderColumns {
            orderTerms.append((reading == .sortedAfter ? "+" : "") + column.sql + (column.descending ? " DESC" : ""))
        }
        orderClause = " ORDER BY " + orderTerms.joined(separator: ", ")
        orderParameters = orderColumns.compactMap(\.parameter)
        if let limit = query.limit {
            limitClause = " LIMIT ?"
            limitParameters = [.int(Int64(max(limit, 0)))]
        }

        let orderedByField = orderColumns.contains { $0.sql != "id" }
        if picksByID {
            index = Self.byID
        } else if indexable && (orderedByField || !indexColumns.isEmpty) {
            // The index lists the order-by columns (the id tie-break included) in the query's
            // directions, flipped so the first is ascending: SQLite scans it either way, and
            // a query and its reverse share one index.
            let flip = orderColumns.first?.descending ?? false
            let ordered = orderColumns.map { $0.sql + ($0.descending != flip ? " DESC" : "") }
            if reading == .anyParent, let first = orderColumns.first(where: { $0.sql != "id" }) {
                let columns = (indexColumns + ordered).joined(separator: ", ")
                let partial = " WHERE \(first.sql) IS NOT NULL"
                let name = "documents_by_" + Self.hash(columns + partial)
                index = Index(
                    name: name,
                    createStatement: "CREATE INDEX IF NOT EXISTS \(name) ON documents (\(columns))\(partial)")
            } else {
                let columns = (["parent"] + indexColumns + ordered).joined(separator: ", ")
                let name = "documents_by_" + Self.hash(columns)
                index = Index(
                    name: name, createStatement: "CREATE INDEX IF NOT EXISTS \(name) ON documents (\(columns))")
            }
        }
    }

    /// The SQL reading `field` as JSON text (`data -> '$.folders'`), and the index that
    /// lets a count grouped by it read only the index (nil when a range or a parameter
    /// path needs the documents anyway).
    func grouping(by field: FieldPath) throws -> (sql: String, parameter: SQLValue?, index: Index?) {
        let (sql, parameter) = try Self.jsonText(field)
        guard !field.isDocumentID, parameter == nil, indexable && !isRange else { return (sql, parameter, nil) }
        let columns = (["parent"] + equalityColumns + [sql]).joined(separator: ", ")
        let name = "documents_by_" + Self.hash(columns)
        return (
            sql, nil, Index(name: name, createStatement: "CREATE INDEX IF NOT EXISTS \(name) ON documents (\(columns))")
        )
    }

    /// The SQL reading `field` as JSON text (`(data -> '$.folders')`, the stored text of the
    /// value, a timestamp's `E` kept), with the path bound as a parameter when it cannot be
    /// written literally.
    static func jsonText(_ field: FieldPath) throws -> (sql: String, parameter: SQLValue?) {
        guard !field.isDocumentID else { return ("json_quote(id)", nil) }
        let path = try jsonPath(field)
        return path.literal ? ("(data -> '\(path.path)')", nil) : ("(data -> ?)", .text(path.path))
    }

    /// `field IN (...)` alone with its parameters: the test a walk along the order's index
    /// makes on each row it reads (`SQLiteBackend.Walk`).
    static func membership(_ field: FieldPath, _ values: [FieldValue]) throws -> (sql: String, parameters: [SQLValue]) {
        let column = try column(field)
        return (
            column.sql + " IN (" + values.map(placeholder).joined(separator: ", ") + ")",
            (column.parameter.map { [$0] } ?? []) + (try values.map(bind))
        )
    }

    /// `(k1 > v1 OR (k1 = v1 AND (k2 > v2 OR ...)))`, with `<` for descending keys.
    private static func after(
        keys: ArraySlice<(sql: String, parameter: SQLValue?, descending: Bool)>,
        values: ArraySlice<FieldValue>
    ) throws -> (String, [SQLValue]) {
        guard let key = keys.first, let value = values.first else { return ("1", []) }
        let op = key.descending ? "<" : ">"
        let bound = try bind(value)
        let ownParameters = key.parameter.map { [$0] } ?? []
        if keys.count == 1 {
            return ("\(key.sql) \(op) \(placeholder(value))", ownParameters + [bound])
        }
        let (rest, restParameters) = try after(keys: keys.dropFirst(), values: values.dropFirst())
        let sql = "(\(key.sql) \(op) \(placeholder(value)) OR (\(key.sql) = \(placeholder(value)) AND \(rest)))"
        return (sql, ownParameters + [bound] + ownParameters + [bound] + restParameters)
    }

    private static func isSimple(_ segment: String) -> Bool {
        guard let first = segment.unicodeScalars.first, first == "_" || (first.properties.isAlphabetic && first.isASCII)
        else {
            return false
        }
        return segment.unicodeScalars.allSatisfy {
            $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
        }
    }

    private static func jsonPath(_ field: FieldPath) throws -> (path: String, literal: Bool) {
        try field.validate()
        if field.segments.allSatisfy(isSimple) { return ("$." + field.segments.joined(separator: "."), true) }
        if field.segments.contains(where: { $0.contains("\"") }) {
            throw StoreError.invalidArgument("cannot query the field \"\(field.dotted)\": it contains a double quote")
        }
        return ("$" + field.segments.map { ".\"\($0)\"" }.joined(), false)
    }

    /// The SQL reading a field, with the JSON path bound as a parameter when it cannot be
    /// written literally (literal paths let SQLite match expression indexes).
    private static func column(_ field: FieldPath) throws -> (sql: String, parameter: SQLValue?) {
        if field.isDocumentID { return ("id", nil) }
        let path = try jsonPath(field)
        return path.literal ? ("json_extract(data, '\(path.path)')", nil) : ("json_extract(data, ?)", .text(path.path))
    }

    private static func typeExpression(_ field: FieldPath) throws -> (sql: String, parameter: SQLValue?) {
        let path = try jsonPath(field)
        return path.literal ? ("json_type(data, '\(path.path)')", nil) : ("json_type(data, ?)", .text(path.path))
    }

    /// The JSON types an equality on `value` must also check, when SQL alone would mix them up.
    private static func jsonTypes(of value: FieldValue) -> String? {
        switch value {
        case .null: return "'null'"
        case .bool: return "'true', 'false'"
        case .int, .double: return "'integer', 'real'"
        default: return nil
        }
    }

    /// The JSON types an array element equal to `value` may have.
    private static func elementTypes(of value: FieldValue) -> String {
        switch value {
        case .int, .double, .timestamp: return "'integer', 'real'"
        default: return jsonTypes(of: value) ?? "'text'"
        }
    }

    private static func placeholder(_ value: FieldValue) -> String {
        switch value {
        case .array, .map: return "json(?)"
        default: return "?"
        }
    }

    static func bind(_ value: FieldValue) throws -> SQLValue {
        switch value {
        case .null: return .null
        case .bool(let b): return .int(b ? 1 : 0)
        case .int(let i): return .int(i)
        case .double(let d): return .double(d)
        case .timestamp(let date): return .double(StorageJSON.seconds(date))
        case .string(let s): return .text(s)
        case .array, .map: return .text(try StorageJSON.encodeValue(value))
        }
    }

    private static func hash(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(h, radix: 16)
    }
}
