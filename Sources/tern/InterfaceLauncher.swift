/// Starts the full-screen interface.
enum InterfaceLauncher {
    static func run(options: GlobalOptions) throws -> Int32 {
        throw CommandFailure("the interface is not built yet; see 'tern --help' for the commands")
    }
}
