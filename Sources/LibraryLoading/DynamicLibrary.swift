import Localization

#if canImport(Glibc)
    import Glibc
#endif

/// A C library opened with `dlopen` the first time a feature needs it, so that a start
/// which never uses it does not load and relocate it and everything it links (libpq alone
/// brings Kerberos, LDAP and GnuTLS).
public struct DynamicLibrary: @unchecked Sendable {
    // @unchecked: the handle is never closed and `dlsym` may be called from any thread.
    private let handle: UnsafeMutableRawPointer
    /// The file name it was opened by (`libpq.so.5`), for messages.
    public let name: String

    /// Opens the first of `names` that loads; the failure names the library, the package
    /// that provides it and the loader's reason, in one line.
    public static func open(_ names: [String], purpose: String, package: String) throws(DynamicLibraryFailure)
        -> DynamicLibrary
    {
        var reason = ""
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return DynamicLibrary(handle: handle, name: name) }
            reason = dlerror().map { String(cString: $0) } ?? "not found"
        }
        throw DynamicLibraryFailure(
            message: tr(
                .errorLibraryMissing, ["purpose": purpose, "library": names[0], "engine": reason, "package": package]))
    }

    /// The function `symbol` as a value of the C function type `type`; throws when this
    /// version of the library lacks it.
    public func function<Function>(_ symbol: String, as type: Function.Type) throws(DynamicLibraryFailure) -> Function {
        unsafeBitCast(try address(symbol), to: type)
    }

    /// The raw address of `symbol`, for a C function Swift cannot type (a variadic one),
    /// which a C shim then calls with its real prototype.
    public func address(_ symbol: String) throws(DynamicLibraryFailure) -> UnsafeMutableRawPointer {
        guard let address = dlsym(handle, symbol) else {
            throw DynamicLibraryFailure(message: tr(.errorLibraryFunction, ["library": name, "symbol": symbol]))
        }
        return address
    }
}

/// A library or function that could not be loaded: one line for the person.
public struct DynamicLibraryFailure: Error, CustomStringConvertible, Sendable {
    public let message: String

    public init(message: String) { self.message = message }

    public var description: String { message }
}
