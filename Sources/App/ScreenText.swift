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
}
