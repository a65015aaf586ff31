import Foundation
import Localization
import PlaceCatalog
import Testing

@testable import Domain

@Suite struct ConfigTests {
    @Test func missingFileGivesSeoulCityHall() throws {
        let config = try Config.load(file: "/nonexistent/tern/config")
        #expect(config.home == Coordinate(latitude: 37.5665, longitude: 126.9780))
    }

    @Test func parsesHomeWithComments() throws {
        let text = """
            # Tern settings
            home = 35.1796, 129.0756   # Busan

            """
        let config = try Config.parse(text, file: "cfg")
        #expect(config.home == Coordinate(latitude: 35.1796, longitude: 129.0756))
    }

    @Test func parsesAStoreURL() throws {
        let config = try Config.parse("store = postgres://db.example/tern?sslmode=require  # the team\n", file: "cfg")
        #expect(config.store == "postgres://db.example/tern?sslmode=require")
        #expect(try Config.parse("home = 1,2", file: "cfg").store == nil)
    }

    @Test func acceptsCRLFLinesAndAByteOrderMark() throws {
        let config = try Config.parse(
            "\u{FEFF}# from Windows\r\nhome = 35.1796,129.0756\r\nstore = postgres://db/tern\r\n", file: "cfg")
        #expect(config.home == Coordinate(latitude: 35.1796, longitude: 129.0756))
        #expect(config.store == "postgres://db/tern")
    }

    @Test func aRelativeStoreIsBesideTheConfigFile() throws {
        #expect(
            try Config.parse("store = team.db", file: "/home/mina/.config/tern/config").store
                == "/home/mina/.config/tern/team.db")
        #expect(try Config.parse("store = /srv/tern.db", file: "/etc/tern/config").store == "/srv/tern.db")
    }

    @Test(arguments: ["postgress://db/tern", "ftp://x", "sqlite:tern.db"])
    func anUnknownStoreSchemeIsAnError(location: String) {
        #expect(throws: ConfigError.self) { try Config.parse("store = \(location)", file: "/x/config") }
    }

    @Test func emptyFileGivesDefaults() throws {
        #expect(try Config.parse("", file: "cfg") == .defaults)
        #expect(try Config.parse("# only a comment\n\n", file: "cfg") == .defaults)
    }

    @Test(arguments: [
        ("home 37,127", 1),
        ("# ok\nhome = north", 2),
        ("\n\nhome = 91,0", 3),
        ("home = 37.5,200", 1),
        ("home = 37.5", 1),
        ("hom = 1,2", 1),
        ("home = 1,2\nhome = 3,4", 2),
        (" = 1,2", 1),
        ("home = 1,2\nstore =", 2),
        ("language = fr", 1),
        ("language = ko\nlanguage = en", 2),
        ("theme = light\ntheme = dark", 2),
        ("kakao_key =", 1),
        ("kakao_url = dapi.kakao.com", 1),
        ("nominatim = yes", 1),
        ("nominatim_url = ftp://x", 1),
    ])
    func malformedLinesNameFileAndLine(text: String, line: Int) {
        do {
            _ = try Config.parse(text, file: "/x/config")
            Issue.record("accepted: \(text)")
        } catch let error as ConfigError {
            #expect(error.line == line)
            #expect(error.description.hasPrefix("/x/config:\(line): "))
            #expect(!error.description.contains("\n"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func parsesProviderSettings() throws {
        let text = """
            kakao_key = 0123abcd
            kakao_url = http://127.0.0.1:8080
            nominatim = on
            nominatim_url = https://osm.example/nominatim
            """
        let config = try Config.parse(text, file: "cfg")
        #expect(config.kakaoKey == "0123abcd")
        #expect(config.kakaoURL == "http://127.0.0.1:8080")
        #expect(config.nominatim)
        #expect(config.nominatimURL == "https://osm.example/nominatim")
        #expect(!Config.defaults.nominatim && Config.defaults.kakaoKey == nil)
    }

    @Test func aBadKakaoKeyLineDoesNotRepeatTheKey() {
        do {
            _ = try Config.parse("kakao_key = secret part", file: "cfg")
            Issue.record("accepted a key with a space")
        } catch {
            #expect(!"\(error)".contains("secret"))
        }
    }

    @Test func loadsFromFile() throws {
        let path = NSTemporaryDirectory() + "/tern-config-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "home = 48.8566,2.3522\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try Config.load(file: path).home == Coordinate(latitude: 48.8566, longitude: 2.3522))
    }

    @Test func keepsLanguageThemeAndDirectivesWithTheirLines() throws {
        let text = """
            language = ko
            theme = light   # for the white terminal
            color heart = #ff5f87   # pink, not a comment
            color star = 214
            bind feed like = f, l
            unbind global q
            """
        let config = try Config.parse(text, file: "/x/config")
        #expect(config.language == .ko)
        #expect(config.theme == ConfigDirective(line: 2, words: ["theme"], value: "light"))
        #expect(
            config.directives == [
                ConfigDirective(line: 3, words: ["color", "heart"], value: "#ff5f87"),
                ConfigDirective(line: 4, words: ["color", "star"], value: "214"),
                ConfigDirective(line: 5, words: ["bind", "feed", "like"], value: "f, l"),
                ConfigDirective(line: 6, words: ["unbind", "global", "q"], value: nil),
            ])
        #expect(try Config.parse("theme = dark # a # b", file: "c").theme?.value == "dark")
    }
}
