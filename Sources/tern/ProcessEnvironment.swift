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

    static func read() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }
}
