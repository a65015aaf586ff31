import CStbImage
import Foundation

/// The avatar as a profile stores it: a `FacePixels.avatarSide` square PNG as a
/// `data:image/png;base64,…` URL, so the picture travels with the profile and the file it
/// came from is never needed again.
public enum AvatarDataURL {
    public static let prefix = "data:image/png;base64,"

    /// `face` as a PNG data URL (stb_image_write encodes).
    public static func encode(_ face: FacePixels) -> String {
        final class Sink {
            var bytes = Data()
        }
        let sink = Sink()
        let side = Int32(face.side)
        face.rgb.withUnsafeBytes { pixels in
            _ = stbi_write_png_to_func(
                { context, data, size in
                    guard let context, let data, size > 0 else { return }
                    let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
                    sink.bytes.append(data.assumingMemoryBound(to: UInt8.self), count: Int(size))
                }, Unmanaged.passUnretained(sink).toOpaque(), side, side, 3, pixels.baseAddress, side * 3)
        }
        return prefix + sink.bytes.base64EncodedString()
    }

    /// The pixels of a stored avatar, or nil when `url` is not a PNG data URL of a
    /// `FacePixels.avatarSide` square (what another client or a hostile member wrote).
    public static func decode(_ url: String) -> FacePixels? {
        guard url.hasPrefix(prefix), url.utf8.count <= 16_384,
            let png = Data(base64Encoded: String(url.dropFirst(prefix.count))),
            PictureDecoder.format(of: png) == .png
        else { return nil }
        return png.withUnsafeBytes { raw -> FacePixels? in
            let start = raw.bindMemory(to: UInt8.self).baseAddress!
            var (width, height, channels): (Int32, Int32, Int32) = (0, 0, 0)
            guard stbi_info_from_memory(start, Int32(raw.count), &width, &height, &channels) == 1,
                Int(width) == FacePixels.avatarSide, Int(height) == FacePixels.avatarSide,
                let decoded = stbi_load_from_memory(start, Int32(raw.count), &width, &height, &channels, 3)
            else { return nil }
            defer { stbi_image_free(decoded) }
            let count = FacePixels.avatarSide * FacePixels.avatarSide * 3
            return FacePixels(
                side: FacePixels.avatarSide, rgb: Array(UnsafeBufferPointer(start: decoded, count: count)))
        }
    }
}
