import Domain

/// `places show --json`: the PLACE, with the counts of the conversation around it (issue
/// 29): `posts` (posts naming the place) and `savedByFollowing` (people the viewer follows
/// who saved it where the viewer may read; 0 signed out). Search results keep PLACE's shape.
struct PlaceShowJSON: Encodable {
    let place: PlaceJSON
    let counts: PlaceCounts

    func encode(to encoder: Encoder) throws {
        try place.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(counts.posts, forKey: .posts)
        try container.encode(counts.savedByFollowing, forKey: .savedByFollowing)
    }

    private enum CodingKeys: String, CodingKey {
        case posts, savedByFollowing
    }
}

extension PlacesCommands {
    /// The counts `places show` prints. Signed in, a store that cannot be read stops the
    /// command; signed out, a store that cannot be opened counts no posts (the place itself
    /// still shows, as it did before posts could name places).
    static func placeCounts(_ context: CommandContext, placeID: String) throws -> PlaceCounts {
        guard let session = try context.session() else {
            let posts = try? context.services().favorites.placeCounts(placeID: placeID, session: nil)
            return posts ?? PlaceCounts(posts: 0, savedByFollowing: 0, latestSaver: nil)
        }
        return try context.services().favorites.placeCounts(placeID: placeID, session: session)
    }
}
