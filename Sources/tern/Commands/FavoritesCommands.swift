import Domain
import Foundation
import Localization
import PlaceCatalog

/// The `favorites` subcommands on places: list, add, remove, memo, copy, move.
enum FavoritesCommands {
    static let folder = Option<String>.text(
        "folder", value: "NAME", help: .optFavoritesFolder,
        allowsEmpty: false, completion: .folders)
    static let listFolder = Option<String>.text(
        "folder", value: "NAME", help: .optFavoritesListFolder,
        allowsEmpty: false, completion: .folders)
    static let sort = Option<FavoriteSort>(
        "sort", value: "newest|name|distance|manual",
        help: .optFavoritesSort,
        expected: tr(.usageOneOf, ["values": "newest, name, distance, manual"])
    ) { try? FavoriteSort.named($0) }
    static let user = Option<String>.text(
        "user", value: "@NAME", help: .optFavoritesUser, allowsEmpty: false, completion: .usernames)
    static let memo = Option<String>.text("memo", value: "TEXT", help: .optFavoritesMemo)
    static let from = Option<String>.text(
        "from", value: "NAME", help: .optFavoritesFrom, required: true, allowsEmpty: false, completion: .folders)
    static let to = Option<String>.text(
        "to", value: "NAME", help: .optFavoritesTo, required: true, allowsEmpty: false, completion: .folders)
    static let removeFolder = Option<String>.text(
        "folder", value: "NAME", help: .optFavoritesRemoveFolder,
        allowsEmpty: false, completion: .folders)

    static let specs: [CommandSpec] =
        [
            CommandSpec(
                words: ["favorites", "list"], summary: .cmdFavoritesList,
                options: [listFolder.spec, sort.spec, user.spec], isGroupDefault: true, run: list),
            CommandSpec(
                words: ["favorites", "add"], summary: .cmdFavoritesAdd,
                positionals: [Positional("PLACE_ID")], options: [folder.spec, memo.spec, SyncCommands.queue.spec],
                run: add),
            CommandSpec(
                words: ["favorites", "remove"], summary: .cmdFavoritesRemove, positionals: [Positional("PLACE_ID")],
                options: [removeFolder.spec, SyncCommands.queue.spec], run: remove),
            CommandSpec(
                words: ["favorites", "memo"], summary: .cmdFavoritesMemo,
                positionals: [Positional("PLACE_ID"), Positional("TEXT", .words, allowsEmpty: true)], run: setMemo),
            CommandSpec(
                words: ["favorites", "copy"], summary: .cmdFavoritesCopy,
                positionals: [Positional("PLACE_ID")], options: [to.spec], run: copy),
            CommandSpec(
                words: ["favorites", "move"], summary: .cmdFavoritesMove,
                positionals: [Positional("PLACE_ID")], options: [from.spec, to.spec], run: move),
        ] + FolderCommands.specs + FavoritesFileCommands.specs

