import App
import Foundation
import TerminalUI
import Testing
import ViewModels

/// A sync port the test drives: the status it reports and the writes dropped on replay.
final class ScriptedSync: SyncPort {
    private var onChange: (SyncStatus) -> Void = { _ in }
    private var onDropped: (DroppedWrite) -> Void = { _ in }
    private(set) var syncRequests = 0
    /// The accounts the app asked to follow, in order.
    private(set) var followed: [String?] = []

    func observeSync(_ onChange: @escaping (SyncStatus) -> Void, onDropped: @escaping (DroppedWrite) -> Void)
        -> Cancellable
    {
        self.onChange = onChange
        self.onDropped = onDropped
        onChange(SyncStatus(connection: .online))
        return AnyCancellable {}
    }

    func syncNow() { syncRequests += 1 }
    func follow(account uid: String?) { followed.append(uid) }

    func report(_ status: SyncStatus) { onChange(status) }
    func drop(_ write: DroppedWrite) { onDropped(write) }
}

/// The pending mark, the footer's legend and the header's connection line, as a person sees
/// them while writes are on their way to a far server (held until the test answers them).
@Suite struct PendingScreenTests {
    /// The sample community's feed, signed in as a newcomer, on a "team server" whose writes
    /// wait in `held`.
    func farApp(isUTF8: Bool = true, width: Int = 80, height: Int = 24) throws -> (
        AppHarness, HeldWorkExecutor, ScriptedSync
    ) {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        let sync = ScriptedSync()
        var services = ScreenServices(
            places: world.places, accounts: world.adapters, favorites: world.adapters,
            feed: world.adapters, sync: sync)
        services.isStoreRemote = true
        let held = HeldWorkExecutor()
        let harness = AppHarness(
            width: width, height: height, services: services, isUTF8: isUTF8,
            now: world.clock.read, events: world.events, work: held)
        harness.keepsAlive = world
        // The subscriptions start off the loop's thread like any read of a far store; some
        // start when another's first answer lands (a folder's places after the folders).
        repeat {
            held.runAll()
            harness.settle()
        } while held.waiting > 0
        return (harness, held, sync)
    }

    @Test(arguments: [(80, 24), (120, 40)]) func aLikeOnItsWayShowsThePendingMarkAndTheLegend(size: (Int, Int)) throws {
        let (harness, held, _) = try farApp(width: size.0, height: size.1)
        harness.press("3")
        let before = try #require(harness.line(containing: "♡"))
        harness.press("l")
        #expect(held.waiting == 1, "the like waits for the server; the screen does not")
        expectGolden(harness, "pending-like")
        let heart = try #require(harness.line(containing: "♥"))
        #expect(heart.contains("◌") && harness.lines.last?.contains("◌ pending") == true)
        harness.press("j")
        #expect(held.waiting == 1, "keys are answered while the like is on its way")
        held.runAll()
        harness.settle()
        #expect(harness.line(containing: "◌") == nil, "the answer clears the mark")
        #expect(harness.line(containing: "♥") != nil && before.contains("♡"))
    }

    /// pick: a post with a place attached (Ctrl-P) shows at once above the list with its
    /// `📍` line (`[P]` in ASCII) and the pending mark, while the write waits for the server.
    @Test(arguments: [true, false]) func aPostWithAPlaceShowsItsPlaceLineAndThePendingMarkAtOnce(isUTF8: Bool)
        throws
    {
        let (harness, held, _) = try farApp(isUTF8: isUTF8, width: 100, height: 30)
        harness.press("3")
        harness.press("n")
        harness.type("lunch on the way")
        harness.press("ctrl-p")
        harness.type("seoul")
        held.runAll()
        harness.settle()
        harness.press("enter")
        #expect(harness.app.feed.state.attachedPlace?.placeID == "1835848")
        harness.press("enter")
        #expect(held.waiting >= 1, "the post waits for the server; the screen does not")
        let lines = harness.lines
        let caption = try #require(lines.firstIndex { $0.contains("lunch on the way") }, "\(harness.text)")
        #expect(lines[caption + 1].contains((isUTF8 ? "📍" : "[P]") + " Seoul"), "\(harness.text)")
        #expect(lines[caption + 2].contains(isUTF8 ? "◌" : ".."), "pending: \(harness.text)")
        held.runAll()
        harness.settle()
        #expect(harness.app.feed.state.sending.allSatisfy { !$0.isPending })
    }

