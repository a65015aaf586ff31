import Foundation

/// Where Tern keeps its files: data, session, config and the shipped resources.
///
/// With a data directory given (`--data-dir` or `TERN_DATA_DIR`) everything lives under it,
/// so tests and demos never touch a person's real files; otherwise the XDG locations apply.
public struct AppPaths: Sendable, Equatable {
    /// The database and imported places.
    public let dataDirectory: String
    /// The file holding the signed-in session.
    public let sessionFile: String
    /// The configuration file (home point, …).
    public let configFile: String
    /// The shipped resources: place catalog, sample community.
    public let resourcesDirectory: String

    public init(dataDirectory: String, sessionFile: String, configFile: String, resourcesDirectory: String) {
        self.dataDirectory = dataDirectory
        self.sessionFile = sessionFile
        self.configFile = configFile
        self.resourcesDirectory = resourcesDirectory
    }

    /// Resolves the paths from the command line's choices and the environment.
    public static func resolve(
        dataDirectory explicitData: String?,
        sessionFile explicitSession: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String = AppPaths.runningExecutable
    ) -> AppPaths {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func xdg(_ name: String, _ fallback: String) -> String {
            if let value = environment[name], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        let resources = resolveResources(environment: environment, executablePath: executablePath)
        let chosenData = explicitData ?? environment["TERN_DATA_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        let chosenSession = explicitSession ?? environment["TERN_SESSION"].flatMap { $0.isEmpty ? nil : $0 }
        if let chosenData {
            let data = absolute(chosenData)
            return AppPaths(
                dataDirectory: data,
                sessionFile: chosenSession.map(absolute) ?? data + "/state/session",
                configFile: data + "/config",
                resourcesDirectory: resources)
        }
        return AppPaths(
            dataDirectory: xdg("XDG_DATA_HOME", ".local/share") + "/tern",
            sessionFile: chosenSession.map(absolute) ?? xdg("XDG_STATE_HOME", ".local/state") + "/tern/session",
            configFile: xdg("XDG_CONFIG_HOME", ".config") + "/tern/config",
            resourcesDirectory: resources)
    }

    /// The database file inside the data directory.
    public var databaseFile: String { dataDirectory + "/tern.db" }

    /// The Places search field's history (one query per line, newest first).
    public var searchHistoryFile: String { dataDirectory + "/search-history" }

    /// Where the mapped catalog image is kept (rebuilt whenever its sources change).
    public var catalogCacheDirectory: String { dataDirectory + "/places/cache" }

    /// `TERN_RESOURCES`, else `../share/tern` beside the executable (an installed binary),
    /// else the `Resources/` of the source tree whose `.build/` holds it. The executable is
    /// found by its real path (`/proc/self/exe`, links resolved), never by the working
    /// directory or `argv[0]`, so a planted `Resources/` near wherever Tern is started is
    /// never read.
    static func resolveResources(environment: [String: String], executablePath: String) -> String {
        if let explicit = environment["TERN_RESOURCES"], !explicit.isEmpty { return absolute(explicit) }
        // Plain path strings and realpath(3): this runs on every start, and URL's symlink
        // resolution costs more than the rest of a `tern places search`'s set-up.
        let executable = realPath(executablePath)
        let directory = parent(of: executable)
        let installed = path(parent(of: directory), "share/tern")
        if exists(installed + "/places") { return installed }
        var buildTree = directory
        while buildTree != "/" && !buildTree.hasSuffix("/.build") {
            buildTree = parent(of: buildTree)
        }
        if buildTree.hasSuffix("/.build") {
            let source = path(parent(of: buildTree), "Resources")
            if exists(source + "/places") { return source }
        }
        return installed
    }

    /// This program's file: `/proc/self/exe` (the kernel's answer, links resolved).
    public static var runningExecutable: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return "/proc/self/exe" }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` with every link resolved, or as given when it cannot be (it does not exist).
    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The directory holding `path` (`/` for `/` and for a file at the root).
    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    private static func path(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    private static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return FileManager.default.currentDirectoryPath + "/" + path
    }
}