    static func list(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .listFavorites)
        let home = try Config.load(paths: context.paths).home
        if let user = arguments[Self.user] {
            return try listShared(
                context, user: user, folder: arguments[listFolder], sort: arguments[sort], home: home, session: session)
        }
        let snapshot = try context.favoritesSnapshot(session)
        let folder = try arguments[listFolder].map(snapshot.requireFolder(named:))
        let places =
            folder.map { snapshot.places(in: $0, sort: arguments[sort], home: home) }
            ?? FavoriteOrder.sorted(snapshot.favorites, by: arguments[sort] ?? .newest, home: home)
        if context.options.json {
            try context.printJSON(places.map { FavoriteJSON($0, folderNames: snapshot.folderNames(of: $0)) })
            return
        }
        if let folder { context.printLine(FolderCommands.line(for: folder, count: places.count)) }
        if places.isEmpty {
            context.printLine(
                folder == nil
                    ? tr(.cliNoFavorites)
                    : tr(.cliFolderEmpty))
            return
        }
        for favorite in places {
            printFavorite(
                context, favorite, folders: folder == nil ? snapshot.folderNames(of: favorite, shown: true) : [])
        }
    }

    static func listShared(
        _ context: CommandContext, user: String, folder: String?, sort: FavoriteSort?, home: Coordinate,
        session: Session
    ) throws {
        var shared = try context.services().favorites.sharedFolders(ofUsername: user, home: home, session: session)
        if let folder {
            let key = folder.lowercased()
            shared = shared.filter { $0.folder.name.lowercased() == key }
            if shared.isEmpty { throw FavoritesError.folderNotFound(folder) }
        }
        let places = shared.map { entry in
            (
                entry.folder,
                sort.map {
                    FavoriteOrder.sorted(entry.places, by: $0, home: home, manualOrder: entry.folder.manualOrder)
                } ?? entry.places
            )
        }
        if context.options.json {
            var seen = Set<String>()
            let rows = places.flatMap(\.1).filter { seen.insert($0.placeID).inserted }.map { favorite in
                FavoriteJSON(
                    favorite, folderNames: shared.filter { favorite.folders.contains($0.folder.id) }.map(\.folder.name))
            }
            try context.printJSON(rows)
            return
        }
        if places.isEmpty {
            context.printLine(tr(.cliSharesNoFolders, ["user": user.hasPrefix("@") ? String(user.dropFirst()) : user]))
            return
        }
        for (folder, favorites) in places {
            context.printLine(FolderCommands.line(for: folder, count: favorites.count))
            for favorite in favorites { printFavorite(context, favorite, folders: []) }
        }
    }

    static func add(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .saveFavorites)
        let favorites = try context.services().favorites
        let snapshot = try context.favoritesSnapshot(session)
        let folder = try arguments[Self.folder].map(snapshot.requireFolder(named:))
        let queued = {
            let id = arguments.positionals[0]
            guard let place = try placeDirectory(context).favoriteCandidate(placeID: id) else {
                throw ServiceError.placeNotFound(id)
            }
            return WriteIntent.saveFavorite(place, folderID: folder?.id, memo: arguments[memo])
        }
        if try context.queuedBecauseUnreachable(queued, session: session, arguments) { return }
        let favorite = try favorites.add(
            placeID: arguments.positionals[0], from: try placeDirectory(context), folderID: folder?.id,
            memo: arguments[memo], session: session)
        try printChanged(context, favorite, verb: tr(.cliSavedVerb), session: session)
    }

    static func remove(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .removeFavorites)
        let id = arguments.positionals[0]
        let favorites = try context.services().favorites
        if arguments[removeFolder] == nil,
            try context.queuedBecauseUnreachable({ .removeFavorite(placeID: id) }, session: session, arguments)
        {
            return
        }
        if let name = arguments[removeFolder] {
            let folder = try context.favoritesSnapshot(session).requireFolder(named: name)
            let kept = try favorites.removeFromFolder(placeID: id, folderID: folder.id, session: session)
            if !context.options.json {
                context.printLine(
                    tr(
                        kept ? .cliRemovedFromFolder : .cliRemovedFromLastFolder,
                        ["id": id, "folder": folder.shownName]))
            }
            return
        }
        let removed = try favorites.remove(placeID: id, session: session)
        if !context.options.json {
            context.printLine(tr(removed ? .cliRemovedFavorite : .cliNotAFavorite, ["id": id]))
        }
    }

    static func setMemo(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .saveFavorites)
        let text = arguments.positionals.dropFirst().joined(separator: " ")
        let favorite = try context.services().favorites.setMemo(
            placeID: arguments.positionals[0], memo: text, session: session)
        try printChanged(context, favorite, verb: tr(.cliMemoSet), session: session)
    }

    static func copy(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .saveFavorites)
        let favorites = try context.services().favorites
        let target = try context.favoritesSnapshot(session).requireFolder(named: arguments[to]!)
        let favorite = try favorites.copy(placeID: arguments.positionals[0], to: target.id, session: session)
        try printChanged(context, favorite, verb: tr(.cliCopiedTo, ["folder": target.name]), session: session)
    }

    static func move(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .saveFavorites)
        let favorites = try context.services().favorites
        let snapshot = try context.favoritesSnapshot(session)
        let source = try snapshot.requireFolder(named: arguments[from]!)
        let target = try snapshot.requireFolder(named: arguments[to]!)
        let favorite = try favorites.move(
            placeID: arguments.positionals[0], from: source.id, to: target.id, session: session)
        try printChanged(context, favorite, verb: tr(.cliMovedTo, ["folder": target.name]), session: session)
    }

    /// Prints a favorite after a change: its JSON, or `verb` and its lines.
    static func printChanged(_ context: CommandContext, _ favorite: FavoritePlace, verb: String, session: Session)
        throws
    {
        let snapshot = try context.favoritesSnapshot(session)
        if context.options.json {
            try context.printJSON(FavoriteJSON(favorite, folderNames: snapshot.folderNames(of: favorite)))
            return
        }
        context.printLine(verb)
        printFavorite(context, favorite, folders: snapshot.folderNames(of: favorite, shown: true))
    }

    /// `★ placeName  address  latitude, longitude  (placeID)  [folders]`, then the memo
    /// indented, one line per line.
    static func printFavorite(_ context: CommandContext, _ favorite: FavoritePlace, folders: [String]) {
        var line = self.line(for: favorite)
        if !folders.isEmpty { line += "  [" + folders.joined(separator: ", ") + "]" }
        context.printLine(line)
        for memoLine in favorite.memo.split(separator: "\n", omittingEmptySubsequences: false)
        where !favorite.memo.isEmpty {
            context.printLine("    " + memoLine)
        }
    }

    /// `★ placeName  address  latitude, longitude  (placeID)`
    static func line(for favorite: FavoritePlace) -> String {
        let point = String(format: "%.4f, %.4f", favorite.coordinate.latitude, favorite.coordinate.longitude)
        return "\(TextOutput.star(true)) \(favorite.placeName)  \(favorite.address)  \(point)  (\(favorite.placeID))"
    }
}
