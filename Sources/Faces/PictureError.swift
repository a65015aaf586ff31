import Foundation
import Localization

/// A picture refused as an avatar, before anything is written: one line for stderr or a
/// form. Callers match the case, never the text.
public enum PictureError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    case unreadable(path: String, reason: String)
    case tooLarge(bytes: Int)
    case tooWide(width: Int, height: Int)
    case tooMuchMemory(width: Int, height: Int)
    case unknownFormat
    /// The header said PNG or JPEG and the decoder could not finish (cut short or damaged).
    case damaged(reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): tr(.pictureUnreadable, ["path": path, "reason": reason])
        case .tooLarge(let bytes):
            tr(.pictureTooLarge, ["size": Self.megabytes(bytes), "max": Self.megabytes(PictureLimits.maxBytes)])
        case .tooWide(let width, let height):
            tr(
                .pictureTooWide,
                ["width": String(width), "height": String(height), "max": String(PictureLimits.maxSide)])
        case .tooMuchMemory(let width, let height):
            tr(
                .pictureTooMuchMemory,
                [
                    "width": String(width), "height": String(height),
                    "max": Self.megabytes(PictureLimits.maxDecodedBytes),
                ])
        case .unknownFormat: tr(.pictureUnknownFormat)
        case .damaged(let reason): tr(.pictureDamaged, ["reason": reason])
        }
    }

    public var errorDescription: String? { description }

    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}

/// What a picture given as an avatar may be: checked before the decoder is asked to do more
/// than read a header.
public enum PictureLimits {
    public static let maxBytes = 5 * 1_048_576
    public static let maxSide = 8000
    /// The decoded picture (four bytes a pixel, as the decoder may hold it) at most.
    public static let maxDecodedBytes = 64 * 1_048_576
}
