/// SHA-256 (FIPS 180-4) in Swift, for checking shipped files against their manifest without
/// linking libcrypto into the catalog (whose tests and benchmark build without it).
struct SHA256 {
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The digest of `bytes` as 64 lowercase hex digits (what `sha256sum` prints).
    /// Optimised even in debug builds, where checking the 7 MB catalog would take seconds.
    @_optimize(speed)
    static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
            (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
        let w = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
        defer { w.deallocate() }
        k.withUnsafeBufferPointer { k in
            let whole = bytes.count / 64 * 64
            if let base = bytes.baseAddress {
                var offset = 0
                while offset < whole {
                    compress(&state, w, k.baseAddress!, base + offset)
                    offset += 64
                }
            }
            // The tail, a 1 bit, zeros, and the length in bits, in one or two last blocks.
            var tail = [UInt8](bytes[whole...])
            tail.append(0x80)
            while tail.count % 64 != 56 { tail.append(0) }
            let bits = UInt64(bytes.count) &* 8
            for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
            tail.withUnsafeBytes { last in
                for start in stride(from: 0, to: last.count, by: 64) { compress(&state, w, k.baseAddress!, last.baseAddress! + start) }
            }
        }
        return [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7].map { word in
            let text = String(word, radix: 16)
            return String(repeating: "0", count: 8 - text.count) + text
        }.joined()
    }

    @_optimize(speed)
    private static func compress(_ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32),
                                 _ w: UnsafeMutablePointer<UInt32>, _ k: UnsafePointer<UInt32>, _ block: UnsafeRawPointer) {
        let bytes = block.assumingMemoryBound(to: UInt8.self)
        for i in 0..<16 {
            w[i] = UInt32(bytes[i &* 4]) << 24 | UInt32(bytes[i &* 4 &+ 1]) << 16 | UInt32(bytes[i &* 4 &+ 2]) << 8 | UInt32(bytes[i &* 4 &+ 3])
        }
        for i in 16..<64 {
            let a = w[i &- 15], b = w[i &- 2]
            let s0 = (a >> 7 | a << 25) ^ (a >> 18 | a << 14) ^ (a >> 3)
            let s1 = (b >> 17 | b << 15) ^ (b >> 19 | b << 13) ^ (b >> 10)
            w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = state
        for i in 0..<64 {
            let t1 = h &+ ((e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)) &+ ((e & f) ^ (~e & g)) &+ k[i] &+ w[i]
            let t2 = ((a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)) &+ ((a & b) ^ (a & c) ^ (b & c))
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
    }
}
