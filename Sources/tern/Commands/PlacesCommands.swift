import Domain
import Foundation
import Localization
import PlaceCatalog
import PlaceProviders
import TerminalUI

/// The `places` subcommands: search, show and import.
enum PlacesCommands {
    static let limit = Option<Int>.integer("limit", value: "N", in: 1...1000, help: .optPlacesLimit)
    static let near = Option<Coordinate>(
        "near", value: "LAT,LON", help: .optPlacesNear,
        expected: tr(.usageCoordinate), parse: Config.parseCoordinate)
    static let offline = Option<Bool>.flag("offline", help: .optPlacesOffline)
    static let online = Option<Bool>.flag("online", help: .optPlacesOnline)
    static let url = Option<Bool>.flag("url", help: .optPlacesURL)
    static let category = Option<PlaceCategory>(
        "category", value: "CODE|NAME",
        help: .optPlacesCategory,
        expected: tr(.usageCategory),
        parse: PlaceCategory.named)

    static let specs: [CommandSpec] = [
        CommandSpec(
            words: ["places", "search"],
            summary: .cmdPlacesSearch,
            positionals: [Positional("QUERY", .words, allowsEmpty: true)],
            options: [limit.spec, near.spec, offline.spec, online.spec, category.spec], run: search),
        CommandSpec(
            words: ["places", "show"], summary: .cmdPlacesShow, positionals: [Positional("PLACE_ID")],
            options: [url.spec], run: show),
        CommandSpec(
            words: ["places", "import"],
            summary: .cmdPlacesImport,
            positionals: [Positional("FILE")], run: importFile),
    ]

    /// The catalog a command loaded, kept until the process ends: a command runs once, and
    /// unmapping the image and freeing the index when the search returned was a
    /// measurable part of the whole `tern places search` process.
    // nonisolated(unsafe): written only on the main thread by the one command a process runs, never read.
    nonisolated(unsafe) private static var kept: PlaceCatalog?

    static func catalog(_ context: CommandContext) throws -> PlaceCatalog {
        let paths = context.paths
        do {
            // The catalog image in the cache directory holds the posting lists, so `indexed`
            // matters only when the image has to be rebuilt (then it is built with them).
            let catalog = try PlaceCatalog.load(
                resourcesDirectory: paths.resourcesDirectory, dataDirectory: paths.dataDirectory,
                indexed: false, cacheDirectory: paths.catalogCacheDirectory)
            kept = catalog
            return catalog
        } catch {
            throw CommandFailure(tr(.cliCannotLoadCatalog, ["reason": "\(error)"]))
        }
    }

