import App
import Domain
import Foundation
import TerminalUI
import Testing

@Suite struct KeyBindingsConfigTests {
    static func bindings(_ text: String) throws -> KeyBindings {
        try KeyBindings.configured(try Config.parse(text, file: "/x/config"), file: "/x/config")
    }

    @Test func aRemappedLikeKeyActsAndTheFooterAndHelpShowIt() throws {
        let remapped = try Self.bindings("bind feed like = w, l\nunbind global q\nbind global quit = Q\n")
        let world = try AppWorld()
        try world.signUp("liker", displayName: "Liker")
        try KeyBindings.$current.withValue(remapped) {
            let harness = world.harness(width: 80, height: 24)
            harness.press("3")
            #expect(
                harness.lines[23].hasPrefix("w/l like  v View  n new post  e edit  d delete  / people  ? help  Q quit"))
            let before = try #require(harness.lines.firstIndex { $0.contains("♥") || $0.contains("♡") })
            #expect(harness.lines[before].contains("♡"))
            harness.press("w")
            #expect(harness.lines[before].contains("♥"))
            harness.press("q")
            #expect(!harness.app.state.isQuitting)
            harness.resize(width: 80, height: 40)  // the whole overlay in view
            harness.press("?")
            #expect(harness.line(containing: "w/l")?.contains("like") == true)
            harness.press("G")
            #expect(harness.line(containing: "│ Q ")?.contains("quit") == true)
            #expect(harness.line(containing: " q ") == nil)
            harness.press("esc")
            harness.press("Q")
            #expect(harness.app.state.isQuitting)
        }
    }

    @Test func unbindingAKeyFreesItForAnotherAction() throws {
        let bindings = try Self.bindings("unbind global q\nbind feed like = q\n")
        let feed = KeyBindings.$current.withValue(bindings) { AppKeyMap.screen(.feed) }
        #expect(feed.action(for: "q")?.name == "like")
        #expect(feed.action(for: "l") == nil)
        #expect(feed.action(for: "ctrl-c")?.name == "quit")
        let places = KeyBindings.$current.withValue(bindings) { AppKeyMap.screen(.places) }
        #expect(places.action(for: "q") == nil)
    }

    @Test func aFeedRebindingFollowsTheActionToTheAuthorsProfile() throws {
        let bindings = try Self.bindings("bind feed like = w, l\nunbind feed d\n")
        let author = KeyBindings.$current.withValue(bindings) { AppKeyMap.screen(.author) }
        #expect(author.action(for: "w")?.name == "like")
        #expect(author.action(for: "l")?.name == "like")
        #expect(author.action(for: "d") == nil)
        #expect(author.footerHints.contains(KeyHint(keys: "w/l", help: "like")))
    }

    @Test func aScreensOwnRebindingStaysWhateverTheFeedSays() throws {
        for text in ["bind author like = x\nbind feed like = w\n", "bind feed like = w\nbind author like = x\n"] {
            let bindings = try Self.bindings(text)
            let author = KeyBindings.$current.withValue(bindings) { AppKeyMap.screen(.author) }
            #expect(author.action(for: "x")?.name == "like", "\(text)")
            #expect(author.action(for: "w") == nil, "\(text)")
            let feed = KeyBindings.$current.withValue(bindings) { AppKeyMap.screen(.feed) }
            #expect(feed.action(for: "w")?.name == "like", "\(text)")
        }
    }

    @Test func aRebindingOnTheAuthorsProfileLikesThereAsTheFooterSays() throws {
        let remapped = try Self.bindings("bind feed like = w\n")
        let world = try AppWorld()
        try world.signUp("liker", displayName: "Liker")
        try KeyBindings.$current.withValue(remapped) {
            let harness = world.harness(width: 80, height: 24)
            harness.press("3")
            harness.press("enter")
            #expect(harness.app.author != nil)
            #expect(harness.lines[23].contains("w like"))
            let before = try #require(harness.lines.firstIndex { $0.contains("♡") })
            harness.press("w")
            #expect(harness.lines[before].contains("♥"))
        }
    }

    @Test func textFieldsTakeKeysThatDoNotTypeText() throws {
        let bindings = try Self.bindings("bind form submit = ctrl-s, enter\nbind search cancel = esc, f2\n")
        let form = KeyBindings.$current.withValue(bindings) {
            bindings.actions.first { $0.screen == .form && $0.name == "submit" }
        }
        #expect(form?.keys == [.ctrl("s"), .enter])
        #expect(form?.label == "Ctrl-S/Enter")
    }

    static let badLines: [(String, String)] = [
        ("bind feed like = q", "/x/config:1: q is bound to both quit (global) and like (feed)"),
        ("# keys\nbind favorites undo = s", "/x/config:2: s is bound to both remove (favorites) and undo (favorites)"),
        ("bind feed loves = l", "/x/config:1: unknown action \"loves\" (tern keys lists them)"),
        ("bind places like = l", "/x/config:1: like does not act on places (it acts on: posts, feed, author, thread)"),
        ("bind feed like = shift-l", "/x/config:1: unknown key \"shift-l\""),
        (
            "bind tv like = l",
            "/x/config:1: unknown screen \"tv\" (screens: global, list, places, favorites, feed, profile, search, "
                + "compose, form, help, confirm, author, detail, thread, activity, people, folder, place-picker, posts)"
        ),
        ("unbind global z", "/x/config:1: z is not bound in global"),
        ("unbind global", "/x/config:1: expected unbind SCREEN KEY"),
        ("bind feed like =", "/x/config:1: bind needs keys after = (to remove one, use unbind feed KEY)"),
        ("bind global quit = ctrl-c", "/x/config:1: Ctrl-C always quits and cannot be bound"),
        (
            "bind search submit = x",
            "/x/config:1: \"x\" types text in search; bind a key such as ctrl-x, f2 or enter there"
        ),
        ("bind feed = l", "/x/config:1: expected bind SCREEN ACTION = KEY[, KEY…]"),
    ]

    @Test(arguments: badLines) func badLinesStopWithFileAndLine(text: String, message: String) {
        do {
            _ = try Self.bindings(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func everyActionCanBeRemapped() throws {
        for (index, action) in KeyBindings.defaults.actions.enumerated() {
            let key = Key.function(index % 24 + 1)
            let bindings = try Self.bindings("bind \(action.screen.rawValue) \(action.name) = f\(index % 24 + 1)")
            let entry = bindings.actions.first { $0.name == action.name && $0.screen == action.screen }
            #expect(entry?.keys == [key], "\(action.name) on \(action.screen)")
        }
    }
}
