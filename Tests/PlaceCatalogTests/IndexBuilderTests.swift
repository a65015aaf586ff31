import Foundation
import Testing

@testable import PlaceCatalog

/// Two places' normalised names, flags and the builders' output, for the builder tests.
private struct Built {
    let names: NormalizedNames
    let flags: [UInt8]
    let keys: KeyTable
    let start: [Int32]
    let postings: [UInt8]
    let trigramStart: [Int32]
    let trigramPostings: [UInt8]

    init(_ places: [Place]) {
        names = NormalizedNames(places)
        flags = PlaceIndex.nameFlags(places, names.units, names.nameStart, names.placeNameStart)
        let names = names
        let flags = flags
        var signatures = [UInt64](repeating: 0, count: names.nameStart.count - 1)
        let owned = OwnedBuffers()
        (keys, start, postings) = names.units.withUnsafeBufferPointer { units in
            names.nameStart.withUnsafeBufferPointer { nameStart in
                names.placeNameStart.withUnsafeBufferPointer { placeNameStart in
                    flags.withUnsafeBufferPointer { flags in
                        let built = PostingListBuilder.build(
                            units, nameStart, placeNameStart, flags, placeCount: places.count, into: owned)
                        return (built.keys, built.start, Array(built.postings))
                    }
                }
            }
        }
        (trigramStart, trigramPostings) = names.units.withUnsafeBufferPointer { units in
            names.nameStart.withUnsafeBufferPointer { nameStart in
                names.placeNameStart.withUnsafeBufferPointer { placeNameStart in
                    flags.withUnsafeBufferPointer { flags in
                        signatures.withUnsafeMutableBufferPointer {
                            TrigramListBuilder.build(
                                units, nameStart, placeNameStart, flags, placeCount: places.count, signatures: $0)
                        }
                    }
                }
            }
        }
    }

    /// The list of `key` as (place, kind, alternate, via jamo).
    func list(_ key: UInt64) -> [(Int, MatchKind, Bool, Bool)] {
        var table = keys
        let before = table.count
        let id = Int(table.insert(key))
        guard id < before else { return [] }
        return Built.decode(postings, start[id], start[id + 1])
    }

    func trigrams(_ text: String) -> [(Int, MatchKind, Bool, Bool)] {
        let codes = Array(text.unicodeScalars).map { Trigrams.code($0.value) }
        let id = Trigrams.id(codes[0], codes[1], codes[2])
        return Built.decode(trigramPostings, trigramStart[id], trigramStart[id + 1])
    }

    /// The entries of the encoded list at bytes `from ..< to`.
    static func decode(_ bytes: [UInt8], _ from: Int32, _ to: Int32) -> [(Int, MatchKind, Bool, Bool)] {
        bytes.withUnsafeBufferPointer {
            Array(PostingList(bytes: UnsafeBufferPointer(rebasing: $0[Int(from)..<Int(to)]), verifier: nil)).map(decode)
        }
    }

    static func decode(_ entry: UInt32) -> (Int, MatchKind, Bool, Bool) {
        let bits = UInt8(entry & MatchRank.mask)
        return (Int(entry >> MatchRank.shift), MatchRank.kind(bits), bits & 2 != 0, bits & 1 != 0)
    }
}

private let built = Built([place("nyc", "New York", korean: "뉴욕", alternates: ["NY"]), place("york", "York")])

private func unit(_ text: String) -> UInt32 { text.unicodeScalars.first!.value }

@Test func nameFlagsMarkAlternatesAndHangul() {
    // Names: New York, 뉴욕, NY (alternate), York.
    #expect(built.flags == [0, NameFlags.hangul, NameFlags.alternate, 0])
}

@Test func pairListsHoldPlacesWithAdjacentUnitsAndUnitsAcrossASpace() {
    let across = built.list(PlaceIndex.pairKey(unit("w"), unit("y")))
    #expect(across.map(\.0) == [0] && across.first?.1 == .substring)
    let yo = built.list(PlaceIndex.pairKey(unit("y"), unit("o")))
    #expect(yo.map(\.0) == [0, 1] && yo.map(\.1) == [.wordPrefix, .prefix])
    // Only the alternate NY holds the pair: its place, exact, marked alternate.
    let code = built.list(PlaceIndex.pairKey(unit("n"), unit("y")))
    #expect(code.map(\.0) == [0] && code.first?.1 == .exact && code.first?.2 == true)
}

@Test func aPairListHoldsAPlaceOnceWithItsBestMatchOverItsNames() {
    // 'ne' starts New York (a prefix) and is inside no other name of the place.
    let ne = built.list(PlaceIndex.pairKey(unit("n"), unit("e")))
    #expect(ne.map(\.0) == [0] && ne.first?.1 == .prefix && ne.first?.2 == false)
    let twice = Built([place("p", "Oslo", alternates: ["Oslo Sentrum", "Slo"])])
    let sl = twice.list(PlaceIndex.pairKey(unit("s"), unit("l")))
    #expect(sl.map(\.0) == [0] && sl.first?.1 == .prefix && sl.first?.2 == true)
}

@Test func unitListsHoldPlacesWithTheirBestMatch() {
    let n = built.list(UInt64(unit("n")))
    #expect(n.map(\.0) == [0] && n.first?.1 == .prefix && n.first?.2 == false)
    // 뉴 is listed under its initial ㄴ, reached only through it.
    let initial = built.list(UInt64(0x3134))
    #expect(initial.map(\.0) == [0] && initial.first?.1 == .prefix && initial.first?.3 == true)
}

@Test func trigramListsHoldRunsAndRunsWithoutSpaces() {
    #expect(built.trigrams("new").map(\.0) == [0] && built.trigrams("new").first?.1 == .prefix)
    #expect(built.trigrams("wyo").map(\.0) == [0] && built.trigrams("wyo").first?.1 == .substring)
    #expect(built.trigrams("w y").map(\.0) == [0])
    #expect(built.trigrams("yor").map { $0.0 } == [0, 1] && built.trigrams("yor").map(\.1) == [.wordPrefix, .prefix])
}
