/// The `feed` section of `make bench`.
enum FeedBench {
    static func run() throws {
        print("feed: not measured yet")
    }
}
