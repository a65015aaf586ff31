import Faces
import Foundation
import TerminalUI
import Testing
import ViewModels

@testable import App

/// Faces beside posts: half blocks of the picture's colours where the terminal allows,
/// else the person's initials in a badge of the username's colour.
struct FaceDrawingTests {
    /// A picture whose top half is red and bottom half blue.
    static let redOverBlue = AvatarDataURL.encode(
        FacePixels(
            side: 32, rgb: (0..<32 * 32).flatMap { $0 / 32 < 16 ? [UInt8(255), 0, 0] : [UInt8(0), 0, 255] }))

    static func row(avatar: String?, name: String = "Mina Park", username: String = "mina") -> FeedRowModel {
        FeedRowModel(
            id: "p1", displayName: name, username: username, caption: "hello", timestamp: Date(), likes: 0,
            didLike: false, uid: "u-\(username)", avatar: avatar)
    }

    static func context(_ drawing: FaceDrawing, markers: Markers = .utf8) -> ScreenContext {
        ScreenContext(markers: markers, now: Date(), faces: FaceCache(decodesInline: true), faceDrawing: drawing)
    }

    @Test
    func aPictureIsDrawnInHalfBlocksTwoRowsHighBesideTheName() {
        let lines = postLines(
            Self.row(avatar: Self.redOverBlue), width: 80, context: Self.context(.pictures(trueColor: true)))
        let top = lines[0].spans.prefix(4)
        #expect(top.allSatisfy { $0.text == "▀" })
        #expect(top.allSatisfy { $0.style.foreground == .rgb(255, 0, 0) && $0.style.background == .rgb(255, 0, 0) })
        let bottom = lines[1].spans.prefix(4)
        #expect(bottom.allSatisfy { $0.style.foreground == .rgb(0, 0, 255) && $0.style.background == .rgb(0, 0, 255) })
        #expect(lines[0].spans.map(\.text).joined().hasPrefix("▀▀▀▀ Mina Park @mina"))
        #expect(lines[1].spans.map(\.text).joined().hasSuffix(" hello"))
    }

    @Test
    func withoutTrueColourTheNearestOf256IsDrawn() {
        let lines = postLines(
            Self.row(avatar: Self.redOverBlue), width: 80, context: Self.context(.pictures(trueColor: false)))
        #expect(lines[0].spans[0].style.foreground == .indexed(196))
        #expect(lines[1].spans[0].style.background == .indexed(21))
    }

    @Test
    func withoutAPictureTheInitialsAreDrawnInTheUsernamesColour() {
        let context = Self.context(.pictures(trueColor: true))
        let mina = postLines(Self.row(avatar: nil), width: 80, context: context)
        #expect(mina[0].spans[0].text == " MP ")
        let again = postLines(Self.row(avatar: nil, name: "Someone Else"), width: 80, context: context)
        #expect(again[0].spans[0].style == mina[0].spans[0].style, "the colour is the username's, not the name's")
        #expect(mina[0].spans[0].style.background != .default)
        let korean = postLines(Self.row(avatar: nil, name: "김서연", username: "seoyeon"), width: 80, context: context)
        #expect(korean[0].spans[0].text == " 김 ")
    }

    @Test
    func aBrokenPictureIsDrawnAsTheBadge() {
        let lines = postLines(
            Self.row(avatar: "data:image/png;base64,AAAA"), width: 80, context: Self.context(.pictures(trueColor: true))
        )
        #expect(lines[0].spans[0].text == " MP ")
    }

    @Test
    func monoNoColorAndAsciiDrawTheBadge() {
        let mono = FaceDrawing.current(isUTF8: true, theme: .mono, trueColor: true)
        #expect(mono == .badges(colored: false, unicode: true))
        let lines = postLines(Self.row(avatar: Self.redOverBlue), width: 80, context: Self.context(mono))
        #expect(lines[0].spans[0].text == " MP " && lines[0].spans[0].style.reverse)
        #expect(lines[0].spans[0].style.background == .default)

        let ascii = FaceDrawing.current(isUTF8: false, theme: .dark, trueColor: true)
        #expect(ascii == .badges(colored: true, unicode: false))
        let korean = postLines(
            Self.row(avatar: Self.redOverBlue, name: "김서연", username: "seoyeon"), width: 80,
            context: Self.context(ascii, markers: .ascii))
        #expect(korean[0].spans[0].text == " S  ", "no Hangul where the locale cannot show it")
    }

    @Test
    func aProfileFaceIsFourRowsOfEightColumns() {
        let face = Self.context(.pictures(trueColor: true)).face(
            key: "u1", avatar: Self.redOverBlue, displayName: "Mina", username: "mina", rows: FaceCells.profileRows)
        #expect(face.count == 4 && face.allSatisfy { $0.count == 8 })
        #expect(face[1][0].style.background == .rgb(255, 0, 0) && face[2][0].style.foreground == .rgb(0, 0, 255))
    }

    @Test
    func aPictureDecodedOnTheWorkerIsAskedToBeDrawnAgain() async {
        let cache = FaceCache()
        let decoded = AsyncStream<Void> { continuation in
            cache.onDecoded = { continuation.yield() }
        }
        #expect(
            cache.face(key: "u1", avatar: Self.redOverBlue, rows: 2, trueColor: true) == nil,
            "not on the caller's thread")
        for await _ in decoded { break }
        #expect(cache.face(key: "u1", avatar: Self.redOverBlue, rows: 2, trueColor: true)?.count == 2)
    }
}
