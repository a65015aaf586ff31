import Domain
import PlaceCatalog
import PlainText

/// A folder and how many places it holds, as the folder column shows it.
public struct FolderRow: Equatable, Sendable {
    public var folder: FavoriteFolder
    public var count: Int
    /// Whose folder it is when it is someone else's, followed (read-only); nil for one's own.
    public var owner: FolderOwner? = nil

    /// `@mina/카페` for a followed folder, the folder's shown name for one's own.
    public var shownName: String {
        owner.map { "@" + $0.username + "/" + folder.shownName } ?? folder.shownName
    }

    /// The follow's id (`ownerUid:folderID`) of a followed folder.
    public var followID: String? {
        owner.map { FolderFollowService.followID(ownerUID: $0.uid, folderID: folder.id) }
    }
}

/// What the Favorites screen is asking the person, one thing at a time.
public enum FavoritesPrompt: Equatable, Sendable {
    /// A folder name being typed: a new folder, or a new name for `renaming`.
    case folderName(FolderNameForm)
    /// A memo being edited; several lines show as `⏎` in the one-line field.
    case memo(MemoForm)
    /// A folder being chosen from `FolderPick.folders`.
    case pickFolder(FolderPick)
    /// Deleting a folder that holds places: move them to the default folder (the first
    /// choice), or delete them (`deletesPlaces`, chosen with j/k).
    case confirmDelete(folder: FavoriteFolder, count: Int, deletesPlaces: Bool)
}

/// The one field of the folder-name form.
public struct FolderNameForm: Equatable, Sendable {
    public enum Field: Equatable, Sendable { case name }
    public var renaming: FavoriteFolder?
    public var input: TextEditor
    public var error: String?
}

/// The one field of the memo form.
public struct MemoForm: Equatable, Sendable {
    public enum Field: Equatable, Sendable { case memo }
    /// How a line break of the memo shows in the one-line field.
    public static let lineBreak = "⏎"
    public var placeID: String
    public var placeName: String
    public var input: TextEditor
    public var error: String?
}

/// A folder picker: where a place is moved, copied or saved to.
public struct FolderPick: Equatable, Sendable {
    public enum Purpose: Equatable, Sendable {
        case move(placeID: String, placeName: String, fromFolderID: String)
        case copy(placeID: String, placeName: String)
        case save(FavoriteCandidate)
    }
    public var purpose: Purpose
    public var folders: [FolderRow]
    public var selected: Int
}
