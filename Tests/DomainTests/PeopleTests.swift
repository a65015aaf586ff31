import DocStore
import Foundation
import PlaceCatalog
import Testing

@testable import Domain

/// People: the search matches names as the place search matches places (Hangul initials, a
/// half-typed syllable), mentions name existing accounts only, and mutes hide a person's
/// posts from the muter's feeds, idempotently, without telling them.
@Suite struct PeopleTests {
    func person(_ username: String, _ displayName: String, followers: Int = 0) -> User {
        User(
            id: username, email: username + "@example.com", displayName: displayName, username: username,
            followersCount: followers, createdOn: Date(timeIntervalSince1970: 0), isUserOnboarded: true)
    }

    var people: [User] {
        [
            person("seoyun", "김서윤", followers: 3), person("sujin", "박수진", followers: 9),
            person("mina", "Mina Park"), person("minho", "이민호", followers: 1),
            User(
                id: "fresh", email: "fresh@example.com", createdOn: Date(timeIntervalSince1970: 0)),
        ]
    }

    @Test func hangulInitialsAndAHalfTypedSyllableFindPeopleByName() {
        #expect(PeopleSearch.ranked(people, matching: "ㅅㅇ", limit: 10).map(\.username) == ["seoyun"])
        #expect(PeopleSearch.ranked(people, matching: "서유", limit: 10).map(\.username) == ["seoyun"])
        #expect(PeopleSearch.ranked(people, matching: "ㄱㅅ", limit: 10).map(\.username) == ["seoyun"])
        #expect(PeopleSearch.ranked(people, matching: "민", limit: 10).map(\.username) == ["minho"])
    }

    @Test func usernamesAndLatinNamesMatchIgnoringCaseBestFirst() {
        // "mina" is exact for @mina, a prefix of @minho.
        #expect(PeopleSearch.ranked(people, matching: "MINA", limit: 10).map(\.username) == ["mina"])
        #expect(PeopleSearch.ranked(people, matching: "min", limit: 10).map(\.username) == ["minho", "mina"])
        #expect(PeopleSearch.ranked(people, matching: "park", limit: 10).map(\.username) == ["mina"])
        #expect(PeopleSearch.ranked(people, matching: "nobody", limit: 10).isEmpty)
        // Nobody without a username; an empty query lists the most followed first.
        #expect(PeopleSearch.ranked(people, matching: "", limit: 2).map(\.username) == ["sujin", "seoyun"])
    }

    @Test func theMatcherIsThePlaceSearchsOwn() {
        let query = TextQuery("서ㅇ")
        #expect(query.bestMatch(in: "김서윤") == TextMatch(kind: .substring, range: 1..<3))
        #expect(query.bestMatch(in: "박수진") == nil)
    }

    @Test func mentionsAreUsernamesAfterAnAtThatStartsAWord() {
        #expect(Mentions.names(in: "hi @Mina and @mina, ask @sujin!") == ["mina", "sujin"])
        #expect(Mentions.names(in: "mail mina@example.com or @ab or @toolongusername_x") == [])
        #expect(Mentions.spans(in: "서울 @mina 에서").map(\.range) == [3..<8])
    }

    @Test func mentionedAccountsAreTheExistingOnesInOrder() throws {
        let fixture = ServiceFixture()
        let ann = try fixture.open(session: "ann")
        _ = try ann.poster("ann@example.com")
        _ = try ann.poster("bob@example.com")
        let found = try ann.people.mentionedAccounts(in: "@bob_poster @nobody_here @ANN_POSTER @bob_poster")
        #expect(found.map(\.username) == ["bob_poster", "ann_poster"])
        #expect(try ann.people.mentionedAccounts(in: "no mentions").isEmpty)
    }

