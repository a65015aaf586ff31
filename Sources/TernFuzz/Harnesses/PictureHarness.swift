import Domain
import Faces
import Foundation

/// A picture given as an avatar, and a stored avatar another client wrote: broken files are
/// a face of the profile's size or a `PictureError`, never a crash; what becomes a face is
/// stored in a shape the client's (and the server's) rule accepts.
enum PictureHarness {
    static let harness = FuzzHarness(
        name: "picture",
        seeds: [
            Data(base64Encoded: String(AvatarDataURL.encode(face(side: 32)).dropFirst(AvatarDataURL.prefix.count)))!,
            Data(base64Encoded: String(AvatarDataURL.encode(face(side: 7)).dropFirst(AvatarDataURL.prefix.count)))!,
        ].map { Array($0) },
        tokens: ["IHDR", "IDAT", "IEND", "PLTE", "tRNS", "\u{0}\u{0}\u{0}\u{0}", "\u{7F}\u{7F}\u{7F}\u{7F}"]
    ) { bytes in
        let data = Data(bytes)
        do {
            let made = try PictureDecoder.face(from: data)
            try require(made.side == FacePixels.avatarSide, "a face of another size")
            let url = AvatarDataURL.encode(made)
            try require((try? Validation.avatar(url)) == url, "a face the rule refuses")
            try require(AvatarDataURL.decode(url) == made, "a stored face that reads back otherwise")
        } catch is PictureError {
        }
        let stored = AvatarDataURL.decode(AvatarDataURL.prefix + data.base64EncodedString())
        try require(stored == nil || stored?.side == FacePixels.avatarSide, "a stored avatar of another size")
    }

    static func face(side: Int) -> FacePixels {
        FacePixels(side: side, rgb: (0..<side * side * 3).map { UInt8(truncatingIfNeeded: $0 &* 37) })
    }
}
