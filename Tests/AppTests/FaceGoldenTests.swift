import App
import Domain
import Faces
import Foundation
import TerminalUI
import Testing

/// The signed-in person's face beside `@you` in the header and beside their post in the
/// Feed, as whole screens with their cells' styles: half blocks in colour, the badge of
/// their initials without colour (`theme = mono`, what `NO_COLOR` gets) and in ASCII.
@Suite struct FaceGoldenTests {
    static let sizes = [(80, 24), (120, 40)]

    /// A picture of four quarters: red and green above, blue and white below.
    static let quarters = AvatarDataURL.encode(
        FacePixels(
            side: 32,
            rgb: (0..<32 * 32).flatMap { index -> [UInt8] in
                switch (index / 32 < 16, index % 32 < 16) {
                case (true, true): return [255, 0, 0]
                case (true, false): return [0, 255, 0]
                case (false, true): return [0, 0, 255]
                case (false, false): return [255, 255, 255]
                }
            }))

    /// Mina, signed in with the picture, and her post at the top of the Feed.
    static func world() throws -> AppWorld {
        let world = try AppWorld()
        try world.signUp("mina", displayName: "Mina Park")
        _ = try world.services.users.updateProfile(
            ProfileEdit(avatar: quarters), session: world.services.session())
        try world.services.tweets.post("a face beside every post", session: world.services.session())
        return world
    }

    /// The Feed drawn with faces decoded at once and in true colour (as `COLORTERM=truecolor`).
    static func feed(_ world: AppWorld, width: Int, height: Int, isUTF8: Bool = true) -> AppHarness {
        let harness = world.harness(width: width, height: height, isUTF8: isUTF8)
        harness.loop.renderer.faces = FaceCache(decodesInline: true)
        harness.loop.renderer.trueColor = true
        harness.press("3")
        return harness
    }

    @Test(arguments: sizes) func colourFacesInTheHeaderAndTheFeed(width: Int, height: Int) throws {
        let world = try Self.world()
        Theme.$current.withValue(.dark) {
            let harness = Self.feed(world, width: width, height: height)
            let header = harness.lines[0]
            #expect(header.hasSuffix("▀▀ @mina"), "the face just before @you: \(header)")
            let face = harness.screen[0, width - 8]
            #expect(face.style.foreground == .rgb(255, 0, 0) && face.style.background == .rgb(0, 0, 255))
            #expect(harness.screen[0, width - 7].style.foreground == .rgb(0, 255, 0))
            expectStyledGolden(harness, "faces-colour")
        }
    }

    @Test(arguments: sizes) func withoutColourTheBadgeOfTheInitials(width: Int, height: Int) throws {
        let world = try Self.world()
        Theme.$current.withValue(.mono) {
            let harness = Self.feed(world, width: width, height: height)
            #expect(harness.lines[0].hasSuffix("MP @mina"))
            let badge = harness.screen[0, width - 8]
            #expect(badge.style.reverse && badge.style.foreground == .default)
            expectStyledGolden(harness, "faces-mono")
        }
    }

    @Test func asciiDrawsTheBadgeInTheHeaderToo() throws {
        let world = try Self.world()
        let harness = Self.feed(world, width: 80, height: 24, isUTF8: false)
        #expect(harness.lines[0].hasSuffix("MP @mina"))
        expectGolden(harness, "faces-ascii")
    }

    @Test func theStatusStaysBeforeTheFaceAndANarrowHeaderLeavesTheFaceOut() {
        var buffer = Buffer(width: 60, height: 1)
        let face = [Span("▀", style: Style(foreground: .red, background: .blue)), Span("▀")]
        TabHeaderView(
            titles: ["Places", "Favorites", "Feed", "Profile"], active: 0, rightLabel: "@mina",
            status: "offline", face: face
        ).render(in: buffer.area, into: &buffer)
        #expect(buffer.unstyled.lines[0].hasSuffix("offline  ▀▀ @mina"))
        var narrow = Buffer(width: 20, height: 1)
        TabHeaderView(titles: ["Places", "Favorites", "Feed", "Profile"], active: 0, rightLabel: "@mina", face: face)
            .render(in: narrow.area, into: &narrow)
        #expect(narrow.unstyled.lines[0] == "1 Places 2 3 4 @mina")
    }

