import TerminalUI

extension KeyBindings {
    /// The help overlay, and the answer to a question such as "Sign out?" (`confirm`).
    static let overlayActions: [ActionBinding] = [
        ActionBinding("close-help", .help, ["esc", "?", "q"], .keyCloseHelp, label: "Esc/q") { $0.app.closeHelp() },
        ActionBinding("down", .help, ["j", "down"], .keyScrollDown, label: "j/Down") { $0.scrollHelp(by: 1) },
        ActionBinding("up", .help, ["k", "up"], .keyScrollUp, label: "k/Up") { $0.scrollHelp(by: -1) },
        ActionBinding("page-down", .help, ["pgdn", "space"], .keyPageDown, label: "PgDn") { $0.scrollHelp(by: 10) },
        ActionBinding("page-up", .help, ["pgup"], .keyPageUp) { $0.scrollHelp(by: -10) },
        ActionBinding("top", .help, ["g", "home"], .keyTop, label: "g/Home") {
            $0.scrollHelp(by: -$0.layout.helpMaxOffset)
        },
        ActionBinding("bottom", .help, ["G", "end"], .keyBottom, label: "G/End") {
            $0.scrollHelp(by: $0.layout.helpMaxOffset)
        },

        ActionBinding("yes", .confirm, ["y", "enter"], .keyConfirmYes, label: "y") { $0.activeScreen.submit() },
        ActionBinding("no", .confirm, ["n", "esc"], .keyConfirmNo, label: "n/Esc") { $0.activeScreen.cancel() },
    ]
}
