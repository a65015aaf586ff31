import Foundation
import Localization

/// What the detail of a place and `tern places show` say of its conversation:
/// `3 posts · saved by @mina and 2 others you follow` (the savers' part only when some did).
public enum PlaceCountsText {
    public static func line(_ counts: PlaceCounts) -> String {
        let posts = tr(counts.posts == 1 ? .placeCountPost : .placeCountPosts, ["count": Formats.number(counts.posts)])
        guard counts.savedByFollowing > 0 else { return posts }
        return posts + " · " + savers(counts)
    }

    /// `saved by @mina and 2 others you follow`.
    public static func savers(_ counts: PlaceCounts) -> String {
        guard let username = counts.latestSaver, !username.isEmpty else {
            return tr(.placeSavedByCount, ["count": Formats.number(counts.savedByFollowing)])
        }
        let others = counts.savedByFollowing - 1
        let values = ["name": "@" + username, "count": Formats.number(others)]
        switch others {
        case 0: return tr(.placeSavedByOne, values)
        case 1: return tr(.placeSavedByOneOther, values)
        default: return tr(.placeSavedByMany, values)
        }
    }
}
