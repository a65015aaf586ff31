import Foundation

/// Opens a link in the person's browser: `$BROWSER` (its first `:`-separated command, with
/// `%s` standing for the link, as xdg-utils reads it), else `xdg-open`. Tern does not wait for
/// it, and its input and output are not the terminal's, so the screen stays Tern's.
public struct LinkOpener: Sendable {
    public var environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// No browser command was found on `PATH`.
    public struct NotFound: Error, Equatable {
        public let command: String
    }

    /// Starts the browser on `link`; throws `NotFound` when there is none to start.
    public func open(_ link: String) throws(NotFound) {
        let browser = environment["BROWSER"].flatMap { $0.split(separator: ":").first.map(String.init) }
        var words = (browser ?? "xdg-open").split(separator: " ").map(String.init)
        guard !words.isEmpty, let executable = find(words.removeFirst()) else {
            throw NotFound(command: browser ?? "xdg-open")
        }
        let arguments =
            words.contains { $0.contains("%s") }
            ? words.map { $0.replacingOccurrences(of: "%s", with: link) } : words + [link]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw NotFound(command: executable) }
    }

    /// `command`'s path: as given when it names one, else the first executable on `PATH`.
    private func find(_ command: String) -> String? {
        if command.contains("/") { return FileManager.default.isExecutableFile(atPath: command) ? command : nil }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(command)" }.first(where: FileManager.default.isExecutableFile)
    }
}
