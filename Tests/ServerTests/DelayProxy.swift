import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The delay/cut proxy (`Tests/netproxy/delay_proxy.py`) in front of the throwaway cluster,
/// started as a child process; `cut()` closes every relayed connection and refuses new ones
/// until `restore()`.
final class DelayProxy {
    let port: Int
    let controlPort: Int
    private let process = Process()

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("netproxy/delay_proxy.py").path
    }

    /// Starts the proxy towards the cluster's TCP port; fails the test when it cannot start.
    init(delayMilliseconds: Int = 0) throws {
        let admin = try #require(TernCluster.adminURL)
        let components = try #require(URLComponents(string: admin))
        let target = try #require(
            components.port ?? components.queryItems?.first { $0.name == "port" }?.value.flatMap { Int($0) })
        port = try Self.freePort()
        controlPort = try Self.freePort()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Self.script, "--listen", "127.0.0.1:\(port)", "--target", "127.0.0.1:\(target)",
            "--control", "127.0.0.1:\(controlPort)", "--delay-ms", String(delayMilliseconds),
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let ready = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        try #require(ready.hasPrefix("ready"), "the delay proxy did not start")
    }

    deinit {
        // SIGTERM ends it at once with connections open; SIGKILL only if it did not.
        process.terminate()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            Issue.record("the delay proxy was still running 2 s after SIGTERM")
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }

    /// The cluster's `database`, reached through the proxy, with `options` (e.g. a search path).
    func url(database: String, query: String) -> String {
        "postgresql://127.0.0.1:\(port)/\(database)" + (query.isEmpty ? "" : "?" + query)
    }

    func cut() throws { try command("cut") }
    func restore() throws { try command("restore") }

    private func command(_ line: String) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = Self.loopback(controlPort)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(connected == 0, "cannot reach the proxy's control port")
        _ = (line + "\n").withCString { write(descriptor, $0, strlen($0)) }
        var answer = [UInt8](repeating: 0, count: 16)
        let count = read(descriptor, &answer, answer.count)
        try #require(
            count > 0 && String(decoding: answer.prefix(count), as: UTF8.self).hasPrefix("ok"),
            "the proxy refused \(line)")
    }

    static func loopback(_ port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = loopback(0)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
