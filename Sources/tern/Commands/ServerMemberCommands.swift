import DocStore
import Domain
import Foundation
import Localization
import PlainText

/// `tern server members`, `tern server remove @NAME` and `tern server watch`: the accounts
/// of a team server, removing one (its open sessions ended, its queued writes refused), and
/// the watch that ends members' and the guest's sessions over the server's bounds.
enum ServerMemberCommands {
    static func members(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let url = try ServerCommands.adminURL(arguments, command: "members")
        let members = try ServerCommands.failing { try TernServer.members(adminURL: url) }
        if context.options.json {
            try context.printJSON(members.map(MemberJSON.init))
            return
        }
        if members.isEmpty { context.printLine(tr(.serverNoMembers)) }
        for member in members {
            let values = [
                "username": member.username.isEmpty ? "-" : "@" + member.username,
                "name": member.displayName.isEmpty ? "-" : member.displayName, "email": member.email,
                "uid": member.uid, "joined": member.joined.map(ServerCommands.stamp) ?? "-",
                "sessions": String(member.sessions),
                "removed": member.removed.map(ServerCommands.stamp) ?? "",
            ]
            context.printLine(tr(member.removed == nil ? .serverMemberLine : .serverRemovedMemberLine, values))
        }
    }

    static func remove(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let url = try ServerCommands.adminURL(arguments, command: "remove")
        let name = arguments.positionals[1]
        let removed: (member: TernServer.Member, ended: Int)
        do {
            removed = try TernServer.remove(adminURL: url, name: name)
        } catch StoreError.notFound {
            throw CommandFailure(tr(.serverNoSuchMember, ["name": name]))
        } catch let error as StoreError {
            throw CommandFailure(error.description)
        }
        let member = removed.member
        context.printLine(
            tr(
                .serverMemberRemoved,
                [
                    "username": member.username.isEmpty ? member.uid : "@" + member.username, "uid": member.uid,
                    "count": String(removed.ended),
                ]))
    }

    /// Every second (or once, with `--once`): ends the sessions over the bounds and prints a
    /// line for each. A lost connection is made again; only an interrupt stops it.
    static func watch(_ context: CommandContext, _ arguments: ParsedArguments) throws {
        let url = try ServerCommands.adminURL(arguments, command: "watch")
        let once = arguments[ServerCommands.once] ?? false
        if !once { context.printLine(tr(.serverWatching, ["server": ServerConnection.redacted(url)])) }
        var connection: ServerConnection?
        while true {
            do {
                let open = try connection ?? ServerConnection(url: url)
                connection = open
                for ended in try TernServer.watch(open) {
                    context.printLine(
                        tr(
                            .serverSessionEnded,
                            ["account": ended.account, "pid": String(ended.pid), "reason": ended.reason]))
                }
            } catch let error as StoreError {
                connection?.close()
                connection = nil
                if once { throw CommandFailure(error.description) }
                FileHandle.standardError.write(Data("tern: \(SafeText.clean(error.description))\n".utf8))
            }
            if once { return }
            sleep(1)
        }
    }

    /// A member in `tern server members --json`.
    struct MemberJSON: Encodable {
        let uid: String
        let username: String
        let displayName: String
        let email: String
        let joined: String?
        let removed: String?
        let sessions: Int

        init(_ member: TernServer.Member) {
            uid = member.uid
            username = member.username
            displayName = member.displayName
            email = member.email
            joined = member.joined.map { ISO8601DateFormatter().string(from: $0) }
            removed = member.removed.map { ISO8601DateFormatter().string(from: $0) }
            sessions = member.sessions
        }
    }
}
