import App
#if canImport(Glibc)
import Glibc
#endif
import CursesBackend
import DocStore
import Domain
import Foundation
import TerminalUI
import ViewModels

/// Starts the full-screen interface: opens the store (with callbacks queued for the loop),
/// the services and the place catalog, then runs the event loop on the curses terminal.
/// Anything that cannot be opened (a corrupt database, a bad config or session file) stops
/// with one line before curses takes the terminal.
enum InterfaceLauncher {
    static func run(options: GlobalOptions) throws -> Int32 {
        // Curses on a pipe would write escape codes into a file and wait for keys forever.
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure("the interface needs a terminal; for scripts use the subcommands (tern --help)")
        }
        let paths = AppPaths.resolve(dataDirectory: options.dataDirectory, sessionFile: options.sessionFile)
        let config = try Config.load(paths: paths)
        let environment = ProcessInfo.processInfo.environment
        let theme = try Theme.configured(config, file: paths.configFile, environment: environment)
        let keys = try KeyBindings.configured(config, file: paths.configFile)
        let queue = CallbackQueue()
        let services = try AppServices.open(paths: paths, seedSample: !options.noSample, executor: .queue(queue))
        _ = try services.session()
        var wake: [Int32] = [-1, -1]
        guard pipe(&wake) == 0 else { throw CommandFailure("cannot create a pipe: \(String(cString: strerror(errno)))") }
        let wakeWriter = wake[1]
        let home = (config.home.latitude, config.home.longitude)
        let places = DeferredPlaces(load: { try PlaceSource.load(paths: paths, home: home) },
                                    onReady: { var byte: UInt8 = 1; _ = write(wakeWriter, &byte, 1) })
        let adapters = StoreAdapters(services: services)
        let app = AppViewModel(services: ScreenServices(places: places, accounts: adapters, favorites: adapters, feed: adapters))

        let terminal = try CursesTerminal()
        defer { terminal.close() }
        terminal.wakeDescriptor = wake[0]
        let loop = EventLoop(app: app, backend: terminal)
        loop.deliverCallbacks = { [weak app] in
            queue.drain()
            guard let app, let readiness = places.takeReadiness() else { return }
            var buffer = [UInt8](repeating: 0, count: 16)
            _ = read(wake[0], &buffer, buffer.count)
            terminal.wakeDescriptor = nil
            switch readiness {
            case .success: app.places.refresh()
            case .failure(let error): app.showToast(Toast("Places unavailable: \(ErrorText.describe(error))", kind: .error))
            }
        }
        loop.pollExternalChanges = { _ = try? services.store.pollExternalChanges() }
        Theme.$current.withValue(theme) {
            KeyBindings.$current.withValue(keys) { loop.run() }
        }
        return 0
    }
}
