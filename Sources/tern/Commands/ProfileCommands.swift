import Domain
import Foundation

/// The `profile` subcommands.
enum ProfileCommands {
    static let specs: [CommandSpec] = [
        CommandSpec(words: ["profile", "set"], usage: "profile set [--display-name NAME] [--username NAME] [--bio TEXT]",
                    summary: "change your profile (display name and username together complete onboarding)",
                    options: [
                        OptionSpec(name: "display-name", valueName: "NAME", help: "1 to 50 characters"),
                        OptionSpec(name: "username", valueName: "NAME", help: "3 to 15 of a-z 0-9 _, unique (stored lowercased)"),
                        OptionSpec(name: "bio", valueName: "TEXT", help: "at most 160 characters (empty clears it)"),
                    ],
                    positionals: 0...0, run: set),
    ]

    static func set(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let edit = ProfileEdit(displayName: arguments.value("display-name"), username: arguments.value("username"),
                               bio: arguments.value("bio"))
        guard !edit.isEmpty else {
            throw UsageError("usage: tern profile set [--display-name NAME] [--username NAME] [--bio TEXT]")
        }
        let session = try SignInRequired.check(try context.session(), .editProfile)
        let user = try context.services().users.updateProfile(edit, session: session)
        if context.options.json {
            try context.printJSON(user)
            return
        }
        context.printLine("Profile saved.")
        context.printLine(describe(user))
        if !user.isUserOnboarded {
            context.printLine("To finish onboarding, set both --display-name and --username.")
        }
    }

    /// A profile for people: name and handle, bio, email, counts and join date.
    static func describe(_ user: User) -> String {
        var lines: [String] = []
        let name = user.displayName.isEmpty ? "(no display name yet)" : user.displayName
        lines.append(name + (user.username.isEmpty ? "" : " @" + user.username))
        if !user.bio.isEmpty { lines.append(user.bio) }
        lines.append(user.email)
        lines.append("\(user.followersCount) followers \(TextOutput.dot) \(user.followingCount) following \(TextOutput.dot) joined \(TernTime.iso8601(user.createdOn).prefix(10))")
        if !user.isUserOnboarded { lines.append("Profile not finished: tern profile set --display-name NAME --username NAME") }
        return lines.joined(separator: "\n")
    }
}
