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

    public func perform(_ action: AppAction) {
        let screen = activeScreen
        switch action {
        case .moveDown where app.state.isHelpVisible: app.scrollHelp(by: 1, limit: layout.helpMaxOffset)
        case .moveUp where app.state.isHelpVisible: app.scrollHelp(by: -1, limit: layout.helpMaxOffset)
        case .pageDown where app.state.isHelpVisible: app.scrollHelp(by: 10, limit: layout.helpMaxOffset)
        case .pageUp where app.state.isHelpVisible: app.scrollHelp(by: -10, limit: layout.helpMaxOffset)
        case .top where app.state.isHelpVisible: app.scrollHelp(by: -layout.helpMaxOffset, limit: layout.helpMaxOffset)
        case .bottom where app.state.isHelpVisible:
            app.scrollHelp(by: layout.helpMaxOffset, limit: layout.helpMaxOffset)
        case .moveDown where app.favorites.isPicking: app.favorites.movePick(by: 1)
        case .moveUp where app.favorites.isPicking: app.favorites.movePick(by: -1)
        case .moveDown where app.places.isPickingCategory: app.places.moveCategoryPick(by: 1)
        case .moveUp where app.places.isPickingCategory: app.places.moveCategoryPick(by: -1)
        case .switchTab(let target): app.select(target)
        case .nextTab: app.nextTab()
        case .previousTab: app.previousTab()
        case .help: app.toggleHelp()
        case .closeHelp: app.closeHelp()
        case .quit: app.quit()
        case .syncNow: app.syncNow()
        case .moveDown where isComposing: moveComposeCursor(rows: 1)
        case .moveUp where isComposing: moveComposeCursor(rows: -1)
        case .moveDown: screen.moveSelection(by: 1)
        case .moveUp: screen.moveSelection(by: -1)
        case .pageDown: screen.pageDown()
        case .pageUp: screen.pageUp()
        case .top: screen.selectFirst()
        case .bottom: screen.selectLast()
        case .submit: screen.submit()
        case .cancel: screen.cancel()
        case .focusSearch: app.places.focusSearch()
        case .historyPrevious: app.places.recallQuery(olderBy: 1)
        case .historyNext: app.places.recallQuery(olderBy: -1)
        case .openDetail: app.places.openDetail()
        case .closeDetail: app.places.closeDetail()
        case .toggleSave: app.places.toggleSave()
        case .toggleOrder: app.places.toggleOrder()
        case .pickCategory: app.places.beginCategoryPick()
        case .removeFavorite: app.favorites.removeSelected()
        case .undoRemove where app.state.tab == .places: app.places.undoUnsave()
        case .undoRemove where app.state.tab == .feed: app.currentFeed.undoUnlike()
        case .undoRemove: app.favorites.undo()
        case .openFavorite: app.showSelectedFavoriteInPlaces()
        case .nextFolder: app.favorites.selectFolder(by: 1)
        case .previousFolder: app.favorites.selectFolder(by: -1)
        case .newFolder: app.favorites.beginCreateFolder()
        case .renameFolder: app.favorites.beginRenameFolder()
        case .deleteFolder: app.favorites.beginDeleteFolder()
        case .editMemo: app.favorites.beginMemo()
        case .moveToFolder: app.favorites.beginMoveOrCopy(copying: false)
        case .copyToFolder: app.favorites.beginMoveOrCopy(copying: true)
        case .cycleFolderOrder: app.favorites.cycleOrder()
        case .moveItemUp: app.favorites.moveSelectedItem(by: -1)
        case .moveItemDown: app.favorites.moveSelectedItem(by: 1)
        case .saveToFolder:
            if let place = app.places.state.selectedRow?.place { app.favorites.beginSave(place.favoriteCandidate) }
        case .toggleLike: app.currentFeed.toggleLike()
        case .openAuthor: app.openAuthor()
        case .closeAuthor: app.closeAuthor()
        case .editPost: app.currentFeed.startEditSelected()
        case .deletePost: app.currentFeed.askDeleteSelected()
        case .toggleFeedMode: app.feed.toggleMode()
        case .compose: app.feed.startCompose()
        case .signIn: app.profile.startSignIn()
        case .register: app.profile.startRegister()
        case .editProfile: app.profile.startEdit()
        case .signOut: app.profile.signOut()
        case .nextField: app.profile.nextField()
        case .previousField: app.profile.previousField()
        case .newLine: app.currentFeed.editCompose(.insert("\n"))
        }
    }

    /// Whether a post is being written or edited (on the Feed, an author's profile or the Profile tab).
    private var isComposing: Bool {
        (app.state.tab == .feed || app.state.tab == .profile) && app.currentFeed.state.compose != nil
    }

    /// Up / Down in a post being written: the cursor moves a row, at the width last drawn.
    private func moveComposeCursor(rows: Int) {
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
