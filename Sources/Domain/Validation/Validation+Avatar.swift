import Foundation

extension Validation {
    /// The side, in pixels, of the square PNG a profile's `avatar` holds.
    public static let avatarSide = 32
    /// A data URL of a `avatarSide` PNG is far shorter; the bound keeps a profile small.
    public static let avatarMaxLength = 8192
    public static let avatarPrefix = "data:image/png;base64,"

    /// `url` when it is an avatar as the server's rule accepts one (05-write.sql's
    /// `tern_is_avatar`): a `data:image/png;base64,` URL of at most `avatarMaxLength`
    /// characters whose PNG header says `avatarSide` × `avatarSide`, 8-bit RGB. The pixels
    /// are the drawing's business (`AvatarDataURL.decode`); this is the shape a store keeps.
    public static func avatar(_ url: String) throws -> String {
        guard url.utf8.count <= avatarMaxLength, url.hasPrefix(avatarPrefix),
            let png = Data(base64Encoded: String(url.dropFirst(avatarPrefix.count))), png.count > 26
        else { throw ValidationError.avatarInvalid }
        let side = UInt8(avatarSide)
        let header: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52,
            0, 0, 0, side, 0, 0, 0, side, 8, 2,
        ]
        guard png.prefix(header.count).elementsEqual(header) else { throw ValidationError.avatarInvalid }
        return url
    }
}
