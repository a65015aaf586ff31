import App
import Foundation
import Localization
import TerminalUI
import Testing
import ViewModels

/// `b` opens the selected place in the browser (`$BROWSER`, else `xdg-open`): here a fake
/// browser, a script that records the link it was given.
@Suite struct OpenElsewhereTests {
    /// A directory with `browser`, a script writing its first argument to `link`.
    static func fakeBrowser() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tern-browser-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("browser")
        let link = directory.appendingPathComponent("link").path
        try "#!/bin/sh\nprintf '%s' \"$1\" > \(link).tmp && mv \(link).tmp \(link)\n".write(
            to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return directory
    }

    /// What the fake browser was given, waiting for it (a bound far above a script's start).
    static func recordedLink(in directory: URL) throws -> String {
        let file = directory.appendingPathComponent("link").path
        for _ in 0..<300 where !FileManager.default.fileExists(atPath: file) { Thread.sleep(forTimeInterval: 0.05) }
        return try String(contentsOfFile: file, encoding: .utf8)
    }

    @Test(arguments: [80, 120]) func bOpensTheSelectedPlaceOnAMapAtItsCoordinates(width: Int) throws {
        let directory = try Self.fakeBrowser()
        defer { try? FileManager.default.removeItem(at: directory) }
        let world = try AppWorld()
        let harness = world.harness(width: width, height: 30)
        harness.loop.controller.linkOpener = LinkOpener(environment: [
            "BROWSER": directory.appendingPathComponent("browser").path, "PATH": "/usr/bin:/bin",
        ])
        if width < 100 { harness.press("enter") }  // from the full-screen detail too
        let place = try #require(harness.app.places.state.selectedRow?.place)
        harness.press("b")
        let link = try Self.recordedLink(in: directory)
        #expect(link.hasPrefix("https://www.openstreetmap.org/?mlat="))
        #expect(link == place.link)
        #expect(harness.text.contains("Opened in the browser"))
    }

    @Test func withNoBrowserTheToastSaysHowToSetOne() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 120, height: 30)
        harness.loop.controller.linkOpener = LinkOpener(environment: ["PATH": "/nonexistent"])
        harness.press("b")
        #expect(harness.text.contains("Could not open a browser (xdg-open not found): set BROWSER to one"))
    }

    @Test func aKakaoPlaceOpensItsOwnPage() {
        let kakao = PlaceInfo(
            placeID: "kakao:1", name: "스타벅스", latitude: 37.5, longitude: 127, url: "https://place.map.kakao.com/1")
        #expect(kakao.link == "https://place.map.kakao.com/1")
        let catalog = PlaceInfo(placeID: "1835848", name: "Seoul", latitude: 37.566, longitude: 126.9784)
        #expect(
            catalog.link == "https://www.openstreetmap.org/?mlat=37.566&mlon=126.9784#map=17/37.566/126.9784")
    }
}
