import CLibPQ
import LibraryLoading
import Localization

/// libpq's functions, loaded with `dlopen` the first time a team server is used: linking it
/// would load libpq and its Kerberos, LDAP and GnuTLS chain at every start of Tern, which an
/// embedded store never needs. The free functions below keep libpq's names, so the calls
/// in `PostgresConnection` read as libpq's own; they shadow the declarations of the
/// `CLibPQ` header, whose module map links nothing.
struct LibPQ {
    let PQstatus: @convention(c) (OpaquePointer?) -> ConnStatusType
    let PQerrorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let PQfinish: @convention(c) (OpaquePointer?) -> Void
    let PQsetErrorVerbosity: @convention(c) (OpaquePointer?, PGVerbosity) -> PGVerbosity
    let PQconnectStartParams:
        @convention(c) (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?, Int32) ->
            OpaquePointer?
    let PQsocket: @convention(c) (OpaquePointer?) -> Int32
    let PQconnectionNeedsPassword: @convention(c) (OpaquePointer?) -> Int32
    let PQconnectPoll: @convention(c) (OpaquePointer?) -> PostgresPollingStatusType
    let PQsetNoticeProcessor:
        @convention(c) (OpaquePointer?, PQnoticeProcessor?, UnsafeMutableRawPointer?) -> PQnoticeProcessor?
    let PQbackendPID: @convention(c) (OpaquePointer?) -> Int32
    let PQreset: @convention(c) (OpaquePointer?) -> Void
    let PQexecParams:
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?,
            UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
        ) -> OpaquePointer?
    let PQexec: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    let PQclear: @convention(c) (OpaquePointer?) -> Void
    let PQresultStatus: @convention(c) (OpaquePointer?) -> ExecStatusType
    let PQntuples: @convention(c) (OpaquePointer?) -> Int32
    let PQnfields: @convention(c) (OpaquePointer?) -> Int32
    let PQgetisnull: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    let PQgetvalue: @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
    let PQresultErrorField: @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    let PQconsumeInput: @convention(c) (OpaquePointer?) -> Int32
    let PQnotifies: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<PGnotify>?
    let PQfreemem: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let PQencryptPasswordConn:
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) ->
            UnsafeMutablePointer<CChar>?
    let PQconninfoParse:
        @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) ->
            UnsafeMutablePointer<PQconninfoOption>?
    let PQconninfoFree: @convention(c) (UnsafeMutablePointer<PQconninfoOption>?) -> Void
    let PQenterPipelineMode: @convention(c) (OpaquePointer?) -> Int32
    let PQexitPipelineMode: @convention(c) (OpaquePointer?) -> Int32
    let PQpipelineSync: @convention(c) (OpaquePointer?) -> Int32
    let PQsendQueryParams:
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?,
            UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
        ) -> Int32
    let PQgetResult: @convention(c) (OpaquePointer?) -> OpaquePointer?

    private init(_ library: DynamicLibrary) throws(DynamicLibraryFailure) {
        PQstatus = try library.function("PQstatus", as: type(of: PQstatus))
        PQerrorMessage = try library.function("PQerrorMessage", as: type(of: PQerrorMessage))
        PQfinish = try library.function("PQfinish", as: type(of: PQfinish))
        PQsetErrorVerbosity = try library.function("PQsetErrorVerbosity", as: type(of: PQsetErrorVerbosity))
        PQconnectStartParams = try library.function("PQconnectStartParams", as: type(of: PQconnectStartParams))
        PQsocket = try library.function("PQsocket", as: type(of: PQsocket))
        PQconnectionNeedsPassword = try library.function(
            "PQconnectionNeedsPassword", as: type(of: PQconnectionNeedsPassword))
        PQconnectPoll = try library.function("PQconnectPoll", as: type(of: PQconnectPoll))
        PQsetNoticeProcessor = try library.function("PQsetNoticeProcessor", as: type(of: PQsetNoticeProcessor))
        PQbackendPID = try library.function("PQbackendPID", as: type(of: PQbackendPID))
        PQreset = try library.function("PQreset", as: type(of: PQreset))
        PQexecParams = try library.function("PQexecParams", as: type(of: PQexecParams))
        PQexec = try library.function("PQexec", as: type(of: PQexec))
        PQclear = try library.function("PQclear", as: type(of: PQclear))
        PQresultStatus = try library.function("PQresultStatus", as: type(of: PQresultStatus))
        PQntuples = try library.function("PQntuples", as: type(of: PQntuples))
        PQnfields = try library.function("PQnfields", as: type(of: PQnfields))
        PQgetisnull = try library.function("PQgetisnull", as: type(of: PQgetisnull))
        PQgetvalue = try library.function("PQgetvalue", as: type(of: PQgetvalue))
        PQresultErrorField = try library.function("PQresultErrorField", as: type(of: PQresultErrorField))
        PQconsumeInput = try library.function("PQconsumeInput", as: type(of: PQconsumeInput))
        PQnotifies = try library.function("PQnotifies", as: type(of: PQnotifies))
        PQfreemem = try library.function("PQfreemem", as: type(of: PQfreemem))
        PQencryptPasswordConn = try library.function("PQencryptPasswordConn", as: type(of: PQencryptPasswordConn))
        PQconninfoParse = try library.function("PQconninfoParse", as: type(of: PQconninfoParse))
        PQconninfoFree = try library.function("PQconninfoFree", as: type(of: PQconninfoFree))
        PQenterPipelineMode = try library.function("PQenterPipelineMode", as: type(of: PQenterPipelineMode))
        PQexitPipelineMode = try library.function("PQexitPipelineMode", as: type(of: PQexitPipelineMode))
        PQpipelineSync = try library.function("PQpipelineSync", as: type(of: PQpipelineSync))
        PQsendQueryParams = try library.function("PQsendQueryParams", as: type(of: PQsendQueryParams))
        PQgetResult = try library.function("PQgetResult", as: type(of: PQgetResult))
    }

    /// The library, opened once (a Swift global is initialised once, thread-safely).
    private static let loaded: Result<LibPQ, DynamicLibraryFailure> = Result { () throws(DynamicLibraryFailure) in
        try LibPQ(DynamicLibrary.open(["libpq.so.5"], purpose: tr(.libraryForServer), package: "libpq5"))
    }

    /// Loads libpq, or throws one line naming it; every way into libpq (a connection, parsing
    /// an address) calls this first, so the functions below are never reached without it.
    static func require() throws(PostgresFailure) {
        if case .failure(let failure) = loaded {
            throw PostgresFailure(message: failure.message, sqlState: nil, connectionLost: false)
        }
    }

    /// The loaded functions; `require()` has succeeded before any call reaches here.
    fileprivate static var api: LibPQ {
        guard case .success(let api) = loaded else { preconditionFailure("libpq called before LibPQ.require()") }
        return api
    }
}