    static func search(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let limit = arguments[Self.limit] ?? 20
        let nearPoint = arguments[Self.near]
        let near = nearPoint.map { SearchOrder.distance(from: $0) }
        let query = arguments.text
        let onlyOffline = arguments[Self.offline] ?? false
        let onlyOnline = arguments[Self.online] ?? false
        let category = arguments[Self.category]
        if onlyOffline && onlyOnline { throw UsageError(tr(.usageOfflineAndOnline)) }
        let favorites = try favoritePlaceIDs(context)

        // The shipped cities carry no category; places imported from OpenStreetMap do.
        var catalogResult: PlaceSearchResult?
        if !onlyOnline, let category {
            let home = try context.config().home
            catalogResult = try catalog(context).search(
                query, category: category.code, limit: limit, order: .distance(from: nearPoint ?? home))
        } else if !onlyOnline {
            // Text and JSON show no emphasis, so the hits' match ranges are not worked out.
            catalogResult = try catalog(context).search(query, limit: limit, order: near ?? .relevance, ranges: false)
        }
        let categoryFoundNothing = category != nil && (catalogResult?.hits.isEmpty ?? true)
        var outcomes: [ProviderOutcome] = []
        if !onlyOffline {
            let settings = providerSettings(config: try context.config(), environment: context.environment)
            if !settings.isAnyConfigured && (onlyOnline || categoryFoundNothing) {
                throw CommandFailure(tr(.cliNoProvider, ["file": context.paths.configFile]))
            }
            // With no provider turned on there is no one to ask: no online query is built.
            if settings.isAnyConfigured {
                let home = category == nil ? nil : try context.config().home
                let onlineQuery = OnlineQuery(text: query, category: category, near: nearPoint ?? home, limit: limit)
                outcomes = onlinePlaces(paths: context.paths, settings: settings).searchAll(onlineQuery)
            }
            if onlyOnline || categoryFoundNothing, !outcomes.isEmpty, outcomes.allSatisfy({ $0.answer == nil }) {
                outcomes.dropLast().forEach(printProviderNotice)
                throw CommandFailure(outcomes.last!.error!.message)
            }
            outcomes.forEach(printProviderNotice)
        }
        var onlineHits = outcomes.compactMap(\.answer).flatMap(\.places)
        var totalCount = (catalogResult?.totalCount ?? 0) + outcomes.compactMap(\.answer).map(\.totalCount).reduce(0, +)
        // Saved online places are found by name when no provider answered (offline, no key).
        if category == nil, !onlyOnline, outcomes.allSatisfy({ $0.answer == nil }), let session = try context.session()
        {
            let saved = SavedPlaceSearch.matches(query, in: try context.services().favorites.list(session: session))
            let hits = saved.prefix(limit).map(OnlinePlace.init(saved:))
            onlineHits += hits
            totalCount += hits.count
        }
        let isEnd = (catalogResult?.isEnd ?? true) && outcomes.allSatisfy { $0.answer?.isEnd ?? true }
        let catalogHits = catalogResult?.hits ?? []
        if context.options.json {
            let documents =
                catalogHits.map {
                    PlaceJSON($0.place, isFavorite: favorites.contains($0.place.placeID), distance: $0.distance)
                } + onlineHits.map { PlaceJSON($0, isFavorite: favorites.contains($0.placeID)) }
            try context.printJSON(
                PlaceSearchJSON(meta: .init(totalCount: totalCount, isEnd: isEnd), documents: documents))
            return
        }
        if catalogHits.isEmpty && onlineHits.isEmpty {
            context.printLine(tr(.cliNoPlaces, ["query": query]))
            return
        }
        for hit in catalogHits {
            let place = hit.place
            var line = idColumn(place.placeID) + TextOutput.star(favorites.contains(place.placeID)) + " "
            // A Korean interface shows the Korean name first.
            line += names(place)
            if hit.matchedAlternate { line += " “\(hit.matchedName)”" }
            if let category = PlaceCategory.coded(place.category) { line += " · " + category.korean }
            if !place.address.isEmpty {
                line +=
                    " · "
                    + CountryNames.localizedAddress(
                        place.address, country: place.countryName, region: place.regionName,
                        city: (place.name, place.koreanName))
            }
            if let distance = hit.distance { line += " · " + DistanceText.describe(distance) }
            context.printLine(line)
        }
        for place in onlineHits {
            var line = idColumn(place.placeID) + TextOutput.star(favorites.contains(place.placeID)) + " " + place.name
            if let category = place.category { line += " · " + CategoryNames.localized(category) }
            line += " · " + (place.roadAddress ?? place.address)
            if let distance = place.distance { line += " · " + DistanceText.describe(distance) }
            context.printLine(line + "  [\(place.source.displayName)]")
        }
        let shown = catalogHits.count + onlineHits.count
        let total = String(totalCount)
        context.printLine(
            isEnd
                ? (totalCount == 1 ? tr(.cliOnePlace) : tr(.cliPlaces, ["count": total]))
                : tr(.cliSomePlaces, ["shown": String(shown), "count": total]))
    }

    static func idColumn(_ id: String) -> String {
        TextOutput.padded(id, to: 9) + "  "
    }

