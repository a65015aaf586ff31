/// SHA-256 (FIPS 180-4) in Swift, for checking shipped files against their manifest without
/// linking libcrypto into the catalog (whose tests and benchmark build without it).
struct SHA256 {
    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// The digest of `bytes` as 64 lowercase hex digits (what `sha256sum` prints).
    /// Optimised even in debug builds, where checking the 7 MB catalog would take seconds.
    @_optimize(speed)
    static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
            (0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19)
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
            for shift in stride(from: 56, through: 0, by: -8) {
                tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
            }
            tail.withUnsafeBytes { last in
                for start in stride(from: 0, to: last.count, by: 64) {
                    compress(&state, w, k.baseAddress!, last.baseAddress! + start)
                }
            }
        }
        return [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7].map { word in
            let text = String(word, radix: 16)
            return String(repeating: "0", count: 8 - text.count) + text
        }.joined()
    }

    @_optimize(speed)
    private static func compress(
        _ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32),
        _ w: UnsafeMutablePointer<UInt32>, _ k: UnsafePointer<UInt32>, _ block: UnsafeRawPointer
    ) {
        let bytes = block.assumingMemoryBound(to: UInt8.self)
        for i in 0..<16 {
            w[i] =
                UInt32(bytes[i &* 4]) << 24 | UInt32(bytes[i &* 4 &+ 1]) << 16 | UInt32(bytes[i &* 4 &+ 2]) << 8
                | UInt32(bytes[i &* 4 &+ 3])
        }
        for i in 16..<64 {
            let a = w[i &- 15]
            let b = w[i &- 2]
            let s0 = (a >> 7 | a << 25) ^ (a >> 18 | a << 14) ^ (a >> 3)
            let s1 = (b >> 17 | b << 15) ^ (b >> 19 | b << 13) ^ (b >> 10)
            w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = state
        for i in 0..<64 {
            let t1 =
                h &+ ((e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)) &+ ((e & f) ^ (~e & g)) &+ k[i]
                &+ w[i]
            let t2 = ((a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)) &+ ((a & b) ^ (a & c) ^ (b & c))
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
        }
        state = (
            state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g,
            state.7 &+ h
        )
    }
}
