import App
import CursesBackend
import DocStore
import Domain
import Foundation
import Localization
import TerminalUI
import ViewModels

#if canImport(Glibc)
    import Assembly
    import Glibc
#endif

/// Starts the full-screen interface: opens the store (its callbacks posted to the loop's
/// event queue), the services and the place catalog, then runs the event loop on the
/// curses terminal. On a team server the store opened is a local copy: the signed-in
/// account's replica when it holds the account's profile (copied by a sign-in or an earlier
/// run), the server's guest copy when signed out; the first frame waits on no round trip,
/// and the app connects to the server in the background (`ServerConnecting`).
/// Anything that cannot be opened (a corrupt database, a bad config or session file) stops
/// with one line before curses takes the terminal.
enum InterfaceLauncher {
    static func run(options: GlobalOptions, start: StartSettings) throws -> Int32 {
        // Curses on a pipe would write escape codes into a file and wait for keys forever.
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure(tr(.cliNeedsTerminal))
        }
        let paths = start.paths
        let config = try start.config()
        let environment = start.environment
        let theme = try Theme.configured(config, file: paths.configFile, environment: environment)
        let keys = try KeyBindings.configured(config, file: paths.configFile)
        // Store callbacks, catalog readiness, background answers and timers all reach the
        // loop through this one queue; posting wakes the curses poll through the pipe.
        let wake = try WakePipe()
        let events = EventQueue()
        events.onPost = { wake.signal() }
        let services = try AppServices.open(
            paths: paths, seedSample: !options.noSample,
            executor: .eventLoop { events.post(.storeChanged($0)) },
            offline: .replicaFirst)
        _ = try services.session()
        let current = CurrentServices(services)
        let home = (config.home.latitude, config.home.longitude)
        let places = DeferredPlaces(
            load: { try CatalogLoader.load(paths: paths, home: home) },
            stamp: { CatalogLoader.sourcesStamp(paths: paths) },
            onLoaded: { events.post(.catalogLoaded($0)) })
        var screenServices = ScreenServices(current: current, places: places)
        screenServices.home = config.homeIsSet ? config.home : nil
        let providers = providerSettings(config: config, environment: environment)
        screenServices.online = ProviderPlaces(
            online: onlinePlaces(paths: paths, settings: providers), configFile: paths.configFile)
        let app = AppViewModel(services: screenServices, events: events)

        // Asked before curses takes the terminal, so the first frame with faces is drawn the
        // way every later one is.
        let kittyGraphics: Bool
        switch FaceGraphicsChoice.decide(environment: environment) {
        case .kitty: kittyGraphics = true
        case .blocks: kittyGraphics = false
        case .ask: kittyGraphics = theme.name != Theme.mono.name && KittyGraphicsQuery.ask(waitingAtMost: 300)
        }
        let terminal = try CursesTerminal()
        defer { terminal.close() }
        terminal.wakeDescriptor = wake.readDescriptor
        let loop = EventLoop(app: app, backend: terminal)
        loop.renderer.kittyGraphics = kittyGraphics
        loop.drainWakeUps = { wake.drain() }
        if screenServices.isStoreRemote {
            // A server's poll (and the re-reads it triggers) may wait on the network or on a
            // write holding the store: it runs off the loop, and its callbacks come as events.
            // It polls the store the screens read now (the replica's, until the server answers).
            loop.pollExternalChanges = {
                app.work.run(.storePoll, { _ in _ = try current.services.store.pollExternalChanges() }, then: { _ in })
            }
        } else {
            loop.pollExternalChanges = { _ = try? services.store.pollExternalChanges() }
        }
        Theme.$current.withValue(theme) {
            KeyBindings.$current.withValue(keys) { loop.run() }
        }
        return 0
    }
}
