import Testing

@testable import ViewModels

/// The embedded store's sync port: a person on a local file never sees pending marks or
/// an offline header.
@Suite struct EmbeddedSyncTests {
    @Test func theEmbeddedStoreReportsNothingPendingAndNothingStale() {
        var seen: [SyncStatus] = []
        var dropped: [DroppedWrite] = []
        let port: SyncPort = EmbeddedSync()
        let subscription = port.observeSync({ seen.append($0) }, onDropped: { dropped.append($0) })
        port.syncNow()
        subscription.cancel()
        #expect(seen == [SyncStatus(connection: .embedded, pendingWrites: 0, pendingPaths: [], isStale: false)])
        #expect(dropped.isEmpty)
    }
}
