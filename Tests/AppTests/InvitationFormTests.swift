import App
import Domain
import Foundation
import Localization
import Testing
import ViewModels

/// The accounts of a team server whose sign-up takes an invitation: registration records the
/// invitation the form gave, then registers on the test's store.
final class InvitingAccounts: AccountsPort, @unchecked Sendable {
    // @unchecked: the tests use it from the loop's thread only (background work runs inline).
    private let port: AccountsPort
    let need: InvitationNeed
    var invitations: [String?] = []

    init(_ port: AccountsPort, preset: String? = nil) {
        self.port = port
        need = InvitationNeed(server: "postgres://team.example/tern", preset: preset)
    }

    var invitationNeed: InvitationNeed? { need }
    func register(email: String, password: String, invitation: String?) throws -> User {
        invitations.append(invitation)
        return try port.register(email: email, password: password)
    }

    func currentUser() throws -> User? { try port.currentUser() }
    func followSession() throws -> User? { try port.followSession() }
    func signIn(email: String, password: String) throws -> User { try port.signIn(email: email, password: password) }
    func register(email: String, password: String) throws -> User {
        try register(email: email, password: password, invitation: nil)
    }
    func signOut() throws { try port.signOut() }
    func updateProfile(_ edit: ProfileEdit) throws -> User { try port.updateProfile(edit) }
    func observeUser(uid: String, _ onChange: @escaping (User?) -> Void, onError: @escaping (Error) -> Void) throws
        -> Cancellable
    {
        try port.observeUser(uid: uid, onChange, onError: onError)
    }
    func sessionStamp() -> String? { port.sessionStamp() }
}

/// Signing up on a team server (issue 27, points 7 and 8): the form has an invitation
/// field and says, whole, where an invitation comes from; an empty one is refused at once.
@Suite struct InvitationFormTests {
    func app(width: Int, height: Int, preset: String? = nil) throws -> (AppHarness, InvitingAccounts, AppWorld) {
        let world = try AppWorld()
        let accounts = InvitingAccounts(world.adapters, preset: preset)
        let services = ScreenServices(
            places: world.places, accounts: accounts, favorites: world.adapters, feed: world.adapters)
        let harness = AppHarness(
            width: width, height: height, services: services, now: world.clock.read, events: world.events)
        harness.keepsAlive = world
        return (harness, accounts, world)
    }

    @Test(arguments: [(80, 24), (40, 24)]) func theSignUpFormTakesAnInvitationAndSaysWhereOneComesFrom(
        width: Int, height: Int
    ) throws {
        let (harness, accounts, _) = try app(width: width, height: height)
        harness.press("4")
        harness.press("c")
        #expect(harness.line(containing: "Invitation") != nil, "\(harness.text)")
        // The hint is shown whole, wrapped, however narrow the terminal.
        let hint = harness.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: " ")
        #expect(
            hint.contains(
                "postgres://team.example/tern takes an invitation to create an account: ask its administrator for "
                    + "one (tern server invite makes it) and type it here"), "\(harness.text)")
        harness.type("mina@example.com")
        harness.press("tab")
        harness.type("password123")
        harness.press("enter")
        #expect(harness.text.contains("Enter the invitation"), "an empty one is refused at once")
        #expect(accounts.invitations.isEmpty)
        harness.type("k3ycode")
        harness.press("enter")
        #expect(accounts.invitations == ["k3ycode"], "the form's invitation is the one sent")
        #expect(harness.app.state.user != nil)
    }

    @Test func theEnvironmentsInvitationFillsTheField() throws {
        let (harness, accounts, _) = try app(width: 80, height: 24, preset: "fromenv")
        harness.press("4")
        harness.press("c")
        #expect(harness.line(containing: "Invitation")?.contains("fromenv") == true, "\(harness.text)")
        harness.type("mina@example.com")
        harness.press("tab")
        harness.type("password123")
        harness.press("enter")
        #expect(accounts.invitations == ["fromenv"])
    }

    @Test func theHintReadsKorean() throws {
        try Language.$scoped.withValue(.ko) {
            let (harness, _, _) = try app(width: 80, height: 24)
            harness.press("4")
            harness.press("c")
            #expect(harness.line(containing: "초대 코드") != nil)
            #expect(harness.text.contains("관리자에게 받아"), "\(harness.text)")
        }
    }
}
