import App
import Domain
import Foundation
import Testing
import ViewModels

#if canImport(Glibc)
    import Glibc
#endif

/// The accounts of a far store whose session reads (`currentUser`, `followSession`) wait at
/// a gate until the test opens it (recording the threads they ran on); the rest passes.
final class GatedAccounts: AccountsPort, @unchecked Sendable {
    // @unchecked: its fields never change; `Gate` locks its own state.
    private let port: AccountsPort
    let gate = Gate()

    init(_ port: AccountsPort) { self.port = port }

    private func pass() { gate.pass() }

    func currentUser() throws -> User? {
        pass()
        return try port.currentUser()
    }

    func followSession() throws -> User? {
        pass()
        return try port.followSession()
    }

    func signIn(email: String, password: String) throws -> User { try port.signIn(email: email, password: password) }
    func register(email: String, password: String) throws -> User {
        try port.register(email: email, password: password)
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

/// On a team server, following a sign-in or sign-out made in another terminal reads the
/// user and moves the store to another role: round trips. The session check runs them on a
/// worker while the loop answers keys, and drops an answer this process has overtaken.
@Suite struct OffLoopSessionTests {
    /// The app on worker threads over `world`'s store (signed in), its session reads behind a gate.
    func farApp() throws -> (AppHarness, GatedAccounts, AppWorld) {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        let accounts = GatedAccounts(world.adapters)
        var services = ScreenServices(
            places: world.places, accounts: accounts, favorites: world.adapters, feed: world.adapters)
        services.isStoreRemote = true
        let harness = AppHarness(
            width: 80, height: 24, services: services, now: world.clock.read, events: world.events,
            work: LaneWorkExecutor())
        harness.keepsAlive = world
        return (harness, accounts, world)
    }

    @Test func aSignOutElsewhereIsFollowedOffTheLoopWhileKeysAreAnswered() throws {
        let (harness, accounts, world) = try farApp()
        #expect(harness.settled { harness.app.state.user?.username == "newcomer" })
        accounts.gate.close()
        try world.services.auth.signOut()  // another terminal: the session file goes
        harness.app.profile.checkSession()
        #expect(accounts.gate.hasCallerWaiting(), "the session check waits on a worker")
        #expect(!accounts.gate.wasPassed(on: pthread_self()), "never on the loop's thread")
        harness.press("?")
        #expect(harness.app.state.isHelpVisible, "keys are answered while the server holds the check")
        harness.press("esc")
        harness.app.profile.checkSession()
        #expect(harness.app.state.user?.username == "newcomer", "the user stays until the answer")
        accounts.gate.open()
        #expect(harness.settled { harness.app.state.user == nil })
        #expect(harness.app.state.toast?.message == "Signed out in another terminal")
        #expect(!accounts.gate.wasPassed(on: pthread_self()))
    }

    @Test func aCheckOvertakenByThisProcesssOwnSignOutIsDropped() throws {
        let (harness, accounts, world) = try farApp()
        #expect(harness.settled { harness.app.state.user?.username == "newcomer" })
        accounts.gate.close()
        try world.services.auth.signOut()
        harness.app.profile.checkSession()
        #expect(accounts.gate.hasCallerWaiting())
        // Meanwhile this process signs out itself: its own answer sets the user.
        harness.press("4")
        harness.press("L")
        harness.press("y")
        #expect(harness.settled { harness.app.state.user == nil })
        #expect(harness.app.state.toast?.message == "Signed out")
        accounts.gate.open()
        #expect(harness.settled { !harness.app.work.isBusy(.sessionCheck) })
        harness.settle()
        #expect(harness.app.state.toast?.message == "Signed out", "the stale check's answer is dropped, not toasted")
        #expect(harness.app.state.user == nil)
    }
}
