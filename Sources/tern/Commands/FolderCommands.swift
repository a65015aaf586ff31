import Domain
import Foundation
import Localization

/// `favorites folders` and `favorites folder create|rename|set|delete`.
enum FolderCommands {
    static let color = Option<FavoriteColor>(
        "color", value: "COLOUR", help: .optFolderColor,
        helpValues: ["colours": FavoriteColor.allCases.map(\.rawValue).joined(separator: ", ")],
        completion: .words(FavoriteColor.allCases.map(\.rawValue)),
        expected: tr(.usageOneOf, ["values": FavoriteColor.allCases.map(\.rawValue).joined(separator: ", ")])
    ) { try? FavoriteColor.named($0) }
    static let visibility = Option<FolderVisibility>(
        "visibility", value: "private|shared",
        help: .optFolderVisibility,
        expected: tr(.usageOneOf, ["values": "private, shared"])
    ) { try? FolderVisibility.named($0) }
    static let sort = Option<FavoriteSort>(
        "sort", value: "newest|name|distance|manual", help: .optFolderSort,
        expected: tr(.usageOneOf, ["values": "newest, name, distance, manual"])
    ) { try? FavoriteSort.named($0) }
    static let withPlaces = Option<Bool>.flag("with-places", help: .optFolderWithPlaces)

    static let specs: [CommandSpec] = [
        CommandSpec(words: ["favorites", "folders"], summary: .cmdFavoritesFolders, run: folders),
        CommandSpec(
            words: ["favorites", "folder", "create"], summary: .cmdFavoritesFolderCreate,
            positionals: [Positional("NAME")], options: [color.spec, visibility.spec, SyncCommands.queue.spec],
            run: create),
        CommandSpec(
            words: ["favorites", "folder", "rename"], summary: .cmdFavoritesFolderRename,
            positionals: [Positional("NAME", completion: .folders), Positional("NEW_NAME")],
            options: [SyncCommands.queue.spec], run: rename),
        CommandSpec(
            words: ["favorites", "folder", "set"], summary: .cmdFavoritesFolderSet,
            positionals: [Positional("NAME", completion: .folders)],
            options: [color.spec, visibility.spec, sort.spec, SyncCommands.queue.spec], run: set),
        CommandSpec(
            words: ["favorites", "folder", "delete"], summary: .cmdFavoritesFolderDelete,
            positionals: [Positional("NAME", completion: .folders)],
            options: [withPlaces.spec, SyncCommands.queue.spec], run: delete),
        // Follows of other people's shared folders
        CommandSpec(
            words: ["favorites", "follow"], summary: .cmdFavoritesFollow,
            positionals: [Positional("@NAME", completion: .usernames), Positional("FOLDER")],
            options: [SyncCommands.queue.spec], run: { try setFollowing(true, $0, $1) }),
        CommandSpec(
            words: ["favorites", "unfollow"], summary: .cmdFavoritesUnfollow,
            positionals: [Positional("@NAME", completion: .usernames), Positional("FOLDER")],
            options: [SyncCommands.queue.spec], run: { try setFollowing(false, $0, $1) }),
    ]

