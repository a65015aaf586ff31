import PlainText

/// Changes an input a few times over: flips, inserts, deletes, duplicates, splices in a
/// token or another corpus entry, or repeats a piece many times (to find costs that are
/// not linear). Inputs stay under `maxLength` bytes.
struct Mutator {
    var random: SeededRandom
    let tokens: [[UInt8]]
    static let maxLength = 1 << 16

    mutating func mutate(_ input: [UInt8], corpus: [[UInt8]]) -> [UInt8] {
        var bytes = input
        for _ in 0...Int.random(in: 0...4, using: &random) {
            mutateOnce(&bytes, corpus: corpus)
        }
        if bytes.count > Self.maxLength { bytes.removeLast(bytes.count - Self.maxLength) }
        return bytes
    }

    private mutating func position(in bytes: [UInt8]) -> Int { Int.random(in: 0...bytes.count, using: &random) }

    private mutating func mutateOnce(_ bytes: inout [UInt8], corpus: [[UInt8]]) {
        switch Int.random(in: 0..<8, using: &random) {
        case 0 where !bytes.isEmpty:
            let at = Int.random(in: 0..<bytes.count, using: &random)
            bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
        case 1:
            bytes.insert(UInt8.random(in: 0...255, using: &random), at: position(in: bytes))
        case 2 where !bytes.isEmpty:
            let start = Int.random(in: 0..<bytes.count, using: &random)
            let end = min(bytes.count, start + Int.random(in: 1...16, using: &random))
            bytes.removeSubrange(start..<end)
        case 3 where !tokens.isEmpty:
            bytes.insert(contentsOf: tokens.randomElement(using: &random)!, at: position(in: bytes))
        case 4 where !corpus.isEmpty:
            let other = corpus.randomElement(using: &random)!
            guard !other.isEmpty else { return }
            let start = Int.random(in: 0..<other.count, using: &random)
            let end = min(other.count, start + Int.random(in: 1...64, using: &random))
            bytes.insert(contentsOf: other[start..<end], at: position(in: bytes))
        case 5 where !bytes.isEmpty:
            let start = Int.random(in: 0..<bytes.count, using: &random)
            let piece = bytes[start..<min(bytes.count, start + Int.random(in: 1...8, using: &random))]
            let times = [2, 10, 100, 2_000].randomElement(using: &random)!
            var repeated: [UInt8] = []
            for _ in 0..<times where repeated.count < Self.maxLength { repeated += piece }
            bytes.insert(contentsOf: repeated, at: start)
        case 6 where !tokens.isEmpty:
            let token = tokens.randomElement(using: &random)!
            if let at = bytes.indices.randomElement(using: &random) {
                bytes.replaceSubrange(at..<min(bytes.count, at + token.count), with: token)
            }
        default:
            if let at = bytes.indices.randomElement(using: &random) {
                bytes[at] = [0x00, 0x0A, 0x09, 0x2C, 0x22, 0x7F, 0xFF, 0xC3, 0xEA, 0x80].randomElement(using: &random)!
            }
        }
    }
}
