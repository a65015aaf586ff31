import Domain
import Foundation
import Localization

/// The `profile` subcommands.
enum ProfileCommands {
    static let displayName = Option<String>.text("display-name", value: "NAME", help: .optProfileDisplayName)
    static let username = Option<String>.text("username", value: "NAME", help: .optProfileUsername)
    static let bio = Option<String>.text("bio", value: "TEXT", help: .optProfileBio)

    static let specs: [CommandSpec] = [
        CommandSpec(
            words: ["profile", "set"],
            summary: .cmdProfileSet,
            options: [displayName.spec, username.spec, bio.spec, SyncCommands.queue.spec], run: set)
    ]

    static func set(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let edit = ProfileEdit(displayName: arguments[displayName], username: arguments[username], bio: arguments[bio])
        guard !edit.isEmpty else { throw arguments.usageError() }
        let session = try SignInRequired.check(try context.session(), .editProfile)
        if try context.queuedBecauseUnreachable({ .editProfile(edit) }, session: session, arguments) { return }
        let user = try context.services().users.updateProfile(edit, session: session)
        try? context.services().copyOwnProfile(session: session)
        if context.options.json {
            try context.printJSON(user)
            return
        }
        context.printLine(tr(.cliProfileSaved))
        context.printLine(describe(user))
        if !user.isUserOnboarded {
            context.printLine(tr(.cliFinishOnboarding))
        }
    }

    /// A profile for people: name and handle, bio, email, counts and join date.
    static func describe(_ user: User) -> String {
        var lines: [String] = []
        let name = DisplayName.shown(user.displayName)
        lines.append(name + (user.username.isEmpty ? "" : " @" + user.username))
        if !user.bio.isEmpty { lines.append(user.bio) }
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
