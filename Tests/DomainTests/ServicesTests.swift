import DocStore
import Foundation
import PlaceCatalog
import PlainText
import Testing

@testable import Domain

private struct Directory: PlaceDirectory {
    func favoriteCandidate(placeID: String) -> FavoriteCandidate? {
        switch placeID {
        case "1835848":
            return FavoriteCandidate(
                placeID: placeID, placeName: "Seoul", address: "Seoul, South Korea",
                coordinate: Coordinate(latitude: 37.566, longitude: 126.9784))
        case "1838524":
            return FavoriteCandidate(
                placeID: placeID, placeName: "Busan", address: "Busan, South Korea",
                coordinate: Coordinate(latitude: 35.1028, longitude: 129.0403))
        default: return nil
        }
    }
}

@Suite struct AccountServiceTests {
    @Test func registerCreatesAnUnonboardedUserAndSignsIn() throws {
        let fixture = ServiceFixture()
        let services = try fixture.open()
        let session = try services.auth.register(email: " Mina@Example.com ", password: "correct horse battery")
        #expect(session.email == "mina@example.com")
        #expect(try services.session() == session)
        let user = try #require(try services.auth.currentUser())
        #expect(user.id == session.uid && user.email == "mina@example.com" && !user.isUserOnboarded)
        #expect(!session.uid.lowercased().contains("mina"))
        // The credential is outside every document.
        let stored = try services.store.collection("users").document(session.uid).getDocument().data ?? [:]
        #expect(
            Set(stored.keys) == [
                "id", "email", "displayName", "username", "bio", "avatarPath", "followersCount",
                "followingCount", "createdOn", "isUserOnboarded",
            ])
        let credential = try #require(try services.store.protectedRecord("credentials/mina@example.com"))
        #expect(!String(decoding: credential, as: UTF8.self).contains("correct horse"))
    }

    @Test func emailIsUniqueIgnoringCaseAndSignInErrorsAreTheSame() throws {
        let fixture = ServiceFixture()
        let services = try fixture.open()
        _ = try services.registered("a@example.com")
        #expect(throws: ServiceError.emailTaken("a@example.com")) { try services.registered("A@EXAMPLE.com") }
        try services.auth.signOut()
        #expect(try services.session() == nil)
        #expect(throws: ServiceError.wrongCredentials) {
            try services.auth.signIn(email: "a@example.com", password: "wrong password")
        }
        #expect(throws: ServiceError.wrongCredentials) {
            try services.auth.signIn(email: "b@example.com", password: "correct horse battery")
        }
        #expect(throws: ServiceError.wrongCredentials) {
            try services.auth.signIn(email: "not an email", password: "correct horse battery")
        }
        #expect(try services.session() == nil)
        let session = try services.auth.signIn(email: "A@example.com", password: "correct horse battery")
        #expect(try services.session() == session)
    }

    @Test func signInUpgradesAWeakerRecord() throws {
        let fixture = ServiceFixture()
        _ = try fixture.open().registered("a@example.com")
        let stronger = PasswordHasher(parameters: ScryptParameters(n: 1 << 6, r: 2, p: 1))
        let services = try AppServices.open(paths: fixture.paths, seedSample: false, hasher: stronger)
        func stored() throws -> PasswordRecord {
            let data = try #require(try services.store.protectedRecord("credentials/a@example.com"))
            return try JSONDecoder().decode(Credential.self, from: data).password
        }
        #expect(try stored().n == 1 << 4)
        #expect(throws: ServiceError.wrongCredentials) {
            try services.auth.signIn(email: "a@example.com", password: "wrong password")
        }
        #expect(try stored().n == 1 << 4, "a failed sign-in changes nothing")
        try services.auth.signIn(email: "a@example.com", password: "correct horse battery")
        #expect(try stored().n == 1 << 6 && stored().r == 2)
        try services.auth.signIn(email: "a@example.com", password: "correct horse battery")
    }

    @Test func sampleAccountsHaveNoCredentials() throws {
        let fixture = ServiceFixture()
        let services = try fixture.open(sample: true)
        let community = try SampleCommunity.load(paths: fixture.paths)
        for user in community.users {
            #expect(try services.store.protectedRecord("credentials/" + user.email) == nil)
            #expect(throws: ServiceError.wrongCredentials) {
                try services.auth.signIn(email: user.email, password: "password123")
            }
        }
    }

    @Test func onboardingAndTakenUsernames() throws {
        let fixture = ServiceFixture()
        let a = try fixture.open(session: "a")
        let b = try fixture.open(session: "b")
        let sessionA = try a.registered("a@example.com")
        let sessionB = try b.registered("b@example.com")
        #expect(try a.auth.currentUser()?.isUserOnboarded == false)
        let half = try a.users.updateProfile(ProfileEdit(displayName: "김민아"), session: sessionA)
        #expect(!half.isUserOnboarded)
        let done = try a.users.updateProfile(ProfileEdit(username: "River", bio: "서울 🌸"), session: sessionA)
        #expect(done.isUserOnboarded && done.username == "river")
        #expect(try a.users.user(id: sessionA.uid) == done)
        #expect(throws: ServiceError.usernameTaken("river")) {
            try b.users.updateProfile(ProfileEdit(displayName: "B", username: "RIVER"), session: sessionB)
        }
        #expect(try b.users.user(id: sessionB.uid)?.displayName == "", "a refused edit writes nothing")
        // Keeping one's own username is not "taken".
        #expect(try a.users.updateProfile(ProfileEdit(username: "river", bio: "hi"), session: sessionA).bio == "hi")
        #expect(throws: ValidationError.usernameInvalid) {
            try b.users.updateProfile(ProfileEdit(username: "no spaces!"), session: sessionB)
        }
    }
}

