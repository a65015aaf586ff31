import Foundation
import PlaceCatalog
import Testing

@testable import Domain

@Suite struct ProfileEditTests {
    let fresh = User.newRegistration(id: "u1", email: "a@example.com", createdOn: Date(timeIntervalSince1970: 0))

    @Test func registrationIsNotOnboarded() {
        #expect(!fresh.isUserOnboarded)
        #expect(fresh.displayName.isEmpty && fresh.username.isEmpty && fresh.bio.isEmpty)
        #expect(fresh.followersCount == 0 && fresh.followingCount == 0)
    }

    @Test func onboardedOnceNameAndUsernameAreSet() throws {
        let named = try ProfileEdit(displayName: " 김서연 ").apply(to: fresh)
        #expect(named.displayName == "김서연")
        #expect(!named.isUserOnboarded)
        let done = try ProfileEdit(username: "SeoYeon", bio: "안녕하세요").apply(to: named)
        #expect(done.username == "seoyeon")
        #expect(done.bio == "안녕하세요")
        #expect(done.isUserOnboarded)
    }

    @Test func invalidFieldChangesNothing() {
        #expect(throws: ValidationError.usernameInvalid) {
            try ProfileEdit(displayName: "Kim", username: "no spaces allowed").apply(to: fresh)
        }
        #expect(throws: ValidationError.bioTooLong) {
            try ProfileEdit(bio: String(repeating: "x", count: 161)).apply(to: fresh)
        }
    }

    @Test func signInCheck() throws {
        #expect(throws: SignInRequired(.post)) { try SignInRequired.check(nil, .post) }
        let session = Session(uid: "u1", email: "a@example.com", signedInAt: Date())
        #expect(try SignInRequired.check(session, .likePosts) == session)
    }

    @Test func modelsEncodeWithTheDataModelsFieldNames() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        func keys<T: Encodable>(_ value: T) throws -> [String] {
            let object = try JSONSerialization.jsonObject(with: encoder.encode(value)) as! [String: Any]
            return object.keys.sorted()
        }
        #expect(
            try keys(fresh) == [
                "avatarPath", "bio", "createdOn", "displayName", "email", "followersCount",
                "followingCount", "id", "isUserOnboarded", "username",
            ])
        let tweet = Tweet(id: "t", caption: "c", timestamp: Date(), uid: "u", likes: 0, placeID: "1835848")
        #expect(try keys(tweet) == ["caption", "id", "likes", "placeID", "replies", "reposts", "timestamp", "uid"])
        #expect(try keys(UserLike(likedAt: Date())) == ["likedAt"])
        let favorite = FavoritePlace(
            placeName: "Seoul", placeID: "1835848", address: "Seoul, South Korea",
            coordinate: Coordinate(latitude: 37.566, longitude: 126.9784), savedAt: Date())
        #expect(try keys(favorite) == ["address", "coordinate", "folders", "memo", "placeID", "placeName", "savedAt"])
        #expect(try keys(favorite.coordinate) == ["latitude", "longitude"])
    }
}
