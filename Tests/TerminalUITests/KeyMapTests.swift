import Testing

@testable import TerminalUI

struct KeyMapTests {
    enum Action: Equatable { case up, down, search, quit, help }

    let keyMap = KeyMap<Action>([
        Binding(keys: ["j", "down"], label: "j/k", help: "move", action: .down),
        Binding(keys: ["k", "up"], help: "up", action: .up, inFooter: false),
        Binding(keys: ["/"], help: "search", action: .search),
        Binding(keys: ["q", "ctrl-c"], label: "q", help: "quit", action: .quit),
        Binding(keys: ["?"], help: "help", action: .help),
    ])

    @Test(
        arguments: [
            (Key.character("j"), Action.down), (.down, .down), (.up, .up), (.character("k"), .up),
            (.character("/"), .search), (.ctrl("c"), .quit), (.character("?"), .help),
        ] as [(Key, Action)])
    func lookup(key: Key, action: Action) {
        #expect(keyMap.action(for: key) == action)
    }

    @Test func unboundKeysHaveNoAction() {
        #expect(keyMap.action(for: .character("z")) == nil)
        #expect(keyMap.action(for: .enter) == nil)
    }

    @Test func keyNamesParse() {
        #expect(Key(name: "shift-tab") == .backTab)
        #expect(Key(name: "pgdn") == .pageDown)
        #expect(Key(name: "esc") == .escape)
        #expect(Key(name: "f5") == .function(5))
        #expect(Key(name: "space") == .character(" "))
        #expect(Key(name: "nonsense") == nil)
        #expect(Key.ctrl("c").description == "Ctrl-C")
    }

    @Test(
        arguments: [
            (["LANG": "en_US.UTF-8"], true), (["LANG": "ko_KR.utf8"], true), (["LANG": "C"], false),
            (["LC_ALL": "C", "LANG": "en_US.UTF-8"], false), (["LC_CTYPE": "C.UTF-8", "LANG": "C"], true), ([:], false),
        ] as [([String: String], Bool)])
    func markersFollowTheLocale(environment: [String: String], utf8: Bool) {
        #expect(Markers.isUTF8Locale(environment: environment) == utf8)
        #expect(Markers.forLocale(isUTF8: utf8).saved == (utf8 ? "★" : "*"))
    }

    @Test func footerAndHelpComeFromTheBindings() {
        var buffer = Buffer(width: 40, height: 1)
        FooterView(keyMap: keyMap).render(in: buffer.area, into: &buffer)
        #expect(buffer.unstyled == Buffer(lines: ["j/k move  / search  q quit  ? help      "]))
        #expect(buffer[0, 0].style == .bold)
        #expect(buffer[0, 4].style == .dim)
        #expect(keyMap.helpLines == ["j/k   move", "k/Up  up", "/     search", "q     quit", "?     help"])
    }

    @Test func footerLeavesOutHintsThatDoNotFit() {
        var buffer = Buffer(width: 20, height: 1)
        FooterView(keyMap: keyMap).render(in: buffer.area, into: &buffer)
        #expect(buffer.unstyled == Buffer(lines: ["j/k move  / search  "]))
    }

    @Test func helpOverlayListsEveryBindingInABox() {
        var buffer = Buffer(width: 24, height: 9)
        HelpOverlayView(keyMap: keyMap).render(in: buffer.area, into: &buffer)
        #expect(
            buffer.unstyled
                == Buffer(lines: [
                    "    ┌ Keys ────────┐    ",
                    "    │ j/k   move   │    ",
                    "    │ k/Up  up     │    ",
                    "    │ /     search │    ",
                    "    │ q     quit   │    ",
                    "    │ ?     help   │    ",
                    "    │              │    ",
                    "    │ Esc close    │    ",
                    "    └──────────────┘    ",
                ]))
    }
}