@Suite struct LikeServiceTests {
    @Test func relaunchSeesEveryLikeAndLikingAgainChangesNothing() throws {
        let fixture = ServiceFixture()
        let first = try fixture.open()
        let session = try first.poster("a@example.com")
        var ids: [String] = []
        for i in 0..<100 { ids.append(try first.tweets.post("post \(i)", session: session).id) }
        for id in ids { #expect(try first.tweets.like(tweetID: id, session: session).likes == 1) }
        first.store.close()

        let relaunched = try fixture.open()
        let viewer = try relaunched.session()
        let page = try relaunched.tweets.page(.all, limit: 200, viewer: viewer)
        #expect(page.posts.count == 100)
        #expect(page.posts.allSatisfy { $0.didLike && $0.likes == 1 })
        for id in ids {
            let again = try relaunched.tweets.like(tweetID: id, session: viewer)
            #expect(again.likes == 1 && again.didLike)
        }
        #expect(try relaunched.tweets.page(.all, limit: 200, viewer: viewer).posts == page.posts)
        #expect(try relaunched.tweets.page(.liked, limit: 200, viewer: viewer).posts.count == 100)
    }

    @Test func aPageResolvesLikesAndAuthorsInAFixedNumberOfQueries() throws {
        let fixture = ServiceFixture()
        let services = try fixture.open()
        let session = try services.registered("a@example.com")
        try services.users.updateProfile(ProfileEdit(displayName: "Ann", username: "ann"), session: session)
        var ids: [String] = []
        for i in 0..<60 { ids.append(try services.tweets.post("post \(i)", session: session).id) }
        let liked = Set(ids.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
        for id in liked { try services.tweets.like(tweetID: id, session: session) }

        let before = services.tweets.queryCount
        let page = try services.tweets.page(.all, limit: 50, viewer: session)
        #expect(
            services.tweets.queryCount - before == 5,
            "posts, authors, likes, bookmarks, reposts: not one query per post")
        #expect(page.posts.count == 50)
        for post in page.posts {
            #expect(post.didLike == liked.contains(post.id))
            #expect(post.likes == (liked.contains(post.id) ? 1 : 0))
            #expect(post.username == "ann" && post.displayName == "Ann")
        }
        #expect(page.posts.contains { $0.didLike } && page.posts.contains { !$0.didLike })
        let rest = try services.tweets.page(.all, limit: 50, after: page.next, viewer: session)
        #expect(rest.posts.count == 10 && rest.next == nil)
        #expect(Set(page.posts.map(\.id) + rest.posts.map(\.id)) == Set(ids))
        #expect(zip(page.posts, page.posts.dropFirst()).allSatisfy { $0.timestamp >= $1.timestamp })
    }

    @Test func likesEqualUserLikeDocumentsAfterMixedOperations() throws {
        let fixture = ServiceFixture()
        let services = try fixture.open(sample: true)
        var sessions: [Session] = []
        for i in 0..<4 { sessions.append(try fixture.open(session: "s\(i)").registered("u\(i)@example.com")) }
        let ids = try services.tweets.page(.all, limit: 8, viewer: nil).posts.map(\.id)
        var generator = SeededRandom(seed: 42)
        for _ in 0..<300 {
            let session = sessions[Int(generator.next() % 4)]
            let id = ids[Int(generator.next() % UInt64(ids.count))]
            switch generator.next() % 3 {
            case 0: try services.tweets.like(tweetID: id, session: session)
            case 1: try services.tweets.unlike(tweetID: id, session: session)
            default: try services.tweets.toggleLike(tweetID: id, session: session)
            }
        }
        for post in try services.tweets.page(.all, limit: 1000, viewer: nil).posts {
            #expect(post.likes == (try services.likeDocuments(for: post.id)), "\(post.id)")
        }
    }

    @Test func likedViewIsMostRecentlyLikedFirst() throws {
        let fixture = ServiceFixture()
        let services = try fixture.open()
        let session = try services.poster("a@example.com")
        let ids = try (0..<3).map { try services.tweets.post("post \($0)", session: session).id }
        for id in [ids[1], ids[0], ids[2]] {
            try services.tweets.like(tweetID: id, session: session)
            Thread.sleep(forTimeInterval: 0.002)
        }
        #expect(try services.tweets.page(.liked, viewer: session).posts.map(\.id) == [ids[2], ids[0], ids[1]])
        #expect(throws: SignInRequired(.viewLikedPosts)) { try services.tweets.page(.liked, viewer: nil) }
    }

    @Test func authorPagesAndToggles() throws {
        let fixture = ServiceFixture()
        let services = try fixture.open(sample: true)
        let session = try services.poster("a@example.com")
        let mine = try (0..<3).map {
            try services.tweets.post("mine \($0)", placeID: $0 == 0 ? "1835848" : nil, session: session)
        }
        let page = try services.tweets.page(.author(uid: session.uid), viewer: nil)
        #expect(page.posts.map(\.id) == mine.reversed().map(\.id))
        #expect(page.posts.last?.placeID == "1835848")
        let sample = try services.tweets.page(.author(uid: "sample-seoyeon"), viewer: nil).posts
        #expect(!sample.isEmpty && sample.allSatisfy { $0.uid == "sample-seoyeon" })
        let on = try services.tweets.toggleLike(tweetID: mine[1].id, session: session)
        let off = try services.tweets.toggleLike(tweetID: mine[1].id, session: session)
        #expect(on.didLike && on.likes == 1 && !off.didLike && off.likes == 0)
        #expect(throws: ServiceError.postNotFound("nope")) {
            try services.tweets.like(tweetID: "nope", session: session)
        }
        #expect(throws: ValidationError.postEmpty) { try services.tweets.post("  ", session: session) }
    }

