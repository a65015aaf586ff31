import Localization
import TerminalUI
import ViewModels

/// The one table of tabs, in `AppTab` order: for each, the keys that act on it (once the
/// help overlay, a question and a Favorites prompt have taken theirs), the help it lists, the
/// question it waits on, and its body. Nothing else switches on the tab.
struct TabRoute: Sendable {
    /// The tab's keymap, as its state stands (a field with focus, a detail, a form…).
    var keys: @Sendable (AppViewModel) -> KeyMap<AppAction>
    /// The help overlay's sections for the tab, before those every tab shares.
    var help: @Sendable (AppViewModel) -> [HelpSection]
    /// The question the tab waits on (`y` / `n`), drawn in place of the footer.
    var question: @Sendable (AppViewModel) -> String?
    /// The tab's body, drawn from its view models' state.
    var body: @Sendable (AppViewModel, ScreenContext) -> TabScreen

    static let all: [TabRoute] = [places, favorites, feed, profile, activity]

    static let places = TabRoute(
        keys: { app in
            if let posts = app.placePosts(on: .places) { return placePostsKeys(posts) }
            if app.places.isPickingCategory { return AppKeyMap.picker }
            if app.places.state.isSearchFocused { return AppKeyMap.bindings.keyMap(.search) }
            if app.places.state.isDetailOpen { return AppKeyMap.screen(.detail) }
            return AppKeyMap.screen(.places)
        },
        help: { app in
            if app.placePosts(on: .places) != nil { return placePostsHelp }
            return [
                AppKeyMap.section(nil, .places),
                AppKeyMap.section(.helpLists, .list),
                AppKeyMap.section(
                    .helpSearchField, .search, only: ["submit", "cancel", "history-previous", "history-next"]),
                HelpSection(tr(.helpTyping), AppKeyMap.typingHints),
            ]
        },
        question: { app in app.placePosts(on: .places).flatMap(AppKeyMap.postQuestion) },
        body: { app, context in
            placePostsBody(app, .places, context) ?? PlacesScreen(state: app.places.state, context: context)
        })

    static let favorites = TabRoute(
        keys: { app in app.placePosts(on: .favorites).map(placePostsKeys) ?? AppKeyMap.screen(.favorites) },
        help: { app in
            if app.placePosts(on: .favorites) != nil { return placePostsHelp }
            return [AppKeyMap.section(nil, .favorites), AppKeyMap.section(.helpLists, .list)]
        },
        question: { app in app.placePosts(on: .favorites).flatMap(AppKeyMap.postQuestion) },
        body: { app, context in
            placePostsBody(app, .favorites, context)
                ?? FavoritesScreen(
                    state: app.favorites.state, context: context,
                    koreanName: { [places = app.places] in places.koreanName(of: $0) })
        })

    static let feed = TabRoute(
        keys: { app in
            if app.placePicker != nil { return AppKeyMap.bindings.keyMap(.placePicker) }
            if app.mentionChoice != nil { return AppKeyMap.picker }
            if app.people != nil { return AppKeyMap.bindings.keyMap(.people) }
            if app.currentFeed.state.compose != nil { return AppKeyMap.bindings.keyMap(.compose) }
            if app.thread != nil { return AppKeyMap.screen(.thread) }
            if let author = app.author, author.state.showsFolders {
                if author.folders.isOpen { return AppKeyMap.screen(.folder) }
                return AppKeyMap.othersFolders
            }
            return AppKeyMap.screen(app.author == nil ? .feed : .author)
        },
        help: { app in
            if let author = app.author, author.state.showsFolders, app.thread == nil {
                return [
                    author.folders.isOpen
                        ? AppKeyMap.section(nil, .folder)
                        : AppKeyMap.section(nil, .author, only: AppKeyMap.othersFoldersKeys),
                    AppKeyMap.section(.helpLists, .list),
                ]
            }
            return [
                AppKeyMap.section(nil, app.thread != nil ? .thread : app.author == nil ? .feed : .author),
                AppKeyMap.section(.helpLists, .list),
                AppKeyMap.composeSection,
                AppKeyMap.section(.helpPeopleSearch, .people, only: ["open-profile", "close", "down", "up"]),
                AppKeyMap.section(.helpPlacePicker, .placePicker),
                HelpSection(tr(.helpTyping), AppKeyMap.typingHints),
            ]
        },
        question: { app in AppKeyMap.postQuestion(app.currentFeed) },
        body: { app, context in
            if let picker = app.placePicker {
                return PlacePickerOver(base: feedBody(app, context), state: picker.state, context: context)
            }
            if let choice = app.mentionChoice {
                return ChoiceOver(
                    base: feedBody(app, context), title: tr(.mentionChoiceTitle),
                    choices: choice.mentions.map { "@" + $0.username }, selected: choice.selected)
            }
            return feedBody(app, context)
        })

