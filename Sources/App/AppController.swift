import PlainText
import TerminalUI
import ViewModels

/// Turns input events into view-model intents through the keymaps and the last frame's layout.
public final class AppController {
    public let app: AppViewModel
    /// The layout of the last frame, for mouse hits.
    public var layout = ScreenLayout()

    public init(app: AppViewModel) {
        self.app = app
    }

    public func handle(_ event: InputEvent) {
        switch event {
        case .key(let key): handle(key)
        case .mouse(let mouse): handle(mouse)
        case .resize: break
        }
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