    @Test func observeDeliversLikesAsTheyHappen() throws {
        let fixture = ServiceFixture()
        let services = try fixture.open()
        let session = try services.poster("a@example.com")
        let id = try services.tweets.post("hello", session: session).id
        var pages: [[FeedPost]] = []
        let registration = try services.tweets.observe(.all, limit: 10, viewer: session) { pages.append($0.posts) }
        #expect(pages.count == 1 && pages[0].first?.didLike == false)
        try services.tweets.like(tweetID: id, session: session)
        #expect(pages.count == 2 && pages[1].first?.didLike == true && pages[1].first?.likes == 1)
        registration.remove()
        try services.tweets.unlike(tweetID: id, session: session)
        #expect(pages.count == 2, "no further events")
    }
}

@Suite struct AuthorizationTests {
    @Test func nobodyRemovesAnotherUsersFavoriteOrLike() throws {
        let fixture = ServiceFixture()
        let a = try fixture.open(session: "a")
        let b = try fixture.open(session: "b")
        let sessionA = try a.poster("a@example.com")
        let sessionB = try b.registered("b@example.com")
        try a.favorites.add(placeID: "1835848", from: Directory(), session: sessionA)
        let post = try a.tweets.post("mine", session: sessionA)
        try a.tweets.like(tweetID: post.id, session: sessionA)

        #expect(try b.favorites.remove(placeID: "1835848", session: sessionB) == false)
        #expect(try b.favorites.list(session: sessionB).isEmpty)
        #expect(try b.tweets.unlike(tweetID: post.id, session: sessionB).likes == 1)
        #expect(try a.favorites.list(session: sessionA).map(\.placeID) == ["1835848"])
        #expect(try a.tweets.post(id: post.id, viewer: sessionA)?.didLike == true)
        #expect(try a.likeDocuments(for: post.id) == 1)
        // A crafted path cannot reach another user's documents either.
        #expect(try b.favorites.remove(placeID: "../../\(sessionA.uid)/favorites/1835848", session: sessionB) == false)
        #expect(throws: ServiceError.postNotFound("x/y")) { try b.tweets.unlike(tweetID: "x/y", session: sessionB) }
        #expect(try a.favorites.list(session: sessionA).count == 1)
    }