    /// An online place by id: the signed-in person's saved copy first, then the answer cache,
    /// so a place found once shows without the network.
    static func showOnline(_ context: CommandContext, id: String, link: Bool = false) throws {
        var place: OnlinePlace?
        var isFavorite = false
        if let session = try context.session(),
            let saved = try context.services().favorites.list(session: session).first(where: { $0.placeID == id })
        {
            place = OnlinePlace(saved: saved)
            isFavorite = true
        }
        if place == nil { place = AnswerCache(file: onlineAnswerCacheFile(context.paths)).place(id: id) }
        guard let place else {
            throw CommandFailure(tr(.cliNoOnlinePlace, ["id": id]))
        }
        if link {
            return context.printLine(
                PlaceLink.openURL(
                    placeID: place.placeID, url: place.url, latitude: place.coordinate.latitude,
                    longitude: place.coordinate.longitude))
        }
        let counts = try placeCounts(context, placeID: place.placeID)
        if context.options.json {
            try context.printJSON(PlaceShowJSON(place: PlaceJSON(place, isFavorite: isFavorite), counts: counts))
            return
        }
        var fields: [(TextKey, String)] = [(.cliFieldID, place.placeID), (.cliFieldSource, place.source.displayName)]
        if let category = place.category { fields.append((.cliFieldCategory, CategoryNames.localized(category))) }
        if !place.address.isEmpty { fields.append((.cliFieldAddress, place.address)) }
        if let road = place.roadAddress { fields.append((.cliFieldRoad, road)) }
        if let phone = place.phone { fields.append((.cliFieldPhone, phone)) }
        fields.append((.cliFieldCoordinate, "\(place.coordinate.latitude), \(place.coordinate.longitude)"))
        if let url = place.url { fields.append((.cliFieldURL, url)) }
        printFields(context, title: place.name + (isFavorite ? " " + TextOutput.star(true) : ""), fields)
        context.printLine("  " + PlaceCountsText.line(counts))
    }

    static func show(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let id = arguments.positionals[0]
        let link = arguments.has(url)
        let source = PlaceSource.of(placeID: id)
        if source == .kakao { return try showOnline(context, id: id, link: link) }
        // An `osm:` id is a place imported from an extract, or else one an answer showed.
        guard let place = try catalog(context).place(id: id) else {
            if source.isOnline { return try showOnline(context, id: id, link: link) }
            throw CommandFailure(ServiceError.placeNotFound(id).description)
        }
        if link {
            return context.printLine(
                PlaceLink.openURL(
                    placeID: place.placeID, url: nil, latitude: place.latitude, longitude: place.longitude))
        }
        let isFavorite = try favoritePlaceIDs(context).contains(id)
        let counts = try placeCounts(context, placeID: place.placeID)
        if context.options.json {
            try context.printJSON(
                PlaceShowJSON(place: PlaceJSON(place, isFavorite: isFavorite, distance: nil), counts: counts))
            return
        }
        var fields: [(TextKey, String)] = [(.cliFieldID, place.placeID)]
        if !place.address.isEmpty {
            fields.append(
                (
                    .cliFieldAddress,
                    CountryNames.localizedAddress(
                        place.address, country: place.countryName, region: place.regionName,
                        city: (place.name, place.koreanName))
                ))
        }
        fields.append((.cliFieldCoordinate, "\(place.latitude), \(place.longitude)"))
        if let category = PlaceCategory.coded(place.category) { fields.append((.cliFieldCategory, category.korean)) }
        if place.population > 0 { fields.append((.cliFieldPopulation, String(place.population))) }
        if !place.timeZone.isEmpty { fields.append((.cliFieldTimeZone, place.timeZone)) }
        if !place.alternateNames.isEmpty {
            let shown = place.alternateNames.prefix(12).joined(separator: ", ")
            let more =
                place.alternateNames.count > 12
                ? ", " + tr(.cliNamesInAll, ["count": String(place.alternateNames.count)]) : ""
            fields.append((.cliFieldAlso, shown + more))
        }
        printFields(context, title: names(place) + (isFavorite ? " " + TextOutput.star(true) : ""), fields)
        context.printLine("  " + PlaceCountsText.line(counts))
    }

    /// `Seoul (서울)`: the catalog's name and its Korean one, the Korean first in a Korean run.
    static func names(_ place: Place) -> String {
        let names = [place.name] + [place.koreanName].compactMap { $0 }.filter { !$0.isEmpty && $0 != place.name }
        let ordered = Language.current == .ko ? names.reversed() : names
        return ordered[0] + (ordered.count > 1 ? " (\(ordered[1]))" : "")
    }

