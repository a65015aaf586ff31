import Localization
import ViewModels

/// The names screens show for view-model values, in the current language.
extension AppTab {
    var localizedTitle: String {
        switch self {
        case .places: return tr(.tabPlaces)
        case .favorites: return tr(.tabFavorites)
        case .feed: return tr(.tabFeed)
        case .profile: return tr(.tabProfile)
        }
    }
}

extension ProfileFormKind {
    var localizedTitle: String {
        switch self {
        case .signIn: return tr(.formSignIn)
        case .register: return tr(.formRegister)
        case .onboarding: return tr(.formOnboarding)
        case .edit: return tr(.formEdit)
        }
    }

    /// A form field's label (the view model's English name) in the current language.
    static func localizedLabel(_ label: String) -> String {
        let keys: [String: TextKey] = ["Email": .fieldEmail, "Password": .fieldPassword, "Display name": .fieldDisplayName,
                                       "Username": .fieldUsername, "Bio": .fieldBio]
        return keys[label].map { tr($0) } ?? label
    }
}
