/// The `search` section of `make bench`.
enum SearchBench {
    static func run() throws {
        print("search: not measured yet")
    }
}
