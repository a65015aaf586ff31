import Domain
import Faces
import Foundation
import Localization

/// The `profile` subcommands.
enum ProfileCommands {
    static let displayName = Option<String>.text("display-name", value: "NAME", help: .optProfileDisplayName)
    static let username = Option<String>.text("username", value: "NAME", help: .optProfileUsername)
    static let bio = Option<String>.text("bio", value: "TEXT", help: .optProfileBio)
    static let avatar = Option<String>.text(
        "avatar", value: "FILE", help: .optProfileAvatar, allowsEmpty: false, completion: .files)

    static let specs: [CommandSpec] = [
        CommandSpec(
            words: ["profile", "set"],
            summary: .cmdProfileSet,
            options: [displayName.spec, username.spec, bio.spec, avatar.spec, SyncCommands.queue.spec], run: set)
    ]

    static func set(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        // The picture is decoded before anything is written: a refused one changes nothing.
        let picture = try arguments[avatar].map(avatarValue)
        let edit = ProfileEdit(
            displayName: arguments[displayName], username: arguments[username], bio: arguments[bio], avatar: picture)
        guard !edit.isEmpty else { throw arguments.usageError() }
        let session = try SignInRequired.check(try context.session(), .editProfile)
        if try context.queuedBecauseUnreachable({ .editProfile(edit) }, session: session, arguments) { return }
        let user = try context.services().users.updateProfile(edit, session: session)
        try? context.services().copyOwnProfile(session: session)
        if context.options.json {
            try context.printJSON(UserJSON(user))
            return
        }
        context.printLine(tr(.cliProfileSaved))
        context.printLine(describe(user))
        if !user.isUserOnboarded {
            context.printLine(tr(.cliFinishOnboarding))
        }
    }

    /// `--avatar`'s value as the profile stores it: "" for `none`, else the file as a PNG data URL.
    static func avatarValue(_ argument: String) throws -> String {
        guard argument != "none" else { return "" }
        return AvatarDataURL.encode(try PictureDecoder.face(fromFile: argument))
    }

    /// A profile for people: name and handle, bio, email, counts and join date.
    static func describe(_ user: User) -> String {
        var lines: [String] = []
        let name = DisplayName.shown(user.displayName)
        lines.append(name + (user.username.isEmpty ? "" : " @" + user.username))
        if !user.bio.isEmpty { lines.append(user.bio) }
        if user.avatar != nil { lines.append(tr(.cliProfileHasPicture)) }
        lines.append(user.email)
        lines.append(
            tr(
                .cliProfileCounts,
                [
                    "followers": String(user.followersCount), "following": String(user.followingCount),
                    "dot": TextOutput.dot, "date": String(TernTime.iso8601(user.createdOn).prefix(10)),
                ]))
        if !user.isUserOnboarded { lines.append(tr(.cliProfileNotFinished)) }
        return lines.joined(separator: "\n")
    }
}
