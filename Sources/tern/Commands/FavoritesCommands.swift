import Domain
import Foundation

/// The `favorites` subcommands.
enum FavoritesCommands {
    static let specs: [CommandSpec] = [
        CommandSpec(words: ["favorites", "list"], summary: "your saved places, newest first", isGroupDefault: true, run: list),
        CommandSpec(words: ["favorites", "add"], summary: "save a place (see tern places search)",
                    positionals: [Positional("PLACE_ID")], run: add),
        CommandSpec(words: ["favorites", "remove"], summary: "remove a saved place", positionals: [Positional("PLACE_ID")],
                    run: remove),
    ]

    static func list(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .listFavorites)
        let favorites = try context.services().favorites.list(session: session)
        if context.options.json {
            try context.printJSON(favorites.map(FavoriteJSON.init))
            return
        }
        if favorites.isEmpty {
            context.printLine("No favorites yet. Save one with: tern favorites add PLACE_ID (find ids with tern places search)")
            return
        }
        for favorite in favorites { context.printLine(line(for: favorite)) }
    }

    static func add(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .saveFavorites)
        let directory = try placeDirectory(context)
        let favorite = try context.services().favorites.add(placeID: arguments.positionals[0], from: directory, session: session)
        if context.options.json {
            try context.printJSON(FavoriteJSON(favorite))
        } else {
            context.printLine("Saved " + line(for: favorite))
        }
    }

    static func remove(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .removeFavorites)
        let id = arguments.positionals[0]
        let removed = try context.services().favorites.remove(placeID: id, session: session)
        if !context.options.json {
            context.printLine(removed ? "Removed \(id) from your favorites." : "\(id) was not among your favorites.")
        }
    }

    /// `★ placeName  address  latitude, longitude  (placeID)`
    static func line(for favorite: FavoritePlace) -> String {
        let point = String(format: "%.4f, %.4f", favorite.coordinate.latitude, favorite.coordinate.longitude)
        return "\(TextOutput.star(true)) \(favorite.placeName)  \(favorite.address)  \(point)  (\(favorite.placeID))"
    }
}
