import App
import Domain
import Localization
import Testing

/// One step of a screen test: a key (by name), typed text, or a comparison with a golden.
enum ScreenStep: Sendable {
    case press(String)
    case type(String)
    case golden(String)
}

/// A screen test as data, run at each size: who signs up first (nobody when `newcomer` is
/// nil), the posts they write, then the steps. Every golden test starts the same way here.
struct ScreenScript: Sendable, CustomTestStringConvertible {
    var newcomer: String?
    var bio = ""
    var posts: [String] = []
    /// h29post: the place the script's posts carry (Seoul's id), nil for none.
    var place: PostPlace?
    var steps: [ScreenStep]

    init(newcomer: String? = nil, bio: String = "", posts: [String] = [], _ steps: ScreenStep...) {
        self.newcomer = newcomer
        self.bio = bio
        self.posts = posts
        self.steps = steps
    }

    var testDescription: String {
        steps.compactMap { if case .golden(let name) = $0 { name } else { nil } }.joined(separator: ", ")
    }

    /// Runs the steps on a new world's app in `language`; returns the world and the harness
    /// for checks of its own (the harness keeps the world alive).
    @discardableResult
    func run(
        width: Int, height: Int, language: Language = .en,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (world: AppWorld, harness: AppHarness) {
        let world = try AppWorld()
        if let newcomer {
            try world.signUp("newcomer", displayName: newcomer, bio: bio)
            for post in posts {
                try world.services.tweets.post(
                    post, placeID: place == nil ? nil : "1835848", place: place, session: world.services.session())
            }
        }
        let harness = Language.$scoped.withValue(language) {
            let harness = world.harness(width: width, height: height)
            for step in steps {
                switch step {
                case .press(let key): harness.press(key)
                case .type(let text): harness.type(text)
                case .golden(let name): expectGolden(harness, name, sourceLocation: sourceLocation)
                }
            }
            return harness
        }
        return (world, harness)
    }
}
