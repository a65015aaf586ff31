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
        let executable = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
        let directory = executable.deletingLastPathComponent()
        let installed = directory.deletingLastPathComponent().appendingPathComponent("share/tern")
        if FileManager.default.fileExists(atPath: installed.path + "/places") { return installed.path }
        var buildTree = directory
        while buildTree.path != "/" && buildTree.lastPathComponent != ".build" {
            buildTree = buildTree.deletingLastPathComponent()
        }
        if buildTree.lastPathComponent == ".build" {
            let source = buildTree.deletingLastPathComponent().appendingPathComponent("Resources")
            if FileManager.default.fileExists(atPath: source.path + "/places") { return source.path }
        }
        return installed.path
    }

    /// This program's file: `/proc/self/exe` (the kernel's answer, links resolved).
    public static var runningExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "/proc/self/exe"
    }

    private static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return FileManager.default.currentDirectoryPath + "/" + path
    }
}