    /// The selected post is drawn in reverse video (the dark theme's selection); its face
    /// keeps its colours, the top pixel in the foreground, so it is not upside down.
    @Test func theSelectedPostsFaceIsNotReversed() throws {
        let world = try Self.world()
        try Theme.$current.withValue(.dark) {
            let harness = Self.feed(world, width: 80, height: 24)
            #expect(harness.app.feed.state.selectedRow?.caption == "a face beside every post")
            let row = try #require(harness.lines.firstIndex { $0.contains("Mina Park @mina") })
            let name = try #require(harness.lines[row].range(of: "Mina"))
            let nameColumn = harness.lines[row].distance(from: harness.lines[row].startIndex, to: name.lowerBound)
            #expect(harness.screen[row, nameColumn].style.reverse, "the row is selected")
            for (line, top, bottom) in [
                (row, Color.rgb(255, 0, 0), Color.rgb(255, 0, 0)), (row + 1, .rgb(0, 0, 255), .rgb(0, 0, 255)),
            ] {
                let cell = harness.screen[line, 0]
                #expect(cell.symbol == "▀")
                #expect(!cell.style.reverse, "row \(line): a reversed half block would be upside down")
                #expect(cell.style.foreground == top && cell.style.background == bottom)
            }
            #expect(harness.screen[row, 3].style.foreground == .rgb(0, 255, 0))
        }
    }

    /// Where the terminal answered the kitty graphics query: the same faces as real pixels,
    /// placed over the cells the half blocks take (blank in the frame), sent once, and
    /// placed again where a scroll moved them.
    @Test func kittyGraphicsPlaceThePicturesOverBlankCells() throws {
        let world = try Self.world()
        try Theme.$current.withValue(.dark) {
            let harness = world.harness(width: 80, height: 24)
            harness.loop.renderer.faces = FaceCache(decodesInline: true)
            harness.loop.renderer.kittyGraphics = true
            harness.press("3")
            let png = String(Self.quarters.dropFirst(AvatarDataURL.prefix.count))
            let images = harness.backend.images
            let header = try #require(images.first { $0.area.row == 0 })
            #expect(header.area == Rect(row: 0, column: 72, width: 2, height: 1) && header.png == png)
            let row = try #require(harness.lines.firstIndex { $0.contains("Mina Park @mina") })
            let post = try #require(images.first { $0.area.row == row })
            #expect(post.area == Rect(row: row, column: 0, width: 4, height: 2) && post.image == header.image)
            #expect(harness.lines[0].hasSuffix("   @mina") && harness.lines[row].hasPrefix("     Mina Park"))
            #expect(harness.screen[row, 0].style == .plain, "no half blocks and no marks under the picture")
            let output = harness.backend.graphicsOutput
            #expect(output.components(separatedBy: "a=t,f=100").count == 2, "the picture is sent once")
            #expect(output.contains("\u{1B}[1;73H\u{1B}_Ga=p,i=\(header.image),p=1,c=2,r=1,C=1,q=2\u{1B}\\"))
            #expect(output.contains("\u{1B}[\(row + 1);1H\u{1B}_Ga=p,i=\(post.image),p=2,c=4,r=2,C=1,q=2\u{1B}\\"))
            // Seen by others, the faces stay badges: Kim's post has no picture.
            #expect(harness.line(containing: "김서연 @seoyeon")?.hasPrefix(" 김  ") == true)
            let before = output.count
            for _ in 0..<8 { harness.press("j") }
            #expect(harness.backend.images == [header], "Mina's post scrolled away: only the header's face")
            for _ in 0..<8 { harness.press("k") }
            #expect(harness.backend.images.contains { $0.image == post.image && $0.area.column == 0 })
            let after = String(harness.backend.graphicsOutput.dropFirst(before))
            #expect(after.contains("\u{1B}_Ga=d,d=i,i=\(post.image),p=2,q=2\u{1B}\\"))
            #expect(!after.contains("a=t,"), "not sent again")
        }
    }

    @Test func withoutKittyGraphicsNoPicturesArePlaced() throws {
        let world = try Self.world()
        let harness = Self.feed(world, width: 80, height: 24)
        #expect(harness.backend.images.isEmpty && harness.backend.graphicsOutput.isEmpty)
        #expect(harness.lines[0].hasSuffix("▀▀ @mina"))
    }
}
