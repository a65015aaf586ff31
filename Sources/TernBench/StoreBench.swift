/// The `store` section of `make bench`.
enum StoreBench {
    static func run() throws {
        print("store: not measured yet")
    }
}
