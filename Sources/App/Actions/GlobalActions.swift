import TerminalUI

extension KeyBindings {
    /// Everywhere but inside text fields, and in every list.
    static let globalActions: [ActionBinding] = [
        ActionBinding("help", .global, ["?"], .keyHelp) { $0.app.toggleHelp() },
        ActionBinding("quit", .global, ["q"], .keyQuit) { $0.app.quit() },
        ActionBinding("go-places", .global, ["1"], .tabPlaces, inFooter: false) { $0.app.select(.places) },
        ActionBinding("go-favorites", .global, ["2"], .tabFavorites, inFooter: false) { $0.app.select(.favorites) },
        ActionBinding("go-feed", .global, ["3"], .tabFeed, inFooter: false) { $0.app.select(.feed) },
        ActionBinding("go-profile", .global, ["4"], .tabProfile, inFooter: false) { $0.app.select(.profile) },
        ActionBinding("go-activity", .global, ["5"], .tabActivity, inFooter: false) { $0.app.select(.activity) },
        ActionBinding("next-tab", .global, ["tab"], .keyNextTab, inFooter: false) { $0.app.nextTab() },
        ActionBinding("previous-tab", .global, ["shift-tab"], .keyPreviousTab, inFooter: false) {
            $0.app.previousTab()
        },
        // In the footer only while writes wait for the team server (`AppKeyMap.syncHints`).
        ActionBinding("sync", .global, ["ctrl-r"], .keySync, inFooter: false) { $0.app.syncNow() },

        ActionBinding("down", .list, ["j", "down"], .keyDown, label: "j/Down", inFooter: false) { $0.move(by: 1) },
        ActionBinding("up", .list, ["k", "up"], .keyUp, label: "k/Up", inFooter: false) { $0.move(by: -1) },
        ActionBinding("page-down", .list, ["pgdn"], .keyPageDown, inFooter: false) { $0.activeScreen.pageDown() },
        ActionBinding("page-up", .list, ["pgup"], .keyPageUp, inFooter: false) { $0.activeScreen.pageUp() },
        ActionBinding("top", .list, ["g", "home"], .keyTop, label: "g/Home", inFooter: false) {
            $0.activeScreen.selectFirst()
        },
        ActionBinding("bottom", .list, ["G", "end"], .keyBottom, label: "G/End", inFooter: false) {
            $0.activeScreen.selectLast()
        },
    ]

    /// Ctrl-C quits on every screen, even inside text fields, and cannot be rebound.
    static let quitAnywhere = ActionBinding("quit", .global, [.ctrl("c")], .keyQuitAnywhere, inFooter: false) {
        $0.app.quit()
    }
}
