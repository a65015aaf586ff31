import App
import Assembly
import DocStore
import Domain
import Foundation
import TerminalUI
import ViewModels

extension ServerBench {
    /// Keystroke to frame while liking and saving, on the team server through the delay
    /// proxy (Tests/netproxy/delay_proxy.py) at each round trip the loop below adds, against the
    /// embedded store in the same run. The whole app runs on an in-memory terminal with real
    /// worker threads: each key is timed from the press to the frame drawn (a like or save
    /// goes off the loop). What reached the loop while the bench waited between keys (the
    /// store's callbacks, write answers, sync reports) is applied within the next key's time,
    /// as a key pressed while the loop is busy with them waits for them.
    static func keystrokesWhileWriting(adminURL: String) throws {
        let (proxy, farURL) = try BenchProxy.inFront(of: adminURL)
        defer { proxy.stop() }
        let embedded = try benchApp(storeLocation: nil, invitation: nil)
        let server = try benchApp(storeLocation: farURL, invitation: try TernServer.invite(adminURL: adminURL))
        defer {
            embedded.cleanup()
            server.cleanup()
        }
        print("keystroke to frame while liking and saving (120×40, 10 likes + 10 saves among 100 keys, 15 ms apart)")
        let baseline = try typeWhileWriting(embedded)
        row("embedded store", baseline.all)
        for delay in [0, 50, 200] {
            try proxy.command("delay \(delay)")
            let far = try typeWhileWriting(server)
            row("server through the proxy, \(delay) ms round trip", far.all)
            print(
                String(
                    format:
                        "    the like/save keys alone p99 %@; ratio to embedded (p99, all keys) %.2f×; writes "
                        + "answered in %.1f s (target p99 ≤ 16 ms)",
                    ms(far.writes.p99), far.all.p99 / baseline.all.p99, far.drained))
        }
    }

    /// An app with its own data directory, signed in (registered on the server with the
    /// invitation), with 20 posts to like.
    private static func benchApp(storeLocation: String?, invitation: String?) throws -> BenchApp {
        let directory = NSTemporaryDirectory() + "tern-latency-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(
            atPath: directory + "/state", withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let paths = AppPaths.resolve(dataDirectory: directory, sessionFile: directory + "/state/session")
        let events = EventQueue()
        let services = try AppServices.open(
            paths: paths, storeLocation: storeLocation ?? directory + "/tern.db", seedSample: false,
            executor: CallbackExecutor { events.post(.storeChanged($0)) },
            hasher: PasswordHasher(parameters: ScryptParameters(n: 16, r: 1, p: 1)),
            environment: invitation.map { ["TERN_INVITE": $0] } ?? [:])
        let email = "latency-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        try services.auth.register(email: email, password: "bench-password")
        let username = "lat" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(8).lowercased()
        try services.users.updateProfile(
            ProfileEdit(displayName: "Latency", username: username, bio: ""), session: services.session())
        for n in 0..<20 { try services.tweets.post("post \(n)", session: services.session()) }
        let places = try UIBench.benchPlaces(paths: paths)
        let screenServices = ScreenServices(services: services, places: places)
        let harness = AppHarness(
            width: 120, height: 40, services: screenServices, events: events, work: LaneWorkExecutor())
        // Other connections' commits (the sync worker's among them) reach the screens as the
        // interface's do: the store poll, off the loop on a server (as `InterfaceLauncher` sets it).
        harness.loop.pollExternalChanges =
            screenServices.isStoreRemote
            ? { [app = harness.app] in
                app.work.run(.storePoll, { _ in _ = try services.store.pollExternalChanges() }, then: { _ in })
            }
            : { _ = try? services.store.pollExternalChanges() }
        harness.settle()
        return BenchApp(harness: harness, services: services, directory: directory)
    }

    /// Types the bench's keys (feed: `l j k j`, places: `s j k j`, ten times) a short gap
    /// apart and times each; then waits for every write's answer.
    private static func typeWhileWriting(_ app: BenchApp) throws -> (all: Timings, writes: Timings, drained: Double) {
        let harness = app.harness
        var all: [Double] = []
        var writes: [Double] = []
        for _ in 0..<10 {
            for (tab, write) in [("3", "l"), ("1", "s")] {
                for key in [tab, write, "j", "k", "j"] {
                    let took = measure { harness.press(key) }
                    all.append(took)
                    if key == write { writes.append(took) }
                    usleep(15_000)
                }
            }
        }
        let started = now()
        while harness.app.writes.isBusy || harness.app.work.isBusy(.storeWrites) {
            usleep(5_000)
            harness.settle()
            guard now() - started < 120 else { throw StoreError.invalidArgument("writes still unanswered after 120 s") }
        }
        return (Timings(all), Timings(writes), now() - started)
    }
}

/// One bench app and what to remove afterwards.
private struct BenchApp {
    let harness: AppHarness
    let services: AppServices
    let directory: String

    func cleanup() {
        services.store.close()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// The delay proxy (Tests/netproxy/delay_proxy.py) as a child process: `command` sends one
/// control line and checks its `ok`.
final class BenchProxy {
    let port: Int
    private let controlPort: Int
    private let process = Process()

    /// A proxy in front of the server of `adminURL` (TCP, with a search_path), and the URL
    /// of the same database and schema through it, without a user (the bench signs in).
    static func inFront(of adminURL: String) throws -> (BenchProxy, String) {
        guard let port = URLComponents(string: adminURL.components(separatedBy: "?")[0])?.port,
            let database = URLComponents(string: adminURL.components(separatedBy: "?")[0])?.path.dropFirst(),
            let query = adminURL.components(separatedBy: "?").dropFirst().first
        else {
            throw StoreError.invalidArgument("the bench needs a TCP server URL with a search_path, got \(adminURL)")
        }
        let proxy = try BenchProxy(targetPort: port)
        return (proxy, "postgresql://127.0.0.1:\(proxy.port)/\(database)?\(query)")
    }

    init(targetPort: Int) throws {
        port = try BenchProxy.freePort()
        controlPort = try BenchProxy.freePort()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "Tests/netproxy/delay_proxy.py", "--listen", "127.0.0.1:\(port)",
            "--target", "127.0.0.1:\(targetPort)", "--control", "127.0.0.1:\(controlPort)",
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let line = String(decoding: out.fileHandleForReading.readData(ofLength: 6), as: UTF8.self)
        guard line.hasPrefix("ready") else { throw StoreError.invalidArgument("the delay proxy did not start") }
    }

    func command(_ line: String) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = BenchProxy.loopback(controlPort)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw StoreError.invalidArgument("cannot reach the delay proxy's control port") }
        let bytes = Array((line + "\n").utf8)
        _ = write(fd, bytes, bytes.count)
        var answer = [UInt8](repeating: 0, count: 16)
        let count = read(fd, &answer, answer.count)
        guard count > 0, String(decoding: answer[0..<count], as: UTF8.self).hasPrefix("ok") else {
            throw StoreError.invalidArgument("the delay proxy refused \(line)")
        }
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    private static func loopback(_ port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// A port the kernel just handed out on the loopback (free for the proxy to take).
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw StoreError.invalidArgument("no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
