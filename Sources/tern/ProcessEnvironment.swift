#if canImport(Glibc)
    import Glibc
#endif

/// The process's environment as a dictionary, read straight from `environ`. Foundation's
/// `ProcessInfo.environment` builds a new one on every call and decodes each entry through
/// its general (slower) text path; a start needs it once.
enum ProcessEnvironment {
    /// The environment as the process started, read once (the start's settings and the text
    /// output's markers both ask for it).
    static let atStart = read()

    /// Each entry's name and value are made straight from its bytes (split at the first `=`
    /// with `memchr`), not copied whole into a `String` and then cut, and the dictionary is
    /// sized once: the old way was a measurable part of a search process
    /// (docs/benchmarks.md, "Figures that were in the code").
    static func read() -> [String: String] {
        var count = 0
        while environ[count] != nil { count += 1 }
        var variables: [String: String] = [:]
        variables.reserveCapacity(count)
        for index in 0..<count {
            guard let entry = environ[index] else { continue }
            let length = strlen(entry)
            guard let equals = memchr(entry, 0x3D, length) else { continue }
            let bytes = UnsafeRawPointer(entry).assumingMemoryBound(to: UInt8.self)
            let nameLength = UnsafeRawPointer(equals) - UnsafeRawPointer(entry)
            let name = String(decoding: UnsafeBufferPointer(start: bytes, count: nameLength), as: UTF8.self)
            variables[name] = String(
                decoding: UnsafeBufferPointer(start: bytes + nameLength + 1, count: length - nameLength - 1),
                as: UTF8.self)
        }
        return variables
    }
}
