import TerminalUI
import ViewModels

extension KeyBindings {
    /// A focused text field's own keys: the search field, a post being written, a form.
    /// Enter and Esc answer whichever screen holds the field (`AppController.activeScreen`).
    static let fieldActions: [ActionBinding] = [
        ActionBinding("submit", .search, ["enter"], .keySearchKeep) { $0.activeScreen.submit() },
        ActionBinding("cancel", .search, ["esc"], .keySearchClear) { $0.activeScreen.cancel() },
        ActionBinding("history-previous", .search, ["up"], .keyHistoryPrevious) {
            $0.app.places.recallQuery(olderBy: 1)
        },
        ActionBinding("history-next", .search, ["down"], .keyHistoryNext) { $0.app.places.recallQuery(olderBy: -1) },
        ActionBinding("next-tab", .search, ["tab"], .keyNextTab, inFooter: false) { $0.app.nextTab() },
        ActionBinding("previous-tab", .search, ["shift-tab"], .keyPreviousTab, inFooter: false) {
            $0.app.previousTab()
        },

        ActionBinding("submit", .compose, ["enter"], .keyPost) { $0.activeScreen.submit() },
        ActionBinding("cancel", .compose, ["esc"], .keyCancel) { $0.activeScreen.cancel() },
        ActionBinding("new-line", .compose, ["alt-enter", "ctrl-j"], .typingNewLine, label: "Alt-Enter/Ctrl-J") {
            $0.app.currentFeed.editCompose(.insert("\n"))
        },
        ActionBinding("up", .compose, ["up"], .keyLineUp, inFooter: false) { $0.moveComposeCursor(rows: -1) },
        ActionBinding("down", .compose, ["down"], .keyLineDown, inFooter: false) { $0.moveComposeCursor(rows: 1) },
        // A post's place: the picker over the post; its first row removes the place attached.
        ActionBinding(
            "attach-place", .compose, ["ctrl-p"], .keyAttachPlace, offered: { $0.currentFeed.canAttachPlace }
        ) { $0.app.openPlacePicker() },

        // The place picker: letters type into its query, the arrows choose.
        ActionBinding("choose", .placePicker, ["enter"], .keyPick) { $0.activeScreen.submit() },
        ActionBinding("close", .placePicker, ["esc"], .keyBack, label: "Esc") { $0.activeScreen.cancel() },
        ActionBinding("down", .placePicker, ["down"], .keyDown, inFooter: false) {
            $0.activeScreen.moveSelection(by: 1)
        },
        ActionBinding("up", .placePicker, ["up"], .keyUp, inFooter: false) { $0.activeScreen.moveSelection(by: -1) },

        ActionBinding("submit", .form, ["enter"], .keySubmit) { $0.activeScreen.submit() },
        ActionBinding("next-field", .form, ["tab", "down"], .keyNextField, label: "Tab") { $0.app.profile.nextField() },
        ActionBinding("previous-field", .form, ["shift-tab", "up"], .keyPreviousField, label: "Shift-Tab") {
            $0.app.profile.previousField()
        },
        ActionBinding("cancel", .form, ["esc"], .keyCancel) { $0.activeScreen.cancel() },
        // A memo's line break, written as the one-line field shows it (the post's keys).
        ActionBinding(
            "new-line", .form, ["alt-enter", "ctrl-j"], .typingNewLine, label: "Alt-Enter/Ctrl-J", keysFrom: .compose
        ) { $0.app.favorites.editPrompt(.insert(MemoForm.lineBreak)) },
    ]
}