func PQstatus(_ conn: OpaquePointer?) -> ConnStatusType { LibPQ.api.PQstatus(conn) }
func PQerrorMessage(_ conn: OpaquePointer?) -> UnsafeMutablePointer<CChar>! { LibPQ.api.PQerrorMessage(conn) }
func PQfinish(_ conn: OpaquePointer?) { LibPQ.api.PQfinish(conn) }
@discardableResult
func PQsetErrorVerbosity(_ conn: OpaquePointer?, _ verbosity: PGVerbosity) -> PGVerbosity {
    LibPQ.api.PQsetErrorVerbosity(conn, verbosity)
}
func PQconnectStartParams(
    _ keywords: UnsafePointer<UnsafePointer<CChar>?>?, _ values: UnsafePointer<UnsafePointer<CChar>?>?,
    _ expandDBName: Int32
) -> OpaquePointer! {
    LibPQ.api.PQconnectStartParams(keywords, values, expandDBName)
}
func PQsocket(_ conn: OpaquePointer?) -> Int32 { LibPQ.api.PQsocket(conn) }
func PQconnectionNeedsPassword(_ conn: OpaquePointer?) -> Int32 { LibPQ.api.PQconnectionNeedsPassword(conn) }
func PQconnectPoll(_ conn: OpaquePointer?) -> PostgresPollingStatusType { LibPQ.api.PQconnectPoll(conn) }
@discardableResult
func PQsetNoticeProcessor(_ conn: OpaquePointer?, _ processor: PQnoticeProcessor?, _ argument: UnsafeMutableRawPointer?)
    -> PQnoticeProcessor?
{
    LibPQ.api.PQsetNoticeProcessor(conn, processor, argument)
}
func PQbackendPID(_ conn: OpaquePointer?) -> Int32 { LibPQ.api.PQbackendPID(conn) }
func PQreset(_ conn: OpaquePointer?) { LibPQ.api.PQreset(conn) }
func PQexecParams(
    _ conn: OpaquePointer?, _ command: UnsafePointer<CChar>?, _ count: Int32, _ types: UnsafePointer<Oid>?,
    _ values: UnsafePointer<UnsafePointer<CChar>?>?, _ lengths: UnsafePointer<Int32>?, _ formats: UnsafePointer<Int32>?,
    _ resultFormat: Int32
) -> OpaquePointer! {
    LibPQ.api.PQexecParams(conn, command, count, types, values, lengths, formats, resultFormat)
}
func PQexec(_ conn: OpaquePointer?, _ command: UnsafePointer<CChar>?) -> OpaquePointer! {
    LibPQ.api.PQexec(conn, command)
}
func PQclear(_ result: OpaquePointer?) { LibPQ.api.PQclear(result) }
func PQresultStatus(_ result: OpaquePointer?) -> ExecStatusType { LibPQ.api.PQresultStatus(result) }
func PQntuples(_ result: OpaquePointer?) -> Int32 { LibPQ.api.PQntuples(result) }
func PQnfields(_ result: OpaquePointer?) -> Int32 { LibPQ.api.PQnfields(result) }
func PQgetisnull(_ result: OpaquePointer?, _ row: Int32, _ column: Int32) -> Int32 {
    LibPQ.api.PQgetisnull(result, row, column)
}
func PQgetvalue(_ result: OpaquePointer?, _ row: Int32, _ column: Int32) -> UnsafeMutablePointer<CChar>! {
    LibPQ.api.PQgetvalue(result, row, column)
}
func PQresultErrorField(_ result: OpaquePointer?, _ field: Int32) -> UnsafeMutablePointer<CChar>! {
    LibPQ.api.PQresultErrorField(result, field)
}
func PQconsumeInput(_ conn: OpaquePointer?) -> Int32 { LibPQ.api.PQconsumeInput(conn) }
func PQnotifies(_ conn: OpaquePointer?) -> UnsafeMutablePointer<PGnotify>! { LibPQ.api.PQnotifies(conn) }
func PQfreemem(_ pointer: UnsafeMutableRawPointer?) { LibPQ.api.PQfreemem(pointer) }
func PQencryptPasswordConn(
    _ conn: OpaquePointer?, _ password: UnsafePointer<CChar>?, _ user: UnsafePointer<CChar>?,
    _ algorithm: UnsafePointer<CChar>?
) -> UnsafeMutablePointer<CChar>! {
    LibPQ.api.PQencryptPasswordConn(conn, password, user, algorithm)
}
func PQconninfoParse(_ text: UnsafePointer<CChar>?, _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?)
    -> UnsafeMutablePointer<PQconninfoOption>!
{
    LibPQ.api.PQconninfoParse(text, message)
}
func PQconninfoFree(_ options: UnsafeMutablePointer<PQconninfoOption>?) { LibPQ.api.PQconninfoFree(options) }
func PQenterPipelineMode(_ conn: OpaquePointer?) -> Int32 { LibPQ.api.PQenterPipelineMode(conn) }
func PQexitPipelineMode(_ conn: OpaquePointer?) -> Int32 { LibPQ.api.PQexitPipelineMode(conn) }
func PQpipelineSync(_ conn: OpaquePointer?) -> Int32 { LibPQ.api.PQpipelineSync(conn) }
func PQsendQueryParams(
    _ conn: OpaquePointer?, _ command: UnsafePointer<CChar>?, _ count: Int32, _ types: UnsafePointer<Oid>?,
    _ values: UnsafePointer<UnsafePointer<CChar>?>?, _ lengths: UnsafePointer<Int32>?, _ formats: UnsafePointer<Int32>?,
    _ resultFormat: Int32
) -> Int32 {
    LibPQ.api.PQsendQueryParams(conn, command, count, types, values, lengths, formats, resultFormat)
}
func PQgetResult(_ conn: OpaquePointer?) -> OpaquePointer! { LibPQ.api.PQgetResult(conn) }
