import App
import Domain
import PlaceCatalog
import Testing

/// Every screen at the usual sizes, compared with its golden text file.
@Suite struct ScreenGoldenTests {
    static let sizes = [(80, 24), (120, 40)]

    static let scripts = [
        ScreenScript(.golden("places"), .press("/"), .type("서"), .golden("places-hangul")),
        ScreenScript(.press("G"), .golden("places-long")),
        ScreenScript(newcomer: "New Comer 🌸", .press("s"), .press("j"), .press("s"), .press("2"), .golden("favorites")),
        ScreenScript(newcomer: "New Comer", .press("2"), .golden("favorites-empty")),
        ScreenScript(.press("3"), .golden("feed")),
        ScreenScript(.press("3"), .press("G"), .golden("feed-last"), .press("k"), .press("pgup"), .golden("feed-up")),
        ScreenScript(newcomer: "New Comer", .press("3"), .press("n"), .type("안녕 🌸"), .golden("feed-compose")),
        ScreenScript(
            .press("4"), .golden("profile-signed-out"), .press("c"), .type("new@example.com"),
            .press("tab"), .type("secret password"), .golden("profile-register")),
        ScreenScript(
            newcomer: "New Comer 🌸", bio: "서울에서 온 newcomer. Likes maps, long walks and 🍜.",
            posts: ["first post from the harness"], .press("4"), .golden("profile")),
        ScreenScript(.press("?"), .golden("help-places")),
        placedPost,
        // pick: the place picker over a post being written, then the place under its field.
        ScreenScript(
            newcomer: "New Comer", .press("3"), .press("n"), .type("lunch by the river"), .press("ctrl-p"),
            .type("seoul"), .golden("feed-place-picker"), .press("enter"), .golden("feed-compose-place")),
    ]

    /// h29post: a post that carries a place, at the top of the Feed.
    static let placedPost: ScreenScript = {
        var script = ScreenScript(
            newcomer: "New Comer", posts: ["lunch by the river"], .press("3"), .golden("feed-post-place"))
        script.place = PostPlace(
            placeName: "Seoul", koreanName: "서울", address: "Seoul, South Korea",
            coordinate: Coordinate(latitude: 37.566, longitude: 126.9784), source: "catalog")
        return script
    }()

    @Test(arguments: sizes, scripts) func screen(size: (Int, Int), script: ScreenScript) throws {
        try script.run(width: size.0, height: size.1)
    }

    @Test(arguments: ["1", "2", "3", "4", "5", "?"]) func tinyTerminal(key: String) throws {
        try ScreenScript(.press(key), .golden("tiny-\(key == "?" ? "help" : key)")).run(width: 20, height: 6)
    }
}
