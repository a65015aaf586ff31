/// The `ui` section of `make bench`.
enum UIBench {
    static func run() throws {
        print("ui: not measured yet")
    }
}
