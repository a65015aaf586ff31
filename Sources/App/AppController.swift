import Localization
import PlainText
import TerminalUI
import ViewModels

/// Turns input events into view-model intents through the keymaps and the last frame's layout.
public final class AppController {
    public let app: AppViewModel
    /// The layout of the last frame, for mouse hits.
    public var layout = ScreenLayout()
    /// Where "open elsewhere" sends a place's link (tests give it a fake browser).
    public var linkOpener = LinkOpener()

    public init(app: AppViewModel) {
        self.app = app
    }

    public func handle(_ event: InputEvent) {
        switch event {
        case .key(let key): handle(key)
        case .mouse(let mouse): handle(mouse)
        case .paste(let text): paste(text)
        case .resize: break
        }
    }

    /// A paste goes whole into a focused field as one edit (one search, one redraw), and
    /// never reads as keys where no field has focus.
    public func paste(_ text: String) {
        let screen = activeScreen
        guard screen.isEditingText else { return }
        screen.edit(.insert(text))
    }

    /// The text `event` types into the focused field: a character no binding takes while a
    /// field has focus; nil for every other event.
    public func typedText(_ event: InputEvent) -> String? {
        guard case .key(let key) = event, case .character(let character) = key, activeScreen.isEditingText,
            AppKeyMap.current(for: app).action(for: key) == nil
        else { return nil }
        return String(character)
    }

    public func handle(_ key: Key) {
        let keyMap = AppKeyMap.current(for: app)
        // Ctrl-J (a line feed) is Enter wherever it means nothing else, as in a shell.
        if let action = keyMap.action(for: key) ?? (key == .ctrl("j") ? keyMap.action(for: .enter) : nil) {
            perform(action)
            return
        }
        // Keys no binding takes go to a focused field.
        let screen = activeScreen
        guard screen.isEditingText, let edit = TextEditor.Edit(key: key) else { return }
        screen.edit(edit)
    }

    /// The screen keys act on: Favorites while it asks something (its folder picker also
    /// opens over Places), else the current tab's.
    var activeScreen: ScreenModel {
        app.favorites.state.prompt != nil ? app.favorites : app.screen
    }

    /// Runs the handler the action's declaration gives (`Actions/`).
    public func perform(_ action: AppAction) {
        action.perform(self)
    }

    /// j / k: a picker's choice while one is open, else the list's selection.
    func move(by rows: Int) {
        if app.favorites.isPicking {
            app.favorites.movePick(by: rows)
        } else if app.places.isPickingCategory {
            app.places.moveCategoryPick(by: rows)
        } else {
            activeScreen.moveSelection(by: rows)
        }
    }

    /// `S`: the folder picker for the selected place.
    func saveSelectedPlaceToFolder() {
        guard let place = app.places.state.selectedRow?.place else { return }
        app.favorites.beginSave(place.favoriteCandidate)
    }

    /// Opens the selected place's link in the browser, and says so (or why not) in a toast.
    func openSelectedPlaceElsewhere() {
        guard let place = app.places.state.selectedRow?.place else { return }
        do {
            try linkOpener.open(place.link)
            app.showToast(Toast(tr(.toastOpenedElsewhere, ["link": place.link]), kind: .success))
        } catch {
            app.showToast(Toast(tr(.toastNoBrowser, ["command": error.command]), kind: .error))
        }
    }

    /// Scrolls the help overlay, within what the last frame could not show.
    func scrollHelp(by rows: Int) {
        app.scrollHelp(by: rows, limit: layout.helpMaxOffset)
    }

    /// Up / Down in a post being written: the cursor moves a row, at the width last drawn.
    func moveComposeCursor(rows: Int) {
        guard let editor = app.currentFeed.state.compose, let width = layout.composeWidth,
            let index = TextAreaView(state: editor).cursorIndex(movingRows: rows, width: width)
        else { return }
        app.currentFeed.editCompose(.moveTo(index))
    }

    public func handle(_ mouse: MouseEvent) {
        switch mouse {
        case .click(let position):
            if app.state.isHelpVisible {
                app.closeHelp()
                return
            }
            if position.row == 0 {
                if let tab = layout.tab(atColumn: position.column), let target = AppTab(rawValue: tab) {
                    app.select(target)
                }
                return
            }
            if let index = layout.item(atRow: position.row), layout.listArea?.contains(position) ?? false {
                app.screen.click(index)
                return
            }
            if app.state.tab == .profile, let field = layout.fieldRows.firstIndex(of: position.row) {
                app.profile.focusField(field)
            }
        case .wheelUp where app.state.isHelpVisible: app.scrollHelp(by: -3, limit: layout.helpMaxOffset)
        case .wheelDown where app.state.isHelpVisible: app.scrollHelp(by: 3, limit: layout.helpMaxOffset)
        case .wheelUp(let position):
            if layout.listArea?.contains(position) ?? true { app.screen.moveSelection(by: -3) }
        case .wheelDown(let position):
            if layout.listArea?.contains(position) ?? true { app.screen.moveSelection(by: 3) }
        }
    }
}
