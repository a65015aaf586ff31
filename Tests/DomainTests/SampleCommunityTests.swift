import Foundation
import Testing

@testable import Domain

/// The repository's `Resources/sample/community.json`, found from this test file.
private let shippedFile: String = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        let candidate = url.appendingPathComponent("Resources/sample/community.json")
        if FileManager.default.fileExists(atPath: candidate.path) { return candidate.path }
    }
    return "Resources/sample/community.json"
}()

@Suite struct SampleCommunityTests {
    @Test func shippedCommunityLoads() throws {
        let community = try SampleCommunity.load(file: shippedFile)
        #expect((6...8).contains(community.users.count))
        #expect((40...80).contains(community.posts.count))
        #expect(community.users.contains { $0.displayName == "김서연" && $0.username == "seoyeon" })
    }

    @Test func likesAreConsistent() throws {
        let community = try SampleCommunity.load(file: shippedFile)
        let now = Date()
        let tweets = community.tweets(now: now)
        let likes = community.likes(now: now)
        #expect(!likes.isEmpty)
        for tweet in tweets {
            #expect(tweet.likes == likes.filter { $0.tweetId == tweet.id }.count)
        }
        #expect(tweets.contains { $0.likes > 0 })
        #expect(Set(likes.map { "\($0.uid)/\($0.tweetId)" }).count == likes.count)
    }

    @Test func everyPostHasAnAuthorAndUsernamesAreValidAndUnique() throws {
        let community = try SampleCommunity.load(file: shippedFile)
        let users = community.users(now: Date())
        let ids = Set(users.map(\.id))
        for post in community.posts { #expect(ids.contains(post.uid)) }
        for user in users {
            #expect(try Validation.username(user.username) == user.username)
            #expect(user.isUserOnboarded)
        }
        #expect(Set(users.map { $0.username.lowercased() }).count == users.count)
    }

    @Test func postsAreRecentValidAndSomeAreAboutPlaces() throws {
        let community = try SampleCommunity.load(file: shippedFile)
        let now = Date()
        let tweets = community.tweets(now: now)
        #expect(tweets.contains { now.timeIntervalSince($0.timestamp) < 24 * 3600 })
        #expect(tweets.allSatisfy { now.timeIntervalSince($0.timestamp) < 60 * 24 * 3600 })
        #expect(tweets.filter { $0.placeID != nil }.count >= 10)
        #expect(tweets.contains { $0.caption.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } })
        #expect(tweets.contains { $0.caption.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
        for tweet in tweets { #expect(try Validation.postText(tweet.caption) == tweet.caption) }
    }

    @Test(arguments: [
        ("not json", "not valid JSON"),
        ("{\"format\":\"tern-sample-community\",\"version\":1,\"users\":[],\"posts\":[]}", "missing likes"),
        ("{\"format\":\"other\",\"version\":1,\"users\":[],\"posts\":[],\"likes\":[]}", "format"),
        ("{\"format\":\"tern-sample-community\",\"version\":2,\"users\":[],\"posts\":[],\"likes\":[]}", "version"),
        (
            """
            {"format":"tern-sample-community","version":1,"users":[],"likes":[],
             "posts":[{"id":"p1","uid":"ghost","caption":"hi","ageMinutes":1,"likes":0}]}
            """, "unknown user ghost"
        ),
    ])
    func malformedFilesGiveOneLine(json: String, fragment: String) {
        do {
            _ = try SampleCommunity.decode(Data(json.utf8), file: "c.json")
            Issue.record("accepted")
        } catch let error as SampleCommunityError {
            #expect(error.description.contains(fragment))
            #expect(error.description.hasPrefix("Sample community c.json: "))
            #expect(!error.description.contains("\n"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func inconsistentLikeCountIsRejected() throws {
        var community = try SampleCommunity.load(file: shippedFile)
        community.posts[0].likes += 1
        #expect(throws: SampleCommunityError.self) { try community.validate(file: "x") }
    }
}
