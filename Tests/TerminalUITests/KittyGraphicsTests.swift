import Testing

@testable import TerminalUI

/// Kitty's graphics protocol against a fake terminal: its answers to the start-up query,
/// and the escapes that place, move and take away a face.
struct KittyGraphicsTests {
    static let ok = "\u{1B}_Gi=31;OK\u{1B}\\"
    static let attributes = "\u{1B}[?62;22;52c"

    @Test func aTerminalThatAnswersTheGraphicsQueryBeforeItsAttributesDrawsPictures() {
        var probe = KittyGraphicsProbe()
        let answer = Array((Self.ok + Self.attributes).utf8)
        // The answers come in pieces, as a slow connection delivers them.
        #expect(probe.feed(answer[0..<5]) == nil)
        #expect(probe.feed(answer[5..<17]) == nil)
        #expect(probe.feed(answer[17...]) == .supported)
    }

    @Test func attributesAloneOrAGraphicsErrorMeanNoPictures() {
        var plain = KittyGraphicsProbe()
        #expect(plain.feed(Array(Self.attributes.utf8)) == .unsupported)
        var refused = KittyGraphicsProbe()
        #expect(refused.feed(Array("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\".utf8)) == .unsupported)
        var silent = KittyGraphicsProbe()
        #expect(silent.feed(Array("\u{1B}[?6".utf8)) == nil, "undecided until the answer ends")
    }

    @Test func theQueryAsksForGraphicsThenDeviceAttributes() {
        #expect(KittyGraphics.query == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c")
    }

    @Test func aFaceIsSentOncePlacedAndMovedByDeletingItsPlacement() {
        var layer = KittyImageLayer()
        let face = ImagePlacement(image: 1, png: "iVBORw0KGgo=", area: Rect(row: 2, column: 0, width: 4, height: 2))
        let first = layer.update(to: [face], afresh: true)
        #expect(
            first
                == "\u{1B}_Ga=t,f=100,t=d,i=1,q=2,m=0;iVBORw0KGgo=\u{1B}\\"
                + "\u{1B}[3;1H\u{1B}_Ga=p,i=1,p=1,c=4,r=2,C=1,q=2\u{1B}\\")
        #expect(layer.update(to: [face], afresh: false) == "", "an unchanged frame sends nothing")
        var moved = face
        moved.area.row = 6
        #expect(
            layer.update(to: [moved], afresh: false)
                == "\u{1B}_Ga=d,d=i,i=1,p=1,q=2\u{1B}\\\u{1B}[7;1H\u{1B}_Ga=p,i=1,p=2,c=4,r=2,C=1,q=2\u{1B}\\",
            "scrolled: the old placement goes, the picture is not sent again")
        #expect(
            layer.update(to: [moved], afresh: true)
                == KittyGraphics.deletePlacements + "\u{1B}[7;1H\u{1B}_Ga=p,i=1,p=3,c=4,r=2,C=1,q=2\u{1B}\\")
        #expect(layer.update(to: [], afresh: false) == "\u{1B}_Ga=d,d=i,i=1,p=3,q=2\u{1B}\\")
        #expect(layer.isEmpty)
    }

    @Test func aLongPictureGoesInChunks() {
        let png = String(repeating: "A", count: 5000)
        let sent = KittyGraphics.transmit(id: 7, png: png)
        #expect(sent.hasPrefix("\u{1B}_Ga=t,f=100,t=d,i=7,q=2,m=1;" + String(repeating: "A", count: 4096) + "\u{1B}\\"))
        #expect(sent.hasSuffix("\u{1B}_Gm=0;" + String(repeating: "A", count: 904) + "\u{1B}\\"))
    }

    @Test func tmuxAndTheOverrideDecideWithoutAsking() {
        #expect(FaceGraphicsChoice.decide(environment: ["TERM": "xterm-kitty"]) == .ask)
        #expect(FaceGraphicsChoice.decide(environment: ["TERM": "xterm-256color", "TMUX": "/tmp/t,1,0"]) == .blocks)
        #expect(FaceGraphicsChoice.decide(environment: ["TERM": "screen-256color"]) == .blocks)
        #expect(FaceGraphicsChoice.decide(environment: ["TERM": "linux"]) == .blocks)
        #expect(FaceGraphicsChoice.decide(environment: ["TMUX": "/tmp/t,1,0", "TERN_GRAPHICS": "kitty"]) == .kitty)
        #expect(FaceGraphicsChoice.decide(environment: ["TERM": "xterm-kitty", "TERN_GRAPHICS": "blocks"]) == .blocks)
    }
}
