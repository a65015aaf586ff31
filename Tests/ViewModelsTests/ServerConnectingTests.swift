import Domain
import Foundation
import Testing

@testable import ViewModels

/// A start on a local copy of a team server: the server is reached in the background. A
/// connection refused or answered in a way that is not PostgreSQL's is said once in a toast
/// (not on every retry) and tried again with back-off; an unreachable server is left to the
/// header. A profile that the copy says is not onboarded waits for the server's word.
@Suite struct ServerConnectingTests {
    /// A server reached through the port: each attempt fails with `failure`, or succeeds.
    final class FakeConnecting: ServerConnecting {
        var readsLocalCopy = true
        var failure: ServerConnectFailure?
        var attempts = 0

        func connect() throws -> () -> Bool {
            attempts += 1
            if let failure { throw failure }
            return { [self] in
                readsLocalCopy = false
                return true
            }
        }

        func readLocalCopy(of uid: String?) -> Bool { false }
    }

    func started(_ world: World, _ connecting: FakeConnecting) -> AppViewModel {
        var services = world.screenServices
        services.connecting = connecting
        let app = AppViewModel(services: services, events: world.events, work: world.work, now: world.clock.read)
        app.start()
        world.settle()
        return app
    }

    func advance(_ world: World, by seconds: TimeInterval) {
        world.clock.advance(by: seconds)
        world.settle()
    }

    @Test func aRefusedConnectionIsSaidOnceAndTriedAgainWithBackOff() throws {
        let world = try World()
        let connecting = FakeConnecting()
        connecting.failure = ServerConnectFailure(
            reason: "expected authentication request from server, but received H",
            isUnreachable: false)
        let app = started(world, connecting)
        #expect(connecting.attempts == 1)
        #expect(
            app.state.toast
                == Toast(
                    "Cannot connect to the team server: expected authentication request from server, "
                        + "but received H · retrying", kind: .error))
        #expect(app.state.sync.isStale)
        advance(world, by: 1)
        #expect(connecting.attempts == 2, "tried again after 1 s")
        advance(world, by: 2.5)
        #expect(connecting.attempts == 3, "then after 2 s")
        #expect(app.state.toast == nil, "the same reason is not said again")
        connecting.failure = ServerConnectFailure(reason: "FATAL: password authentication failed", isUnreachable: false)
        advance(world, by: 3.9)
        #expect(connecting.attempts == 3, "then after 4 s")
        advance(world, by: 0.1)
        #expect(connecting.attempts == 4)
        #expect(
            app.state.toast?.message
                == "Cannot connect to the team server: FATAL: password authentication failed · retrying")
        connecting.failure = nil
        advance(world, by: 8)
        #expect(connecting.attempts == 5)
        #expect(!connecting.readsLocalCopy && !app.state.sync.isStale, "connected: the lists are the server's")
    }

    @Test func anUnreachableServerIsRetriedWithoutAToast() throws {
        let world = try World()
        let connecting = FakeConnecting()
        connecting.failure = ServerConnectFailure(reason: "Connection refused", isUnreachable: true)
        let app = started(world, connecting)
        advance(world, by: 1)
        advance(world, by: 2)
        #expect(connecting.attempts == 3)
        #expect(app.state.toast == nil)
    }

    /// An account registered and not onboarded, started on the copy of an unreachable server.
    func startedNotOnboarded(_ world: World) throws -> (AppViewModel, FakeConnecting) {
        try world.services.auth.register(email: "late@example.com", password: "password123")
        let connecting = FakeConnecting()
        connecting.failure = ServerConnectFailure(reason: "Connection refused", isUnreachable: true)
        return (started(world, connecting), connecting)
    }

    @Test func aProfileTheCopySaysIsNotOnboardedWaitsForTheServer() throws {
        let world = try World()
        let (app, connecting) = try startedNotOnboarded(world)
        #expect(app.state.tab == .places && app.profile.state.form == nil, "no onboarding from the copy")
        connecting.failure = nil
        advance(world, by: 1)
        #expect(!connecting.readsLocalCopy)
        #expect(app.profile.state.form?.kind == .onboarding, "the server's profile is not onboarded either")
    }

    @Test func aProfileOnboardedOnTheServerMeanwhileOpensNoForm() throws {
        let world = try World()
        let (app, connecting) = try startedNotOnboarded(world)
        _ = try world.services.users.updateProfile(
            ProfileEdit(displayName: "Late", username: "late"),
            session: try world.services.session())
        connecting.failure = nil
        advance(world, by: 1)
        world.settle()
        #expect(!connecting.readsLocalCopy)
        #expect(app.profile.state.form == nil)
        #expect(app.state.user?.username == "late")
    }
}