    @Test func aProfileCountsItsPostsAndAnUnknownNameIsRefused() throws {
        let fixture = ServiceFixture()
        let ann = try fixture.open(session: "ann")
        let annS = try ann.poster("ann@example.com")
        try ann.write(.post(postID: "p1", text: "one", placeID: nil), session: annS)
        try ann.write(.post(postID: "p2", text: "two", placeID: nil), session: annS)
        let profile = try ann.people.profile(named: "@ann_poster", tweets: ann.tweets)
        #expect(profile.posts == 2 && profile.user.id == annS.uid)
        #expect(throws: ServiceError.userNotFound("@nobody")) {
            try ann.people.profile(named: "@nobody", tweets: ann.tweets)
        }
    }

    @Test func aMutedPersonsPostsLeaveTheMutersFeedsOnlyAndMutingIsIdempotent() throws {
        let fixture = ServiceFixture()
        let ann = try fixture.open(session: "ann")
        let bob = try fixture.open(session: "bob")
        let annS = try ann.poster("ann@example.com")
        let bobS = try bob.poster("bob@example.com")
        try bob.write(.post(postID: "b1", text: "bob's", placeID: nil), session: bobS)
        try ann.write(.post(postID: "a1", text: "ann's", placeID: nil), session: annS)
        try ann.write(.like(postID: "b1"), session: annS)
        for _ in 0..<2 { try ann.write(.mute(uid: bobS.uid), session: annS) }
        #expect(try ann.mutes.mutedIDs(of: annS.uid) == [bobS.uid])
        #expect(try ann.tweets.page(.all, viewer: annS).posts.map(\.id) == ["a1"])
        #expect(try ann.tweets.page(.liked, viewer: annS).posts.isEmpty)
        #expect(try ann.tweets.rows(.all, before: nil, limit: 10, viewer: annS).map(\.id) == ["a1"])
        // Bob's own page still shows his posts; Bob and the signed out see everything.
        #expect(try ann.tweets.page(.author(uid: bobS.uid), viewer: annS).posts.map(\.id) == ["b1"])
        #expect(try bob.tweets.page(.all, viewer: bobS).posts.count == 2)
        #expect(try bob.tweets.page(.all, viewer: nil).posts.count == 2)
        #expect(try ann.mutes.muted(by: annS.uid).map(\.id) == [bobS.uid])
        for _ in 0..<2 { try ann.write(.unmute(uid: bobS.uid), session: annS) }
        #expect(try ann.tweets.page(.all, viewer: annS).posts.count == 2)
        #expect(try ann.mutes.muted(by: annS.uid).isEmpty)
    }

    @Test func nobodyMutesThemselvesOrSomeoneMissingAndSignedOutNothingIsWritten() throws {
        let fixture = ServiceFixture()
        let ann = try fixture.open(session: "ann")
        let annS = try ann.poster("ann@example.com")
        #expect(throws: ServiceError.cannotMuteSelf) { try ann.write(.mute(uid: annS.uid), session: annS) }
        #expect(throws: ServiceError.userNotFound("nobody")) { try ann.write(.mute(uid: "nobody"), session: annS) }
        #expect(throws: SignInRequired(.mute)) { try ann.mutes.writeMute(true, uid: "x", session: nil) }
        #expect(try ann.store.collection("users/\(annS.uid)/mutes").count() == 0)
        let intent = WriteIntent.mute(uid: "b")
        #expect(intent.pendingPath(uid: "a") == "users/a/mutes/b")
        #expect(intent.changedDocuments(uid: "a") == ["users/a/mutes/b"])
        #expect(try JSONDecoder().decode(WriteIntent.self, from: JSONEncoder().encode(intent)) == intent)
    }

    @Test func theFilterHidesAnythingAMutedPersonDid() {
        let filter = MuteFilter(muted: ["bob"])
        let items = [("p1", "ann", nil), ("p2", "bob", nil), ("p3", "ann", "bob")] as [(String, String, String?)]
        #expect(filter.apply(items) { [$0.1, $0.2] }.map(\.0) == ["p1"])
        #expect(MuteFilter.none.apply(items) { [$0.1, $0.2] }.count == 3)
    }
}