    @Test func theLegendStaysWhenTheSyncKeyIsOfferedToo() throws {
        let (harness, held, sync) = try farApp(width: 80, height: 24)
        harness.press("3")
        harness.press("l")
        sync.report(SyncStatus(connection: .online, pendingWrites: 1))
        harness.settle()
        #expect(held.waiting == 1)
        #expect(
            harness.lines.last?.contains("◌ pending") == true,
            "the mark on screen is explained even when the sync key does not fit beside it")
    }

    @Test func theHeaderSaysOfflineWithThePendingCountAndStaleLists() throws {
        let (harness, _, sync) = try farApp()
        harness.press("3")
        #expect(harness.lines[0].hasSuffix("@newcomer"))
        sync.report(
            SyncStatus(
                connection: .offline(reason: "connection refused"), pendingWrites: 3,
                pendingPaths: [], isStale: true))
        harness.settle()
        expectGolden(harness, "pending-header-offline")
        #expect(harness.lines[0].contains("offline · 3 pending  NC @newcomer"))
        #expect(
            harness.lines[1].contains("newest first · possibly stale"), "the list says it may be older than the server")
        sync.report(SyncStatus(connection: .offline(reason: "connection refused")))
        harness.settle()
        #expect(harness.lines[0].contains("offline  NC @newcomer") && !harness.lines[0].contains("pending"))
        sync.report(SyncStatus(connection: .online, pendingWrites: 2))
        harness.settle()
        #expect(harness.lines[0].contains("2 pending  NC @newcomer") && !harness.lines[0].contains("offline"))
        sync.report(SyncStatus(connection: .online))
        harness.settle()
        #expect(!harness.lines[0].contains("pending") && !harness.lines[0].contains("offline"))
    }

    @Test func rowsTheStatusListsArePendingAndADroppedWriteIsNamed() throws {
        let (harness, _, sync) = try farApp()
        harness.press("3")
        let top = try #require(harness.app.feed.state.rows.first)
        let uid = try #require(harness.app.state.user?.id)
        sync.report(
            SyncStatus(
                connection: .offline(reason: "down"), pendingWrites: 1,
                pendingPaths: [SyncPaths.like(postID: top.id, uid: uid)]))
        harness.settle()
        #expect(harness.app.feed.state.rows.first?.isPending == true)
        #expect(harness.line(containing: "◌") != nil)
        sync.drop(DroppedWrite(description: "post “hello”", reason: "The post was deleted"))
        harness.settle()
        #expect(harness.lines.last?.contains("Not sent: post “hello” (The post was deleted)") == true)
    }

    @Test func aFavoriteTheStatusListsIsPendingInFavorites() throws {
        let (harness, held, sync) = try farApp()
        harness.press("s")
        held.runAll()
        harness.settle()
        harness.press("2")
        let saved = try #require(harness.app.favorites.state.items.first)
        #expect(harness.line(containing: saved.placeName)?.contains("◌") == false)
        let uid = try #require(harness.app.state.user?.id)
        sync.report(
            SyncStatus(
                connection: .offline(reason: "down"), pendingWrites: 1,
                pendingPaths: [SyncPaths.favorite(placeID: saved.placeID, uid: uid)]))
        harness.settle()
        #expect(harness.line(containing: saved.placeName)?.contains("★ ◌ " + saved.placeName) == true)
        #expect(harness.app.hasPendingMarks, "the footer's legend explains the mark once the toast is gone")
        sync.report(SyncStatus(connection: .online))
        harness.settle()
        #expect(harness.line(containing: "◌") == nil)
    }

    @Test func asciiTerminalsMarkPendingWithDots() throws {
        let (harness, _, _) = try farApp(isUTF8: false)
        harness.press("s")
        expectGolden(harness, "pending-save-ascii")
        #expect(harness.lines.contains { $0.hasPrefix("* .. ") })
        #expect(harness.lines.last?.contains(".. pending") == true)
    }

    @Test func ctrlRSendsNowAndTheFooterOffersItWhileWritesWait() throws {
        let (harness, _, sync) = try farApp(width: 100, height: 60)
        harness.press("3")
        #expect(harness.lines.last?.contains("Ctrl-R") == false, "nothing waits: the footer does not offer it")
        sync.report(SyncStatus(connection: .offline(reason: "connection refused"), pendingWrites: 2))
        harness.settle()
        #expect(harness.lines.last?.contains("Ctrl-R sync now") == true)
        harness.press("ctrl-r")
        #expect(sync.syncRequests == 1)
        #expect(harness.lines.last?.contains("Sending what waits for the team server") == true)
        harness.press("1")
        harness.press("ctrl-r")
        #expect(sync.syncRequests == 2, "the same key on every tab")
        harness.press("?")
        #expect(harness.line(containing: "Ctrl-R") != nil, "the help overlay lists it")
        harness.press("esc")
        sync.report(SyncStatus(connection: .online))
        try #require(harness.keepsAlive as? AppWorld).clock.advance(by: 5)
        harness.refresh()
        #expect(harness.lines.last?.contains("Ctrl-R") == false, "sent: the footer stops offering it")
    }

    @Test func ctrlROnTheEmbeddedStoreSaysThereIsNothingToSync() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.press("ctrl-r")
        #expect(harness.lines.last?.contains("Nothing to sync: the store is on this computer") == true)
    }

    @Test func signingInAndOutTellsTheSyncPortWhichAccountToFollow() throws {
        let (harness, held, sync) = try farApp()
        let uid = try #require(harness.app.state.user?.id)
        #expect(sync.followed.last == uid)
        harness.press("4")
        harness.press("L")
        harness.press("y")
        harness.settle()
        // Signing out moves a server's store to the guest's role: a round trip, off the loop.
        #expect(harness.app.state.user?.id == uid && held.waiting > 0, "the sign-out waits for its worker")
        harness.press("j")
        held.runAll()
        harness.settle()
        #expect(harness.app.state.user == nil)
        #expect(sync.followed.last == .some(nil))
    }
}
