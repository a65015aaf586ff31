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
                positionals: [Positional("PLACE_ID"), Positional("TEXT", .words, allowsEmpty: true)],
                options: [SyncCommands.queue.spec], run: setMemo),
            CommandSpec(
                words: ["favorites", "copy"], summary: .cmdFavoritesCopy,
                positionals: [Positional("PLACE_ID")], options: [to.spec, SyncCommands.queue.spec], run: copy),
            CommandSpec(
                words: ["favorites", "move"], summary: .cmdFavoritesMove,
                positionals: [Positional("PLACE_ID")], options: [from.spec, to.spec, SyncCommands.queue.spec],
                run: move),
        ] + FolderCommands.specs + FavoritesFileCommands.specs

    static func list(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .listFavorites)
        let home = try Config.load(paths: context.paths).home
        if let user = arguments[Self.user] {
            return try listShared(
                context, user: user, folder: arguments[listFolder], sort: arguments[sort], home: home, session: session)
        }
        let snapshot = try context.favoritesSnapshot(session)
        if let name = arguments[listFolder], name.hasPrefix("@") || snapshot.folder(named: name) == nil,
            let followed = try context.services().folderFollows.followedFolders(of: session.uid, home: home)
                .folder(named: name)
        {
            return try listFollowed(context, followed, sort: arguments[sort], home: home)
        }
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

    /// `favorites list --folder @mina/카페`: a folder followed here, read-only.
    static func listFollowed(
        _ context: CommandContext, _ followed: FollowedFolder, sort: FavoriteSort?, home: Coordinate
    ) throws {
        let places =
            sort.map {
                FavoriteOrder.sorted(followed.places, by: $0, home: home, manualOrder: followed.folder.manualOrder)
            } ?? followed.places
        if context.options.json {
            try context.printJSON(places.map { FavoriteJSON($0, folderNames: [followed.folder.name]) })
            return
        }
        context.printLine(
            FolderCommands.line(for: followed.folder, count: places.count, followedAs: followed.qualifiedName))
        if places.isEmpty { context.printLine(tr(.cliFolderEmpty)) }
        for favorite in places { printFavorite(context, favorite, folders: []) }
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
        guard let name = arguments[removeFolder] else {
            // By its document, which an unreadable favorite still has (the snapshot leaves it out).
            let saved = try context.services().favorites.isFavorite(placeID: id, session: session)
            if try context.send(.removeFavorite(placeID: id), session: session, arguments) || context.options.json {
                return
            }
            return context.printLine(tr(saved ? .cliRemovedFavorite : .cliNotAFavorite, ["id": id]))
        }
        let snapshot = try context.favoritesSnapshot(session)
        let folder = try snapshot.requireFolder(named: name)
        guard let favorite = snapshot.favorites.first(where: { $0.placeID == id }) else {
            throw FavoritesError.notSaved(placeID: id)
        }
        // Kept when it stays in another folder; out of its last folder it is no longer saved.
        let kept = favorite.folders.contains { $0 != folder.id }
        let edit = FavoritesEdit.removeFromFolder(placeID: id, folderID: folder.id)
        if try context.send(.editFavorites(edit), session: session, arguments) || context.options.json { return }
        context.printLine(
            tr(kept ? .cliRemovedFromFolder : .cliRemovedFromLastFolder, ["id": id, "folder": folder.shownName]))
    }

    static func setMemo(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .saveFavorites)
        let text = arguments.positionals.dropFirst().joined(separator: " ")
        let id = arguments.positionals[0]
        try sendEdit(.setMemo(placeID: id, memo: text), context, arguments, verb: tr(.cliMemoSet), session: session)
    }

    static func copy(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .saveFavorites)
        let target = try context.favoritesSnapshot(session).requireFolder(named: arguments[to]!)
        try sendEdit(
            .copy(placeID: arguments.positionals[0], folderID: target.id), context, arguments,
            verb: tr(.cliCopiedTo, ["folder": target.name]), session: session)
    }

    static func move(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .saveFavorites)
        let snapshot = try context.favoritesSnapshot(session)
        let source = try snapshot.requireFolder(named: arguments[from]!)
        let target = try snapshot.requireFolder(named: arguments[to]!)
        try sendEdit(
            .move(placeID: arguments.positionals[0], fromFolderID: source.id, toFolderID: target.id), context,
            arguments, verb: tr(.cliMovedTo, ["folder": target.name]), session: session)
    }

    /// Sends an edit of one saved place, then prints the place as it now is.
    static func sendEdit(
        _ edit: FavoritesEdit, _ context: CommandContext, _ arguments: ParsedArguments, verb: String,
        session: Session
    ) throws {
        guard let id = edit.placeID else { return }
        // A place that is not saved is named now, not queued to be refused later.
        guard try context.favoritesSnapshot(session).favorites.contains(where: { $0.placeID == id }) else {
            throw FavoritesError.notSaved(placeID: id)
        }
        if try context.send(.editFavorites(edit), session: session, arguments) { return }
        let snapshot = try context.favoritesSnapshot(session)
        guard let favorite = snapshot.favorites.first(where: { $0.placeID == id }) else {
            throw FavoritesError.notSaved(placeID: id)
        }
        try printChanged(context, favorite, verb: verb, session: session)
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
