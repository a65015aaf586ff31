import CStbImage
import Foundation

/// Turns a PNG or JPEG file into the face a profile keeps: refused when over
/// `PictureLimits` (size, sides and decoded memory are checked from the header before
/// decoding), cropped to its centred square and averaged down to `FacePixels.avatarSide`.
/// stb_image (Debian's libstb) decodes; it keeps no state between calls, so any thread may
/// call this.
public enum PictureDecoder {
    public enum Format: Sendable { case png, jpeg }

    /// The format `bytes` start like, nil for anything but PNG and JPEG (stb_image reads
    /// more formats; a face needs only these two, and fewer decoders see hostile input).
    public static func format(of bytes: Data) -> Format? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    /// The file at `path` as a face (see `face(from:)`); the file is read once, at most one
    /// byte past the limit.
    public static func face(fromFile path: String) throws -> FacePixels {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw PictureError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { try? handle.close() }
        let bytes: Data
        do {
            bytes = try handle.read(upToCount: PictureLimits.maxBytes + 1) ?? Data()
        } catch {
            throw PictureError.unreadable(path: path, reason: error.localizedDescription)
        }
        return try face(from: bytes)
    }

    /// `bytes` as a face at `side` pixels a side.
    public static func face(from bytes: Data, side: Int = FacePixels.avatarSide) throws -> FacePixels {
        guard bytes.count <= PictureLimits.maxBytes else { throw PictureError.tooLarge(bytes: bytes.count) }
        guard format(of: bytes) != nil else { throw PictureError.unknownFormat }
        return try bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws -> FacePixels in
            let start = raw.bindMemory(to: UInt8.self).baseAddress!
            let length = Int32(raw.count)
            var (width, height, channels): (Int32, Int32, Int32) = (0, 0, 0)
            guard stbi_info_from_memory(start, length, &width, &height, &channels) == 1 else {
                throw PictureError.damaged(reason: failureReason())
            }
            let (w, h) = (Int(width), Int(height))
            guard w > 0, h > 0 else { throw PictureError.damaged(reason: "no pixels") }
            guard w <= PictureLimits.maxSide, h <= PictureLimits.maxSide else {
                throw PictureError.tooWide(width: w, height: h)
            }
            guard w * h * 4 <= PictureLimits.maxDecodedBytes else {
                throw PictureError.tooMuchMemory(width: w, height: h)
            }
            guard let decoded = stbi_load_from_memory(start, length, &width, &height, &channels, 3) else {
                throw PictureError.damaged(reason: failureReason())
            }
            defer { stbi_image_free(decoded) }
            guard Int(width) == w, Int(height) == h else { throw PictureError.damaged(reason: "the sides changed") }
            let cropSide = min(w, h)
            return FacePixels.boxScaled(
                width: w, height: h, channels: 3, crop: ((w - cropSide) / 2, (h - cropSide) / 2, cropSide), to: side
            ) { decoded[$0] }
        }
    }

    static func failureReason() -> String {
        stbi_failure_reason().map { String(cString: $0) } ?? "unknown"
    }
}