    /// The Feed tab's body under any picker: the people search, a thread, an author's
    /// profile, or the Feed.
    static func feedBody(_ app: AppViewModel, _ context: ScreenContext) -> TabScreen {
        if let people = app.people { return PeopleSearchScreen(state: people.state, context: context) }
        if let thread = app.thread { return ThreadScreen(state: thread.state, context: context) }
        if let author = app.author {
            if author.state.showsFolders, let open = author.folders.state.open {
                return FavoritesScreen(
                    state: open, context: context,
                    koreanName: { [places = app.places] in places.koreanName(of: $0) },
                    owner: author.state.user?.username ?? "", followed: author.folders.state.openFollowed == true,
                    followPending: author.folders.state.followPending)
            }
            return AuthorProfileScreen(
                state: author.state, posts: author.posts.state, folders: author.folders.state, context: context)
        }
        return FeedScreen(state: app.feed.state, context: context)
    }

    static let profile = TabRoute(
        keys: { app in
            if let form = app.profile.state.form {
                return form.kind == .onboarding
                    ? AppKeyMap.onboardingForm
                    : AppKeyMap.bindings.keyMap(.form, only: AppKeyMap.profileFormKeys)
            }
            if app.placePicker != nil { return AppKeyMap.bindings.keyMap(.placePicker) }
            if app.profile.posts?.state.compose != nil { return AppKeyMap.bindings.keyMap(.compose) }
            return AppKeyMap.profile(signedIn: app.profile.state.user != nil)
        },
        help: { app in
            let signedIn = app.profile.state.user != nil
            var sections = [
                AppKeyMap.section(nil, .profile, only: signedIn ? AppKeyMap.signedInProfile : ["sign-in", "register"])
            ]
            if signedIn {
                sections += [
                    AppKeyMap.section(.helpLists, .list), AppKeyMap.composeSection,
                    AppKeyMap.section(.helpPlacePicker, .placePicker),
                ]
            }
            sections.append(
                AppKeyMap.section(.helpForms, .form, only: ["submit", "next-field", "previous-field", "cancel"]))
            sections.append(HelpSection(tr(.helpTyping), AppKeyMap.typingHints))
            return sections
        },
        question: { app in
            guard app.profile.state.isConfirmingSignOut else { return AppKeyMap.postQuestion(app.currentFeed) }
            return tr(.confirmSignOut, ["username": app.profile.state.user?.username ?? ""])
        },
        body: { app, context in
            let profile = ProfileScreen(state: app.profile.state, posts: app.profile.posts?.state, context: context)
            guard let picker = app.placePicker else { return profile }
            return PlacePickerOver(base: profile, state: picker.state, context: context)
        })
}

extension TabRoute {
    // notify: the Activity tab, a list with the keys every list has.
    static let activity = TabRoute(
        keys: { _ in AppKeyMap.screen(.activity) },
        help: { _ in [AppKeyMap.section(nil, .activity), AppKeyMap.section(.helpLists, .list)] },
        question: { _ in nil },
        body: { app, context in ActivityScreen(state: app.activity.state, context: context) })
}

extension TabRoute {
    /// A place's posts over the tab they were opened on: the Feed's keys on their posts, a
    /// reply's field while one is written.
    static func placePostsKeys(_ posts: FeedViewModel) -> KeyMap<AppAction> {
        posts.state.compose != nil ? AppKeyMap.bindings.keyMap(.compose) : AppKeyMap.screen(.posts)
    }

    static var placePostsHelp: [HelpSection] {
        [AppKeyMap.section(nil, .posts), AppKeyMap.section(.helpLists, .list), AppKeyMap.composeSection]
    }

    static func placePostsBody(_ app: AppViewModel, _ tab: AppTab, _ context: ScreenContext) -> TabScreen? {
        guard let open = app.placePosts, open.tab == tab else { return nil }
        return ThreadScreen(state: open.posts.state, context: context, place: open.name)
    }
}

extension AppTab {
    /// The tab's row of the table.
    var route: TabRoute { TabRoute.all[rawValue] }
}