    /// A place's title, then its fields with their labels padded to one column (wide
    /// characters count as two).
    static func printFields(_ context: CommandContext, title: String, _ fields: [(TextKey, String)]) {
        let labelWidth = max(10, fields.map { TextWidth.of(tr($0.0)) }.max() ?? 0)
        context.printLine(title)
        for (label, value) in fields {
            context.printLine(
                "  " + tr(label) + String(repeating: " ", count: labelWidth - TextWidth.of(tr(label)) + 2) + value)
        }
    }

    /// On a terminal, one line on stderr rewritten as the file is read, at most ten times a
    /// second: a bar, the places so far, their rate and the time left when the input's size
    /// tells how much is left (an extract's, from how far osmium has read it), else the
    /// places and their rate; elsewhere nothing (the summary line says it all).
    static func importProgress(start: Date) -> ((ImportProgress) -> Void)? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        var drawn = Date.distantPast
        return { progress in
            let now = Date()
            if progress.building {
                // Once, whatever the time since the last line: the bar is done.
                let line = tr(.cliImportBuilding, ["count": String(progress.places)])
                FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
                return
            }
            guard now.timeIntervalSince(drawn) >= 0.1 else { return }
            drawn = now
            let elapsed = max(0.001, now.timeIntervalSince(start))
            let rate = String(Int(Double(progress.places) / elapsed))
            let line: String
            if let fraction = progress.fraction, fraction > 0 {
                let width = 20
                let filled = min(width, Int(fraction * Double(width)))
                let bar =
                    "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
                let left = Int((elapsed / fraction - elapsed).rounded())
                line = tr(
                    .cliImportProgressBar,
                    [
                        "bar": bar, "percent": String(Int(fraction * 100)), "count": String(progress.places),
                        "rate": rate, "left": String(format: "%d:%02d", left / 60, left % 60),
                    ])
            } else {
                line = tr(.cliImportProgress, ["count": String(progress.places), "rate": rate])
            }
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
        }
    }

    static func importFile(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let file = arguments.positionals[0]
        let paths = context.paths
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw CommandFailure(tr(.cliCannotRead, ["file": file]))
        }
        let summary: ImportSummary
        let start = Date()
        let terminal = isatty(STDERR_FILENO) == 1
        do {
            summary = try PlaceCatalog.importFile(
                path: file, resourcesDirectory: paths.resourcesDirectory,
                dataDirectory: paths.dataDirectory, cacheDirectory: paths.catalogCacheDirectory,
                progress: importProgress(start: start))
            if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        } catch is ImportInterrupted {
            if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            throw CommandFailure(tr(.cliImportInterrupted, ["file": file]))
        } catch let rejection as PlaceImporter.Rejection {
            if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            throw CommandFailure(tr(.cliImportRejected, ["file": file, "reason": rejection.description]))
        } catch {
            if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            throw CommandFailure("\(file): \(error)")
        }
        let seconds = Date().timeIntervalSince(start)
        if context.options.json {
            try context.printJSON([
                "added": summary.added, "updated": summary.updated, "totalImported": summary.totalImported,
            ])
        } else {
            context.printLine(
                tr(
                    .cliImported,
                    [
                        "count": String(summary.added + summary.updated), "file": file,
                        "added": String(summary.added), "updated": String(summary.updated),
                        "total": String(summary.totalImported),
                    ]) + " ("
                    + tr(
                        .cliImportTime,
                        [
                            "seconds": String(format: "%.1f", seconds),
                            "rate": String(Int(Double(summary.added + summary.updated) / max(0.001, seconds))),
                        ]) + ")")
        }
    }

}

/// The signed-in user's favorite place ids, for `isFavorite`. Signed out, nothing is saved
/// and the store stays closed; signed in, a store that cannot be read stops the command.
func favoritePlaceIDs(_ context: CommandContext) throws -> Set<String> {
    guard let session = try context.session() else { return [] }
    return try context.services().favorites.favoriteIDs(session: session)
}
