import Localization

/// A piece of a favorite a person types or imports, as errors name it: the name is shown
/// in the person's language, never as the English word the code uses.
public enum FavoriteField: String, CaseIterable, Sendable {
    case folderName, memo, placeName, address

    /// The field's name in the person's language.
    public var title: String {
        switch self {
        case .folderName: return tr(.fieldFolderName)
        case .memo: return tr(.fieldMemo)
        case .placeName: return tr(.fieldPlaceName)
        case .address: return tr(.fieldAddress)
        }
    }
}
