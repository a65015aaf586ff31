import Domain
import Foundation
import Localization

/// The account subcommands: register, login, logout, whoami.
enum AccountCommands {
    static let email = Option<String>.text(
        "email", value: "EMAIL", help: .optAccountEmail, required: true,
        allowsEmpty: false)

    static let specs: [CommandSpec] = [
        CommandSpec(
            words: ["register"], summary: .cmdRegister,
            options: [email.spec], run: register),
        CommandSpec(
            words: ["login"], summary: .cmdLogin,
            options: [email.spec], run: login),
        CommandSpec(words: ["logout"], summary: .cmdLogout, run: logout),
        CommandSpec(words: ["whoami"], summary: .cmdWhoami, run: whoami),
    ]

    static func register(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let email = arguments[Self.email] ?? ""
        _ = try Validation.email(email)
        let password = try PasswordPrompt.readNew()
        let services = try context.services()
        let session = try services.auth.register(email: email, password: password)
        if context.options.json {
            try context.printJSON(try services.auth.currentUser().map(UserJSON.init))
        } else {
            context.printLine(tr(.cliRegistered, ["email": session.email]))
            context.printLine(tr(.cliNextProfile))
        }
    }

    static func login(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let email = arguments[Self.email] ?? ""
        let password = try PasswordPrompt.read()
        let services = try context.services()
        let session = try services.auth.signIn(email: email, password: password)
        let user = try services.auth.currentUser()
        if context.options.json {
            try context.printJSON(user.map(UserJSON.init))
        } else {
            let name = user.map { $0.username.isEmpty ? "" : " (@\($0.username))" } ?? ""
            context.printLine(tr(.cliSignedIn, ["email": session.email, "handle": name]))
            if user?.isUserOnboarded == false {
                context.printLine(tr(.cliFinishProfile))
            }
        }
    }

    static func logout(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let file = SessionFile(paths: context.paths)
        let wasSignedIn = (try? file.read()) != nil
        try AuthService.signOut(sessionFile: file)
        if !context.options.json {
            context.printLine(tr(wasSignedIn ? .cliSignedOut : .cliNotSignedIn))
        }
    }

    static func whoami(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        guard try context.session() != nil else { throw CommandFailure(tr(.cliNotSignedInError)) }
        guard let user = try context.services().auth.currentUser() else {
            throw CommandFailure(tr(.cliNotSignedInError))
        }
        if context.options.json {
            try context.printJSON(UserJSON(user))
            return
        }
        context.printLine(ProfileCommands.describe(user))
    }
}