    @Test func signedOutWritesAreRefusedAndWriteNothing() throws {
        let fixture = ServiceFixture()
        let services = try fixture.open(sample: true)
        let session = try services.poster("a@example.com")
        let post = try services.tweets.post("mine", session: session)
        try services.favorites.add(placeID: "1835848", from: Directory(), session: session)
        let uids = try services.store.collection("users").getDocuments().documents.map(\.documentID)
        let before = try services.fingerprint(uids: uids)

        #expect(throws: SignInRequired(.post)) { try services.tweets.post("hello", session: nil) }
        #expect(throws: SignInRequired(.likePosts)) { try services.tweets.like(tweetID: post.id, session: nil) }
        #expect(throws: SignInRequired(.likePosts)) { try services.tweets.unlike(tweetID: post.id, session: nil) }
        #expect(throws: SignInRequired(.likePosts)) { try services.tweets.toggleLike(tweetID: post.id, session: nil) }
        #expect(throws: SignInRequired(.saveFavorites)) {
            try services.favorites.add(placeID: "1838524", from: Directory(), session: nil)
        }
        #expect(throws: SignInRequired(.removeFavorites)) {
            try services.favorites.remove(placeID: "1835848", session: nil)
        }
        #expect(throws: SignInRequired(.editProfile)) {
            try services.users.updateProfile(ProfileEdit(bio: "x"), session: nil)
        }
        #expect(try services.fingerprint(uids: uids) == before)
    }
}

