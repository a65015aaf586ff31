import Foundation
import PlaceProviders
import Testing

/// Tests/fakeplaces/fake_places_server.py running on 127.0.0.1 for one test. Starting it is
/// part of the test: when python3 or the port is missing the test fails, it is not skipped.
final class FakePlacesServer {
    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    struct Request: Decodable {
        let path: String
        let params: [String: String]
        let hasKey: Bool
        let userAgent: String
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fakeplaces/fake_places_server.py").path

    let process = Process()
    let port: Int
    var url: String { "http://127.0.0.1:\(port)" }

    init(arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script, "--port", "0"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw StartFailure(description: "the fake places server could not start: \(error)")
        }
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw StartFailure(description: "the fake places server did not start (said: \(text))")
        }
        self.port = port
    }

    /// SIGKILL, because a child started from the test runner may inherit SIGTERM blocked.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop() }

    /// The requests the server has seen, oldest first.
    func requests() throws -> [Request] {
        let response = try CurlTransport(userAgent: "tests").get(HTTPRequest(url: url + "/_requests")).get()
        return try JSONDecoder().decode([Request].self, from: response.body)
    }

    /// A port nothing listens on, for "connection refused".
    static func closedPort() -> Int {
        let probe = try! FakePlacesServer()
        let port = probe.port
        probe.stop()
        return port
    }
}