    static func folders(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .listFavorites)
        let snapshot = try context.favoritesSnapshot(session)
        let home = try Config.load(paths: context.paths).home
        let followed = try context.services().folderFollows.followedFolders(of: session.uid, home: home).folders
        if context.options.json {
            try context.printJSON(
                snapshot.folders.map { FolderJSON($0, count: snapshot.count(in: $0)) }
                    + followed.map { FolderJSON($0.folder, count: $0.places.count, owner: $0.owner) })
            return
        }
        for folder in snapshot.folders { context.printLine(line(for: folder, count: snapshot.count(in: folder))) }
        for entry in followed {
            context.printLine(line(for: entry.folder, count: entry.places.count, followedAs: entry.qualifiedName))
        }
    }

    /// `favorites follow` and `favorites unfollow`: checked, then sent through the write path.
    static func setFollowing(_ follow: Bool, _ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .follow)
        let services = try context.services()
        let owner = arguments.positionals[0]
        let name = arguments.positionals[1]
        let intent = try services.folderFollows.intent(follow, owner: owner, folder: name, session: session)
        if try context.send(intent, session: session, arguments) { return }
        let handle = "@" + (owner.hasPrefix("@") ? String(owner.dropFirst()) : owner) + "/" + name
        guard case .followFolder(let ownerUID, let folderID) = intent else {
            if !context.options.json { context.printLine(tr(.cliFolderUnfollowed, ["folder": handle])) }
            return
        }
        let home = try Config.load(paths: context.paths).home
        let now = try services.folderFollows.followedFolders(of: session.uid, home: home).folders
        guard let entry = now.first(where: { $0.owner.uid == ownerUID && $0.folder.id == folderID }) else {
            throw FavoritesError.folderNotFound(name)
        }
        if context.options.json {
            try context.printJSON(FolderJSON(entry.folder, count: entry.places.count, owner: entry.owner))
            return
        }
        context.printLine(
            tr(.cliFolderFollowed, ["folder": entry.qualifiedName, "followers": followers(entry.folder.followers)]))
    }

    /// `1 follower`, `2 followers`, in the run's language.
    static func followers(_ count: Int) -> String {
        count == 1 ? tr(.cliOneFolderFollower) : tr(.cliFolderFollowers, ["count": Formats.number(count)])
    }

    static func create(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .saveFavorites)
        let edit = WriteIntent.editFavorites(
            .createFolder(
                name: arguments.positionals[0], color: arguments[color] ?? .blue,
                visibility: arguments[visibility] ?? .private)
        ).resolved(in: try context.services())
        if try context.send(edit, session: session, arguments) { return }
        guard case .editFavorites(let made) = edit, let id = made.folderID else { return }
        try printFolder(context, id: id, verb: .cliFolderCreated, session: session)
    }

    static func rename(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        try change(context, arguments, verb: .cliFolderRenamed) { folder in
            .renameFolder(id: folder.id, name: arguments.positionals[1])
        }
    }

    static func set(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        try change(context, arguments, verb: .cliFolderChanged) { folder in
            .setFolder(id: folder.id, color: arguments[color], visibility: arguments[visibility], sort: arguments[sort])
        }
    }

    static func delete(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let session = try SignInRequired.check(try context.session(), .removeFavorites)
        let snapshot = try context.favoritesSnapshot(session)
        let folder = try snapshot.requireFolder(named: arguments.positionals[0])
        guard !folder.isDefault else { throw FavoritesError.defaultFolderKept }
        let deletePlaces = arguments.has(withPlaces)
        // The places that leave with the folder: those in no other folder.
        let count = snapshot.favorites.filter { $0.folders == [folder.id] }.count
        let edit = FavoritesEdit.deleteFolder(
            id: folder.id, deletion: deletePlaces ? .deletePlaces : .movePlacesToDefault)
        if try context.send(.editFavorites(edit), session: session, arguments) || context.options.json { return }
        context.printLine(
            tr(
                deletePlaces ? .cliFolderDeletedWithPlaces : .cliFolderDeletedMoved,
                ["folder": folder.shownName, "places": placeCount(count)]))
    }

    /// Finds the folder named by the first word and sends the edit `body` makes of it.
    static func change(
        _ context: CommandContext, _ arguments: ParsedArguments, verb: TextKey,
        _ body: (FavoriteFolder) -> FavoritesEdit
    ) throws {
        let session = try SignInRequired.check(try context.session(), .saveFavorites)
        let folder = try context.favoritesSnapshot(session).requireFolder(named: arguments.positionals[0])
        if try context.send(.editFavorites(body(folder)), session: session, arguments) { return }
        try printFolder(context, id: folder.id, verb: verb, session: session)
    }

    /// Prints the folder `id` as it now is: its JSON, or `verb` and its line.
    static func printFolder(_ context: CommandContext, id: String, verb: TextKey, session: Session) throws {
        let snapshot = try context.favoritesSnapshot(session)
        guard let folder = snapshot.folder(id: id) else { throw FavoritesError.folderNotFound(id) }
        let count = snapshot.count(in: folder)
        if context.options.json {
            try context.printJSON(FolderJSON(folder, count: count))
        } else {
            context.printLine(tr(verb, ["folder": line(for: folder, count: count)]))
        }
    }

    /// `1 place`, `2 places`, in the run's language.
    static func placeCount(_ count: Int) -> String {
        count == 1 ? tr(.cliOnePlace) : tr(.cliPlaces, ["count": Formats.number(count)])
    }

    /// `제주 여행  2 places  orange · shared · newest` (`(default)` after the default folder).
    /// A followed folder reads `@mina/카페  … · 3 followers  (followed)`.
    static func line(for folder: FavoriteFolder, count: Int, followedAs: String? = nil) -> String {
        let dot = TextOutput.dot
        var name = folder.isDefault ? tr(.cliFolderDefault, ["folder": folder.shownName]) : folder.shownName
        if let followedAs { name = followedAs }
        let line =
            "\(name)  \(placeCount(count))  \(folder.color.listed) \(dot) \(folder.visibility.listed) \(dot) "
            + "\(folder.sort.listed)"
        let counted = folder.followers > 0 ? line + " \(dot) " + followers(folder.followers) : line
        return followedAs == nil ? counted : counted + "  " + tr(.cliFolderFollowedMark)
    }
}

// The words of a folder's line: the option's values in English, their names in Korean.
extension FavoriteColor {
    fileprivate var listed: String {
        switch self {
        case .red: return tr(.folderRed)
        case .orange: return tr(.folderOrange)
        case .yellow: return tr(.folderYellow)
        case .green: return tr(.folderGreen)
        case .blue: return tr(.folderBlue)
        case .purple: return tr(.folderPurple)
        case .pink: return tr(.folderPink)
        case .gray: return tr(.folderGray)
        }
    }
}

extension FolderVisibility {
    fileprivate var listed: String { self == .private ? tr(.folderPrivate) : tr(.folderShared) }
}

extension FavoriteSort {
    fileprivate var listed: String {
        switch self {
        case .newest: return tr(.folderSortNewest)
        case .name: return tr(.folderSortName)
        case .distance: return tr(.folderSortDistance)
        case .manual: return tr(.folderSortManual)
        }
    }
}