@Suite struct FavoritesServiceTests {
    @Test func addListRemoveNewestFirstWithNumericCoordinates() throws {
        let fixture = ServiceFixture()
        let services = try fixture.open()
        let session = try services.registered("a@example.com")
        var seen: [[String]] = []
        let registration = try #require(
            try services.favorites.observe(.newest(limit: 10), session: session) {
                seen.append($0.map(\.placeID))
            })
        try services.favorites.add(placeID: "1835848", from: Directory(), session: session)
        Thread.sleep(forTimeInterval: 0.002)
        try services.favorites.add(placeID: "1838524", from: Directory(), session: session)
        try services.favorites.add(placeID: "1835848", from: Directory(), session: session)
        #expect(throws: ServiceError.placeNotFound("999")) {
            try services.favorites.add(placeID: "999", from: Directory(), session: session)
        }
        #expect(try services.favorites.list(session: session).map(\.placeID) == ["1838524", "1835848"])
        #expect(try services.favorites.favoriteIDs(session: session) == ["1838524", "1835848"])
        #expect(try services.favorites.isFavorite(placeID: "1838524", session: session))
        let stored = try services.store.document("favorites/\(session.uid)/favorites/1838524").getDocument()
        #expect(stored.get("coordinate.latitude") == .double(35.1028))
        #expect(stored.get("coordinate.longitude") == .double(129.0403))
        #expect(try services.favorites.remove(placeID: "1838524", session: session))
        #expect(!(try services.favorites.isFavorite(placeID: "1838524", session: session)))
        #expect(seen == [[], ["1835848"], ["1838524", "1835848"], ["1835848"]])
        registration.remove()
    }

    /// The Places screen's stars follow the places it holds, the map the newest few: each a
    /// bounded, live selection of the favorites, whatever the user saved.
    @Test func aSelectionFollowsOnlyThePlacesItNamesOrTheNewest() throws {
        let fixture = ServiceFixture()
        let services = try fixture.open()
        let session = try services.registered("a@example.com")
        try services.favorites.add(placeID: "1835848", from: Directory(), session: session)
        Thread.sleep(forTimeInterval: 0.002)
        var held: [[String]] = []
        var newest: [[String]] = []
        // Duplicates and ids no document can have are dropped before the store is asked.
        let places = try #require(
            try services.favorites.observe(
                .places(["1838524", "1838524", "a/b", "", "999"]),
                session: session
            ) { held.append($0.map(\.placeID)) })
        let map = try #require(
            try services.favorites.observe(.newest(limit: 1), session: session) {
                newest.append($0.map(\.placeID))
            })
        try services.favorites.add(placeID: "1838524", from: Directory(), session: session)
        try services.favorites.remove(placeID: "1835848", session: session)
        try services.favorites.remove(placeID: "1838524", session: session)
        #expect(held == [[], ["1838524"], []])
        #expect(newest == [["1835848"], ["1838524"], []])
        places.remove()
        map.remove()
        var none: [[FavoritePlace]] = []
        #expect(try services.favorites.observe(.places(["a/b"]), session: session) { none.append($0) } == nil)
        #expect(try services.favorites.observe(.newest(limit: 5), session: nil) { none.append($0) } == nil)
        #expect(none == [[], []])
    }
}

@Suite struct SeedingTests {
    @Test func aNewDatabaseIsSeededOnceAndNotWithoutSample() throws {
        let fixture = ServiceFixture()
        let community = try SampleCommunity.load(paths: fixture.paths)
        let first = try fixture.open(sample: true)
        #expect(try first.store.collection("tweets").count() == community.posts.count)
        #expect(try first.store.collection("users").count() == community.users.count)
        let second = try fixture.open(sample: true)
        #expect(try second.store.collection("tweets").count() == community.posts.count)
        let feed = try second.tweets.page(.all, limit: 1000, viewer: nil).posts
        #expect(feed.count == community.posts.count && feed.allSatisfy { !$0.username.isEmpty })
        for post in feed { #expect(post.likes == (try second.likeDocuments(for: post.id))) }

        let bare = ServiceFixture()
        _ = try bare.open(sample: false)
        let later = try bare.open(sample: true)
        #expect(
            try later.store.collection("tweets").count() == 0, "a database set up without the sample stays without it")
        #expect(try later.store.collection("users").count() == 0)
    }

    @Test func aDamagedDatabaseIsReportedNotReplaced() throws {
        let fixture = ServiceFixture()
        try FileManager.default.createDirectory(atPath: fixture.paths.dataDirectory, withIntermediateDirectories: true)
        let garbage = Data(String(repeating: "not a database\n", count: 100).utf8)
        _ = FileManager.default.createFile(atPath: fixture.paths.databaseFile, contents: garbage)
        #expect(throws: StoreError.self) { try fixture.open(sample: true) }
        #expect(FileManager.default.contents(atPath: fixture.paths.databaseFile) == garbage)
    }
}
