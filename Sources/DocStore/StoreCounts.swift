/// What a store has cost since it opened: statements its database ran, commits, and round
/// trips to a server. Tests read it to bound what one write costs (see `DocumentStore.counts`).
public struct StoreCounts: Equatable, Sendable, CustomStringConvertible {
    /// SQL statements run, transaction control (`BEGIN`, `COMMIT`, `ROLLBACK`) left out.
    public var statements = 0
    /// Write transactions committed.
    public var commits = 0
    /// Messages sent to a server and answered (0 on the embedded store).
    public var roundTrips = 0

    public init(statements: Int = 0, commits: Int = 0, roundTrips: Int = 0) {
        self.statements = statements
        self.commits = commits
        self.roundTrips = roundTrips
    }

    /// What was spent between `earlier` and these counts.
    public func since(_ earlier: StoreCounts) -> StoreCounts {
        StoreCounts(
            statements: statements - earlier.statements, commits: commits - earlier.commits,
            roundTrips: roundTrips - earlier.roundTrips)
    }

    public var description: String { "\(statements) statements, \(commits) commits, \(roundTrips) round trips" }
}
