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
        if let action = keyMap.action(for: key) {
            perform(action)
            return
        }
        // Keys no binding takes go to a focused field.
        guard let edit = TextEditor.Edit(key: key) else { return }
        switch app.state.tab {
        case .places where app.places.state.isSearchFocused: app.places.editQuery(edit)
        case .feed where app.feed.state.compose != nil: app.feed.editCompose(edit)
        case .profile where app.profile.state.form != nil: app.profile.editField(edit)
        default: break
        }
    }

    public func perform(_ action: AppAction) {
        let tab = app.state.tab
        switch action {
        case .switchTab(let target): app.select(target)
        case .nextTab: app.nextTab()
        case .previousTab: app.previousTab()
        case .help: app.toggleHelp()
        case .closeHelp: app.closeHelp()
        case .quit: app.quit()
        case .moveDown: move(by: 1)
        case .moveUp: move(by: -1)
        case .pageDown:
            switch tab {
            case .places: app.places.pageDown()
            case .favorites: app.favorites.pageDown()
            case .feed: app.feed.pageDown()
            case .profile: app.profile.moveSelection(by: 3)
            }
        case .pageUp:
            switch tab {
            case .places: app.places.pageUp()
            case .favorites: app.favorites.pageUp()
            case .feed: app.feed.pageUp()
            case .profile: app.profile.moveSelection(by: -3)
            }
        case .top:
            switch tab {
            case .places: app.places.selectFirst()
            case .favorites: app.favorites.selectFirst()
            case .feed: app.feed.selectFirst()
            case .profile: app.profile.selectFirst()
            }
        case .bottom:
            switch tab {
            case .places: app.places.selectLast()
            case .favorites: app.favorites.selectLast()
            case .feed: app.feed.selectLast()
            case .profile: app.profile.selectLast()
            }
        case .focusSearch: app.places.focusSearch()
        case .toggleSave: app.places.toggleSave()
        case .toggleOrder: app.places.toggleOrder()
        case .removeFavorite: app.favorites.removeSelected()
        case .undoRemove: app.favorites.undo()
        case .openFavorite: app.showSelectedFavoriteInPlaces()
        case .toggleLike: app.feed.toggleLike()
        case .toggleFeedMode: app.feed.toggleMode()
        case .compose: app.feed.startCompose()
        case .signIn: app.profile.startSignIn()
        case .register: app.profile.startRegister()
        case .editProfile: app.profile.startEdit()
        case .signOut: app.profile.signOut()
        case .submit:
            switch tab {
            case .places: app.places.submitSearch()
            case .feed: app.feed.submitCompose()
            case .profile: app.profile.submitForm()
            case .favorites: break
            }
        case .cancel:
            switch tab {
            case .places: app.places.cancelSearch()
            case .feed: app.feed.cancelCompose()
            case .profile: app.profile.cancelForm()
            case .favorites: break
            }
        case .nextField: app.profile.nextField()
        case .previousField: app.profile.previousField()
        }
    }

    private func move(by delta: Int) {
        switch app.state.tab {
        case .places: app.places.moveSelection(by: delta)
        case .favorites: app.favorites.moveSelection(by: delta)
        case .feed: app.feed.moveSelection(by: delta)
        case .profile: app.profile.moveSelection(by: delta)
        }
    }

    private func select(_ index: Int) {
        switch app.state.tab {
        case .places: app.places.select(index)
        case .favorites: app.favorites.select(index)
        case .feed: app.feed.select(index)
        case .profile: app.profile.select(index)
        }
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
                if app.state.tab == .places && app.places.state.isSearchFocused { app.places.submitSearch() }
                select(index)
                return
            }
            if app.state.tab == .profile, let field = layout.fieldRows.firstIndex(of: position.row) {
                app.profile.focusField(field)
            }
        case .wheelUp(let position):
            if layout.listArea?.contains(position) ?? true { move(by: -3) }
        case .wheelDown(let position):
            if layout.listArea?.contains(position) ?? true { move(by: 3) }
        }
    }
}
