import App
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
        let paths = AppPaths.resolve(dataDirectory: options.dataDirectory, sessionFile: options.sessionFile)
        let config = try Config.load(paths: paths)
        let queue = CallbackQueue()
        let services = try AppServices.open(paths: paths, seedSample: !options.noSample, executor: .queue(queue))
        _ = try services.session()
        let places = try PlaceSource.load(paths: paths, home: (config.home.latitude, config.home.longitude))
        let adapters = StoreAdapters(services: services)
        let app = AppViewModel(services: ScreenServices(places: places, accounts: adapters, favorites: adapters, feed: adapters))

        let terminal = try CursesTerminal()
        defer { terminal.close() }
        let loop = EventLoop(app: app, backend: terminal)
        loop.deliverCallbacks = { queue.drain() }
        loop.pollExternalChanges = { _ = try? services.store.pollExternalChanges() }
        loop.run()
        return 0
    }
}
