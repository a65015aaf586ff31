import Domain
import Foundation
import Localization

/// `favorites export` and `favorites import`.
enum FavoritesFileCommands {
    static let folder = Option<String>.text(
        "folder", value: "NAME", help: .optFavoritesFileFolder, allowsEmpty: false, completion: .folders)
    static let format = Option<FavoritesFormat>(
        "format", value: "csv|json|geojson|gpx|kml",
        help: .optFavoritesFileFormat,
        expected: tr(.usageOneOf, ["values": "csv, json, geojson, gpx, kml"])
    ) { FavoritesFormat.named($0) }
    static let importFolder = Option<String>.text(
        "folder", value: "NAME",
        help: .optFavoritesFileImportFolder,
        allowsEmpty: false, completion: .folders)

    static let specs: [CommandSpec] = [
        CommandSpec(
            words: ["favorites", "export"], summary: .cmdFavoritesExport,
            positionals: [Positional("FILE", .optional)], options: [folder.spec, format.spec], run: export),
        CommandSpec(
            words: ["favorites", "import"], summary: .cmdFavoritesImport,
            positionals: [Positional("FILE")], options: [importFolder.spec], run: importFile),
    ]

    static func export(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .listFavorites)
        let snapshot = try context.favoritesSnapshot(session)
        let chosen = try arguments[folder].map(snapshot.requireFolder(named:))
        let file = arguments.positionals.first
        let format =
            arguments[Self.format]
            ?? file.flatMap { FavoritesFormat.named(($0 as NSString).pathExtension) } ?? .csv
        let text = try FavoritesExport.text(
            snapshot, folder: chosen, format: format, home: try Config.load(paths: context.paths).home,
            encoder: JSONOutput.encoder)
        guard let file else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw CommandFailure(tr(.cliCannotWrite, ["file": file, "reason": SystemErrorText.describe(error)]))
        }
        let count = chosen.map { snapshot.count(in: $0) } ?? snapshot.favorites.count
        if !context.options.json {
            context.printLine(
                tr(.cliWrote, ["places": FolderCommands.placeCount(count), "file": file, "format": format.rawValue]))
        }
    }

    static func importFile(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .saveFavorites)
        let path = arguments.positionals[0]
        let start = FileHandle(forReadingAtPath: path).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: 4096) ?? Data()
        }
        guard let start else { throw CommandFailure(tr(.cliCannotRead, ["file": path])) }
        if FavoritesFormat.isCSV(startingWith: start) {
            return try importCSV(context, arguments, path: path, session: session)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(tr(.cliCannotRead, ["file": path]))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure(tr(.cliNotUTF8Imported, ["file": path]))
        }
        let file: FavoritesImportFile
        do {
            file = try FavoritesImportFile.read(text)
        } catch let error as FavoritesError {
            throw CommandFailure("\(path): \(error)")
        }
        let report = try context.services().favorites.importFavorites(
            file, into: arguments[importFolder], session: session)
        if !file.withoutCoordinates.isEmpty {
            printError(
                "tern: \(path): "
                    + tr(
                        .importNoCoordinates,
                        [
                            "count": String(file.withoutCoordinates.count),
                            "lines": file.withoutCoordinates.map(String.init).joined(separator: ", "),
                        ]))
        }
        try printReport(context, report, path: path, withoutCoordinates: file.withoutCoordinates)
    }

    /// A CSV file, read a chunk at a time (twice: checked whole, then written in batches).
    static func importCSV(_ context: CommandContext, _ arguments: ParsedArguments, path: String, session: Session)
        throws
    {
        guard let source = FavoritesImportSource.csv(path: path) else {
            throw CommandFailure(tr(.cliCannotRead, ["file": path]))
        }
        let report: ImportReport
        do {
            report = try context.services().favorites.importFavorites(
                source, into: arguments[importFolder], session: session)
        } catch let error as FavoritesError {
            if case .badImportRow = error { throw CommandFailure("\(path): \(error)") }
            throw error
        }
        try printReport(context, report, path: path, withoutCoordinates: [])
    }

    static func printReport(_ context: CommandContext, _ report: ImportReport, path: String, withoutCoordinates: [Int])
        throws
    {
        if context.options.json {
            try context.printJSON(ImportReportJSON(report, withoutCoordinates: withoutCoordinates))
            return
        }
        let counts = [
            "file": path, "added": String(report.added), "matched": String(report.matched),
            "skipped": String(report.skipped),
            "folders": report.createdFolders.joined(separator: ", "),
        ]
        context.printLine(
            tr(report.createdFolders.isEmpty ? .cliFavoritesImported : .cliFavoritesImportedFolders, counts) + ".")
    }
}

/// `favorites import --json`: `{"added", "matched", "skipped", "createdFolders",
/// "withoutCoordinates"}` (the lines of entries left out for having no coordinates).
struct ImportReportJSON: Encodable {
    let added: Int
    let matched: Int
    let skipped: Int
    let createdFolders: [String]
    let withoutCoordinates: [Int]

    init(_ report: ImportReport, withoutCoordinates: [Int]) {
        added = report.added
        matched = report.matched
        skipped = report.skipped
        createdFolders = report.createdFolders
        self.withoutCoordinates = withoutCoordinates
    }
}
