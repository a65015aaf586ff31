import App
import Domain
import Foundation
import Localization
import TerminalUI
import Testing
import ViewModels

/// `/` on the Feed, through the real keymap on an in-memory terminal: the people search lists
/// people as the query is typed (Hangul initials too), ↑/↓ choose, Enter opens the chosen
/// person's profile, Esc goes back to the Feed, and a query nobody matches says so.
@Suite struct PeopleSearchScreenTests {
    /// The sample community on the Feed, `/` pressed.
    static func searching() throws -> (AppWorld, AppHarness) {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        harness.press("/")
        return (world, harness)
    }

    @Test func slashFindsAPersonAndEnterOpensTheirProfile() throws {
        let (_, harness) = try Self.searching()
        #expect(harness.app.people != nil)
        #expect(harness.line(containing: "Find people") != nil, "\(harness.text)")
        harness.type("seoyeon")
        #expect(harness.app.people?.state.query.text == "seoyeon", "letters are typed, not keys")
        let row = try #require(harness.line(containing: "@seoyeon"))
        #expect(row.contains("김서연") && row.contains("followers"), "\(row)")
        expectGolden(harness, "people-search")
        harness.press("enter")
        #expect(harness.app.people == nil)
        #expect(harness.app.author?.state.user?.username == "seoyeon")
        #expect(harness.line(containing: "@seoyeon") != nil)
        // Esc on the profile is back on the Feed.
        harness.press("esc")
        #expect(harness.app.author == nil)
        #expect(harness.line(containing: "All posts") != nil)
    }

    @Test func hangulInitialsFindTheName() throws {
        let (_, harness) = try Self.searching()
        harness.type("ㅅㅇ")
        #expect(harness.app.people?.state.people.map(\.username) == ["seoyeon"])
        #expect(harness.line(containing: "@seoyeon  김서연") != nil, "\(harness.text)")
        // What the initials matched, 서연, is emphasised as a place search's match is; 김 is not.
        let row = try #require(harness.lines.firstIndex { $0.contains("@seoyeon  김서연") })
        // The column where 김서연 starts, in cells (the face before it is two cells wide).
        let name = TextWidth.of(
            String(harness.lines[row][..<(try #require(harness.lines[row].range(of: "김서연")).lowerBound)]))
        #expect(harness.screen[row, name + 2].style == harness.screen[row, name + 4].style)
        #expect(harness.screen[row, name + 2].style != harness.screen[row, name].style)
        // A syllable half typed finds the name too.
        harness.press("ctrl-u")
        harness.type("서여")
        #expect(harness.app.people?.state.people.map(\.username) == ["seoyeon"])
    }

    @Test func arrowsChooseAndEscCloses() throws {
        let (_, harness) = try Self.searching()
        let everyone = try #require(harness.app.people?.state.people)
        #expect(everyone.count > 2, "an empty query lists the most followed first")
        harness.press("down")
        harness.press("down")
        harness.press("up")
        #expect(harness.app.people?.state.selectedPerson?.id == everyone[1].id)
        #expect(harness.app.people?.state.query.text == "", "arrows move, they type nothing")
        harness.press("enter")
        #expect(harness.app.author?.state.user?.id == everyone[1].id)
        harness.press("esc")
        harness.press("/")
        harness.type("j")
        harness.press("esc")
        #expect(harness.app.people == nil)
        #expect(harness.app.author == nil)
        #expect(harness.line(containing: "All posts") != nil, "\(harness.text)")
    }

    @Test func aQueryNobodyMatchesSaysSo() throws {
        let (world, harness) = try Self.searching()
        harness.type("zzzz")
        #expect(harness.line(containing: "No one matches “zzzz”.") != nil, "\(harness.text)")
        harness.press("enter")
        #expect(harness.app.author == nil, "Enter with nobody listed opens nothing")
        Language.$scoped.withValue(.ko) {
            let korean = world.harness(width: 80, height: 24)
            korean.press("3")
            korean.press("/")
            korean.type("zzzz")
            #expect(korean.line(containing: "“zzzz”과(와) 맞는 사람이 없습니다.") != nil, "\(korean.text)")
        }
    }

    @Test func theKeyIsInTheFeedsFooterAndHelp() throws {
        let world = try AppWorld()
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        #expect(harness.lines[23].contains("/ people"), "\(harness.lines[23])")
        #expect(KeyBindings.defaults.screens(of: "find-people") == [.feed])
    }

    @Test func mOnAPostMentioningSeveralAccountsAsksWhoseProfile() throws {
        let world = try AppWorld()
        try world.signUp("newcomer", displayName: "New Comer")
        try world.services.tweets.writePost(
            "dinner with @seoyeon, @nobody_here and @minjun_park", id: "mentions-2", placeID: nil,
            session: try world.services.session())
        let harness = world.harness(width: 80, height: 24)
        harness.press("3")
        #expect(harness.app.feed.state.selectedRow?.id == "mentions-2")
        harness.press("m")
        #expect(harness.app.author == nil, "several mentions: nothing opens before the choice")
        #expect(harness.app.mentionChoice?.mentions.map(\.username) == ["seoyeon", "minjun_park"])
        #expect(harness.line(containing: "Open whose profile?") != nil, "\(harness.text)")
        expectGolden(harness, "feed-mention-choice")
        harness.press("esc")
        #expect(harness.app.mentionChoice == nil && harness.app.author == nil)
        #expect(harness.line(containing: "Open whose profile?") == nil)
        harness.press("m")
        harness.press("j")
        harness.press("enter")
        #expect(harness.app.mentionChoice == nil)
        #expect(harness.app.author?.state.user?.username == "minjun_park")
    }
}
