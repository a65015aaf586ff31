import Domain
import Foundation
import Testing

@testable import Faces

/// A picture given as an avatar: what becomes a face, and every kind of file refused
/// before anything is decoded or written.
struct PictureDecoderTests {
    @Test
    func aPictureBecomesA32PixelSquareDataURLThatReadsBack() throws {
        let png = TestPictures.png(width: 64, height: 48) { x, y in (UInt8(x * 4), UInt8(y * 5), 128) }
        let face = try PictureDecoder.face(from: png)
        #expect(face.side == FacePixels.avatarSide)
        let url = AvatarDataURL.encode(face)
        #expect(url.hasPrefix("data:image/png;base64,"))
        #expect(try Validation.avatar(url) == url, "the client's own rule takes what it makes")
        #expect(AvatarDataURL.decode(url) == face, "PNG keeps every pixel")
    }

    @Test
    func aWidePictureKeepsItsCentre() throws {
        // Red, green and blue thirds side by side: the centred square is the green one.
        let png = TestPictures.png(width: 96, height: 32) { x, _ in
            x < 32 ? (255, 0, 0) : x < 64 ? (0, 255, 0) : (0, 0, 255)
        }
        let face = try PictureDecoder.face(from: png)
        for (x, y) in [(0, 0), (31, 31), (16, 5)] {
            let color = face.color(x: x, y: y)
            #expect(color.green == 255 && color.red == 0 && color.blue == 0, "\(x),\(y): \(color)")
        }
    }

    @Test
    func aJPEGBecomesAFace() throws {
        let jpeg = TestPictures.jpeg(width: 40, height: 40) { _, _ in (200, 100, 50) }
        let face = try PictureDecoder.face(from: jpeg)
        let color = face.color(x: 10, y: 10)
        #expect(abs(Int(color.red) - 200) < 8 && abs(Int(color.green) - 100) < 8, "\(color)")
    }

    @Test
    func aFileOverFiveMegabytesIsRefusedUnread() {
        var bytes = TestPictures.png(width: 2, height: 2) { _, _ in (0, 0, 0) }
        bytes.append(Data(count: PictureLimits.maxBytes))
        #expect(throws: PictureError.tooLarge(bytes: bytes.count)) { try PictureDecoder.face(from: bytes) }
    }

    @Test
    func aSideOverEightThousandPixelsIsRefused() {
        #expect(throws: PictureError.tooWide(width: 9000, height: 10)) {
            try PictureDecoder.face(from: TestPictures.pngClaiming(width: 9000, height: 10))
        }
    }

    @Test
    func aPictureTooBigToDecodeIsRefusedBeforeDecoding() {
        #expect(throws: PictureError.tooMuchMemory(width: 5000, height: 5000)) {
            try PictureDecoder.face(from: TestPictures.pngClaiming(width: 5000, height: 5000))
        }
    }

    @Test
    func aTruncatedPictureIsRefused() {
        let png = TestPictures.png(width: 50, height: 50) { x, y in (UInt8(x), UInt8(y), UInt8(x ^ y)) }
        let cut = png.prefix(png.count / 2)
        #expect {
            try PictureDecoder.face(from: Data(cut))
        } throws: { error in
            if case .damaged = error as? PictureError { return true }
            return false
        }
    }

    @Test(arguments: [Data("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), Data("hello".utf8), Data(), Data([0x42, 0x4D, 0, 0])])
    func anUnknownFormatIsRefused(bytes: Data) {
        #expect(throws: PictureError.unknownFormat) { try PictureDecoder.face(from: bytes) }
    }

    @Test
    func aMissingFileIsRefusedWithItsPath() {
        #expect {
            try PictureDecoder.face(fromFile: "/nonexistent/face.png")
        } throws: { error in
            guard case .unreadable(let path, _) = error as? PictureError else { return false }
            return path == "/nonexistent/face.png" && "\(error)".contains("/nonexistent/face.png")
        }
    }

    @Test
    func noiseStaysWithinTheStoredBound() throws {
        var random = SystemRandomNumberGenerator()
        let png = TestPictures.png(width: 32, height: 32) { _, _ in
            (
                UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                UInt8.random(in: 0...255, using: &random)
            )
        }
        let url = AvatarDataURL.encode(try PictureDecoder.face(from: png))
        #expect(url.utf8.count <= Validation.avatarMaxLength)
        #expect(try Validation.avatar(url) == url)
    }
}

/// What a profile may store as `avatar` (the client's half of the server's rule).
struct AvatarRuleTests {
    @Test
    func onlyASmallPNGDataURLOfTheRightSideIsTaken() throws {
        let small = TestPictures.png(width: 16, height: 16) { _, _ in (1, 2, 3) }
        let jpeg = TestPictures.jpeg(width: 32, height: 32) { _, _ in (1, 2, 3) }
        let refused = [
            "", "data:image/png;base64,", "data:image/jpeg;base64," + jpeg.base64EncodedString(),
            "data:image/png;base64," + jpeg.base64EncodedString(),
            "data:image/png;base64," + small.base64EncodedString(), "data:image/png;base64,!!!!",
            "https://example.com/face.png",
            "data:image/png;base64," + String(repeating: "A", count: Validation.avatarMaxLength),
        ]
        for url in refused {
            #expect(throws: ValidationError.avatarInvalid, "\(url.prefix(60))") { try Validation.avatar(url) }
            #expect(AvatarDataURL.decode(url) == nil)
        }
    }

    @Test
    func aRefusedAvatarLeavesTheProfileAsItWas() throws {
        let user = User(id: "u1", email: "a@example.com", createdOn: Date())
        #expect(throws: ValidationError.avatarInvalid) { try ProfileEdit(avatar: "data:x").apply(to: user) }
        let face = FacePixels(side: 32, rgb: [UInt8](repeating: 9, count: 32 * 32 * 3))
        let url = AvatarDataURL.encode(face)
        let set = try ProfileEdit(avatar: url).apply(to: user)
        #expect(set.avatar == url)
        #expect(try ProfileEdit(avatar: "").apply(to: set).avatar == nil, "none removes it")
    }
}
