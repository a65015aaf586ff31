import Domain
import Foundation
import Localization
import PlaceCatalog
import TerminalUI

/// The `places` subcommands: search, show and import.
enum PlacesCommands {
    static let limit = Option<Int>.integer("limit", value: "N", in: 1...1000, help: "show at most N places (1 to 1000, default 20)")
    static let near = Option<Coordinate>("near", value: "LAT,LON", help: "order by distance from this point and show it",
                                         expected: "LAT,LON in degrees (for example 37.57,126.98)", parse: Config.parseCoordinate)

    static let specs: [CommandSpec] = [
        CommandSpec(words: ["places", "search"],
                    summary: "search places by any of their names (Hangul initials and half-typed syllables work)",
                    positionals: [Positional("QUERY", .words, allowsEmpty: true)], options: [limit.spec, near.spec], run: search),
        CommandSpec(words: ["places", "show"], summary: "show one place", positionals: [Positional("PLACE_ID")], run: show),
        CommandSpec(words: ["places", "import"],
                    summary: "import places from a GeoNames dump or a CSV (name,latitude,longitude[,address])",
                    positionals: [Positional("FILE")], run: importFile),
    ]

    static func paths(_ context: CommandContext) -> AppPaths {
        AppPaths.resolve(dataDirectory: context.options.dataDirectory, sessionFile: context.options.sessionFile)
    }

    static func catalog(_ context: CommandContext) throws -> PlaceCatalog {
        let paths = paths(context)
        do {
            // The catalog image in the cache directory holds the posting lists, so `indexed`
            // matters only when the image has to be rebuilt (then it is built with them).
            return try PlaceCatalog.load(resourcesDirectory: paths.resourcesDirectory, dataDirectory: paths.dataDirectory, indexed: false,
                                        cacheDirectory: paths.catalogCacheDirectory)
        } catch {
            throw CommandFailure("cannot load the place catalog: \(error)")
        }
    }

    static func search(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let limit = arguments[Self.limit] ?? 20
        let near = arguments[Self.near].map { SearchOrder.distance(from: $0) }
        let query = arguments.text
        let catalog = try catalog(context)
        let result = catalog.search(query, limit: limit, order: near ?? .relevance)
        let favorites = try favoritePlaceIDs(context)
        if context.options.json {
            let documents = result.hits.map {
                PlaceJSON($0.place, isFavorite: favorites.contains($0.place.placeID), distance: $0.distance)
            }
            try context.printJSON(PlaceSearchJSON(meta: .init(totalCount: result.totalCount, isEnd: result.isEnd), documents: documents))
            return
        }
        if result.hits.isEmpty {
            context.printLine(tr(.cliNoPlaces, ["query": query]))
            return
        }
        for hit in result.hits {
            let place = hit.place
            var line = place.placeID.padding(toLength: max(place.placeID.count, 9), withPad: " ", startingAt: 0) + "  "
            line += TextOutput.star(favorites.contains(place.placeID)) + " "
            // A Korean interface shows the Korean name first.
            let names = [place.name] + [place.koreanName].compactMap { $0 }.filter { !$0.isEmpty && $0 != place.name }
            let ordered = Language.current == .ko ? names.reversed() : names
            line += ordered[0] + (ordered.count > 1 ? " (\(ordered[1]))" : "")
            if hit.matchedName != place.name && hit.matchedName != place.koreanName { line += " “\(hit.matchedName)”" }
            if !place.address.isEmpty { line += " · " + CountryNames.localizedAddress(place.address, country: place.countryName) }
            if let distance = hit.distance { line += " · " + DistanceText.describe(distance) }
            context.printLine(line)
        }
        let shown = result.hits.count
        let total = String(result.totalCount)
        context.printLine(result.isEnd ? (result.totalCount == 1 ? tr(.cliOnePlace) : tr(.cliPlaces, ["count": total]))
                                       : tr(.cliSomePlaces, ["shown": String(shown), "count": total]))
    }

    static func show(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let id = arguments.positionals[0]
        let catalog = try catalog(context)
        guard let place = catalog.place(id: id) else { throw CommandFailure(ServiceError.placeNotFound(id).description) }
        let isFavorite = try favoritePlaceIDs(context).contains(id)
        if context.options.json {
            try context.printJSON(PlaceJSON(place, isFavorite: isFavorite, distance: nil))
            return
        }
        var lines = [place.name + (place.koreanName.map { " (\($0))" } ?? "") + (isFavorite ? " " + TextOutput.star(true) : "")]
        var fields: [(TextKey, String)] = [(.cliFieldID, place.placeID)]
        if !place.address.isEmpty {
            fields.append((.cliFieldAddress, CountryNames.localizedAddress(place.address, country: place.countryName)))
        }
        fields.append((.cliFieldCoordinate, "\(place.latitude), \(place.longitude)"))
        if place.population > 0 { fields.append((.cliFieldPopulation, String(place.population))) }
        if !place.timeZone.isEmpty { fields.append((.cliFieldTimeZone, place.timeZone)) }
        if !place.alternateNames.isEmpty {
            let shown = place.alternateNames.prefix(12).joined(separator: ", ")
            let more = place.alternateNames.count > 12 ? ", " + tr(.cliNamesInAll, ["count": String(place.alternateNames.count)]) : ""
            fields.append((.cliFieldAlso, shown + more))
        }
        // Labels padded to one column, counting wide characters as two.
        let labelWidth = max(10, fields.map { TextWidth.of(tr($0.0)) }.max() ?? 0)
        lines += fields.map { "  " + tr($0.0) + String(repeating: " ", count: labelWidth - TextWidth.of(tr($0.0)) + 2) + $0.1 }
        lines.forEach(context.printLine)
    }

    static func importFile(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let file = arguments.positionals[0]
        let paths = paths(context)
        guard FileManager.default.isReadableFile(atPath: file) else { throw CommandFailure("cannot read \(file)") }
        let summary: ImportSummary
        do {
            summary = try PlaceCatalog.importFile(path: file, resourcesDirectory: paths.resourcesDirectory,
                                                  dataDirectory: paths.dataDirectory)
        } catch let rejection as PlaceImporter.Rejection {
            throw CommandFailure("\(file): \(rejection.description); nothing was imported")
        } catch {
            throw CommandFailure("\(file): \(error)")
        }
        // Builds the catalog image now, so the next search starts from it instead of paying
        // for the index build (a failure here only costs that search the time).
        _ = try? catalog(context)
        if context.options.json {
            try context.printJSON(["added": summary.added, "updated": summary.updated, "totalImported": summary.totalImported])
        } else {
            context.printLine(tr(.cliImported, ["count": String(summary.added + summary.updated), "file": file,
                                                "added": String(summary.added), "updated": String(summary.updated),
                                                "total": String(summary.totalImported)]))
        }
    }

}

/// The signed-in user's favorite place ids, for `isFavorite`. Signed out, nothing is saved
/// and the store stays closed; signed in, a store that cannot be read stops the command.
func favoritePlaceIDs(_ context: CommandContext) throws -> Set<String> {
    guard let session = try context.session() else { return [] }
    return try context.services().favorites.favoriteIDs(session: session)
}
