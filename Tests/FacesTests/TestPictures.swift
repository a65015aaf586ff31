import CStbImage
import Foundation

/// Pictures made for the tests with stb_image_write: PNG and JPEG files of any size.
enum TestPictures {
    final class Sink {
        var bytes = Data()
    }

    /// `width` × `height` pixels, `color(x, y)` each.
    static func pixels(width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var rgb: [UInt8] = []
        rgb.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let (red, green, blue) = color(x, y)
                rgb += [red, green, blue]
            }
        }
        return rgb
    }

    static func png(width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> Data {
        write(pixels(width: width, height: height, color)) { sink, pixels in
            stbi_write_png_to_func(
                write, sink, Int32(width), Int32(height), 3, pixels, Int32(width * 3))
        }
    }

    static func jpeg(width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> Data {
        write(pixels(width: width, height: height, color)) { sink, pixels in
            stbi_write_jpg_to_func(write, sink, Int32(width), Int32(height), 3, pixels, 95)
        }
    }

    /// A PNG whose header claims `width` × `height` (the pixels are a 2 × 2 picture's).
    static func pngClaiming(width: Int, height: Int) -> Data {
        var bytes = png(width: 2, height: 2) { _, _ in (1, 2, 3) }
        for (offset, value) in [(16, width), (20, height)] {
            for index in 0..<4 { bytes[offset + index] = UInt8(value >> (24 - 8 * index) & 0xFF) }
        }
        return bytes
    }

    private static let write: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32) -> Void = {
        context, data, size in
        guard let context, let data, size > 0 else { return }
        Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().bytes.append(
            data.assumingMemoryBound(to: UInt8.self), count: Int(size))
    }

    private static func write(
        _ rgb: [UInt8], _ encode: (UnsafeMutableRawPointer, UnsafeRawPointer?) -> Int32
    ) -> Data {
        let sink = Sink()
        _ = rgb.withUnsafeBytes { encode(Unmanaged.passUnretained(sink).toOpaque(), $0.baseAddress) }
        return sink.bytes
    }
}
