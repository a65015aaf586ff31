import App
import Assembly
import Domain
import Foundation
import TerminalUI
import Testing
import ViewModels

@Suite struct AppHarnessTests {
    @Test func theHeaderShowsTabsAndGuestThenTheUsername() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        #expect(harness.lines[0].hasPrefix("1 Places  2 Favorites  3 Feed  4 Profile"))
        #expect(harness.lines[0].hasSuffix("guest"))
        #expect(harness.screen[0, 0].style.reverse)
        try world.signUp("someone", displayName: "Some One")
        let signedIn = world.harness(width: 80, height: 24)
        #expect(signedIn.lines[0].hasSuffix("@someone"))
    }

    @Test(arguments: [("1", AppTab.places), ("2", .favorites), ("3", .feed), ("4", .profile)])
    func numberKeysSwitchTabs(key: String, tab: AppTab) throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        harness.press(key)
        #expect(harness.app.state.tab == tab)
    }

    @Test func tabAndShiftTabCycle() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.press("tab")
        #expect(harness.app.state.tab == .favorites)
        harness.press("shift-tab")
        harness.press("shift-tab")
        #expect(harness.app.state.tab == .activity)
        harness.press("shift-tab")
        #expect(harness.app.state.tab == .profile)
    }

    @Test func qQuitsButTypesInAField() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.press("/")
        harness.type("q")
        #expect(!harness.app.state.isQuitting)
        #expect(harness.app.places.state.query.text == "q")
        harness.press("enter")
        harness.press("q")
        #expect(harness.app.state.isQuitting)
    }

    @Test func ctrlCQuitsFromAField() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.press("/")
        harness.press("ctrl-c")
        #expect(harness.app.state.isQuitting)
    }

    @Test func helpListsTheScreensBindingsFromTheKeymapAndEscClosesIt() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 100, height: 60)
        harness.press("3")
        harness.press("?")
        for binding in AppKeyMap.screen(.feed).bindings {
            #expect(harness.text.contains(binding.label + String(repeating: " ", count: 1)), "\(binding.label) missing")
            #expect(harness.text.contains(binding.help))
        }
        harness.press("esc")
        #expect(!harness.app.state.isHelpVisible)
        #expect(!harness.text.contains("Keys · Feed"))
    }

    @Test func theFooterComesFromTheKeymapAndAToastReplacesIt() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        #expect(harness.lines[23].hasPrefix("/ search  s save  o order  ? help  q quit"))
        harness.press("s")
        #expect(harness.lines[23].contains("Sign in on the Profile tab (4, then i) to save favorites"))
    }

    @Test func searchSaveAndSeeTheStarThenTheFavorite() throws {
        let world = try AppWorld()
        try world.signUp("saver", displayName: "Saver")
        let harness = world.harness(width: 100, height: 30)
        harness.press("/")
        harness.type("bus")
        #expect(harness.line(containing: "Busan")?.hasPrefix("☆ Busan") == true)
        harness.press("enter")
        harness.press("s")
        #expect(harness.line(containing: "Busan")?.hasPrefix("★ Busan") == true)
        #expect(harness.screen[2, 0].style.foreground == .yellow)
        harness.press("2")
        #expect(harness.line(containing: "★ Busan")?.contains("35.1028, 129.0403") == true)
        harness.press("x")
        #expect(harness.text.contains("u undo"))
        #expect(harness.line(containing: "★ Busan") == nil)
        harness.press("u")
        #expect(harness.line(containing: "★ Busan") != nil)
        harness.press("enter")
        #expect(harness.app.state.tab == .places)
        #expect(harness.app.places.state.selectedRow?.place.name == "Busan")
        #expect(harness.text.contains("Population 3,678,555"))
    }

    @Test func heartAPostAndComposeOne() throws {
        let world = try AppWorld()
        try world.signUp("hearty", displayName: "Hearty")
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        harness.press("g")
        harness.press("l")
        let heart = try #require(harness.lines.firstIndex { $0.contains("♥") })
        #expect(harness.lines[heart].contains("♥ 2"))
        let column = try #require(Array(harness.lines[heart]).firstIndex(of: "♥"))
        #expect(harness.screen[heart, column].style.foreground == .red)
        harness.press("v")
        #expect(harness.text.contains("Feed · Following"))
        harness.press("v")
        #expect(harness.text.contains("Feed · Liked"))
        harness.press("v")
        #expect(harness.text.contains("Feed · Bookmarks"))
        harness.press("v")
        #expect(harness.text.contains("Feed · All"))
        harness.press("n")
        #expect(harness.text.contains("280 characters left"))
        harness.type("posted 🌸")
        #expect(harness.text.contains("272 characters left"))
        harness.press("enter")
        #expect(harness.line(containing: "posted 🌸") != nil)
        #expect(harness.line(containing: "Hearty @hearty · now") != nil)
    }

    @Test func registerShowsDotsThenOnboardingThenTheProfile() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.press("4")
        #expect(harness.text.contains("create account"))
        harness.press("c")
        harness.type("walker@example.com")
        harness.press("tab")
        harness.type("long enough password")
        #expect(!harness.text.contains("long enough password"))
        #expect(harness.text.contains("••••••••"))
        harness.press("enter")
        // The busy state was drawn before the slow work ran.
        #expect(harness.backend.frames.count >= 2)
        #expect(harness.text.contains("Username"))
        harness.type("Walker")
        harness.press("tab")
        harness.type("walker")
        harness.press("tab")
        harness.type("walks a lot")
        harness.press("enter")
        #expect(harness.lines[0].hasSuffix("@walker"))
        #expect(harness.text.contains("walks a lot"))
        harness.press("L")
        #expect(harness.lines[0].hasSuffix("@walker"), "asked first")
        harness.press("y")
        #expect(harness.lines[0].hasSuffix("guest"))
    }

    @Test func theBusyStateIsOnScreenWhileHashingAndKeysAreAnsweredMeanwhile() throws {
        let world = try AppWorld()
        let hashing = HeldWorkExecutor()
        let harness = world.harness(width: 80, height: 24, work: hashing)
        harness.press("4")
        harness.press("i")
        harness.type("nobody@example.com")
        harness.press("tab")
        harness.type("password123")
        harness.press("enter")
        #expect(harness.text.contains("Signing in…"))
        #expect(hashing.waiting == 1, "the password is hashed off the loop's thread")
        let email = try #require(harness.lines.firstIndex { $0.contains("Email") })
        let column = try #require(harness.lines[email].range(of: "Email")).lowerBound.utf16Offset(
            in: harness.lines[email])
        #expect(!harness.screen[email, column].style.bold)
        harness.press("tab")
        #expect(harness.screen[email, column].style.bold, "keys still answer while the password is hashed")
        hashing.runNext()
        #expect(harness.text.contains("Signing in…"), "the answer waits in the queue until the loop takes it")
        harness.settle()
        #expect(harness.text.contains("Wrong email or password"))
        #expect(harness.text.contains("nobody@example.com"))
    }

    @Test func aToastGoesAwayWhenItsTimerComesDue() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.press("s")
        #expect(harness.lines[23].contains("Sign in on the Profile tab (4, then i) to save favorites"))
        world.clock.advance(by: 2.9)
        harness.settle()
        #expect(harness.lines[23].contains("Sign in on the Profile tab (4, then i) to save favorites"))
        world.clock.advance(by: 0.2)
        harness.settle()
        #expect(!harness.lines[23].contains("Sign in on the Profile tab (4, then i) to save favorites"))
        #expect(harness.lines[23].contains("help"), "the footer is back")
    }

    @Test func theCatalogArrivesThroughTheQueueAfterTheFirstFrame() throws {
        let world = try AppWorld()
        let gate = DispatchSemaphore(value: 0)
        let places = DeferredPlaces(
            load: { [list = world.places] in
                gate.wait()
                return list
            }, onLoaded: { [events = world.events] in events.post(.catalogLoaded($0)) })
        let harness = world.harness(width: 80, height: 24, places: places)
        #expect(harness.text.contains("Loading places…"))
        gate.signal()
        places.waitUntilLoaded()
        let deadline = Date().addingTimeInterval(10)
        while world.events.count == 0 && Date() < deadline { usleep(1000) }
        #expect(world.events.count == 1, "readiness is posted by the loading thread")
        harness.settle()
        #expect(!harness.text.contains("Loading places…"))
        #expect(harness.line(containing: "Seoul") != nil)
    }

    @Test func clickingATabOrARowSelectsIt() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        let feedColumn = try #require(harness.lines[0].range(of: "3 Feed")).lowerBound.utf16Offset(in: harness.lines[0])
        harness.click(row: 0, column: feedColumn + 2)
        #expect(harness.app.state.tab == .feed)
        harness.click(row: 0, column: 0)
        #expect(harness.app.state.tab == .places)
        harness.click(row: 5, column: 10)
        #expect(harness.app.places.state.selected == 3)
        harness.wheel(down: true, row: 5, column: 10)
        #expect(harness.app.places.state.selected == 6)
        harness.wheel(down: false, row: 5, column: 10)
        #expect(harness.app.places.state.selected == 3)
    }

    @Test func resizingReLaysOutAtOnce() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        #expect(!harness.text.contains("Population"))
        harness.resize(width: 120, height: 40)
        #expect(harness.screen.size == Size(width: 120, height: 40))
        #expect(harness.text.contains("Population 10,349,312"))
        for (width, height) in [(20, 6), (1, 1), (0, 0), (33, 7), (200, 60)] {
            harness.resize(width: width, height: height)
        }
        #expect(harness.lines[0].hasPrefix("1 Places"))
    }

    @Test func asciiLocalesUseTheAsciiMarkers() throws {
        let world = try AppWorld()
        try world.signUp("plain", displayName: "Plain")
        let harness = world.harness(width: 80, height: 24, isUTF8: false)
        harness.press("s")
        #expect(harness.line(containing: "Seoul")?.hasPrefix("* Seoul") == true)
        #expect(harness.line(containing: "Tokyo")?.hasPrefix("- Tokyo") == true)
        harness.press("3")
        #expect(harness.text.contains("-- 1"))
        harness.press("4")
        harness.press("L")
        harness.press("y")
        harness.press("i")
        harness.press("tab")
        harness.type("secret")
        #expect(harness.text.contains("Password  ******"))
    }

    @Test func anotherWritersChangeShowsWithoutAKeyPress() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        let first = try #require(harness.app.feed.state.rows.first)
        try world.signUp("liker", displayName: "Liker")
        try world.services.tweets.like(tweetID: first.id, session: world.services.session())
        #expect(world.events.count > 0, "the listener's snapshot waits in the loop's queue")
        #expect(harness.lines.first { $0.contains("♡") }?.contains("♡ \(first.likes)") == true)
        harness.refresh()
        #expect(harness.lines.first { $0.contains("♡") }?.contains("♡ \(first.likes + 1)") == true)
    }

    @Test func longListsScrollToKeepTheSelectionVisible() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 60, height: 6)
        harness.press("G")
        #expect(harness.line(containing: "Llanfair") != nil)
        #expect(harness.line(containing: "Seoul") == nil)
        harness.press("k")
        #expect(harness.line(containing: "Llanfair") != nil)
        harness.press("g")
        #expect(harness.line(containing: "Seoul") != nil)
        harness.press("3")
        harness.press("pgdn")
        harness.press("pgdn")
        let selected = try #require(harness.app.feed.state.selectedRow)
        #expect(harness.text.contains("@" + selected.username))
    }

    @Test func theMatchedPartIsEmphasisedAndTheSelectedRowHighlighted() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.press("/")
        harness.type("eou")
        let seoul = try #require(harness.lines.firstIndex { $0.hasPrefix("☆ Seoul") })
        let styles = (2..<7).map { harness.screen[seoul, $0].style }
        #expect(!styles[0].underline)
        #expect(styles[1].underline && styles[1].bold)
        #expect(styles[3].underline && styles[3].bold)
        #expect(!styles[4].underline)
        #expect(harness.screen[seoul, 40].style.reverse, "the selected row is highlighted across the width")
    }
}
