/// A config file's lines that hold more than spaces and tabs, with their numbers (the first
/// is 1). Lines end at LF, CRLF or CR; a leading byte-order mark is not part of the first
/// line. Blank lines are passed over byte by byte, so a file of millions of them starts as
/// fast as an empty one.
enum ConfigLines {
    static func lines(of text: String) -> [(number: Int, text: String)] {
        var utf8 = Array(text.utf8)
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { utf8.removeFirst(3) }
        var lines: [(number: Int, text: String)] = []
        var number = 1
        var start = 0
        var blank = true
        var index = 0
        func end(at stop: Int) {
            if !blank { lines.append((number, String(decoding: utf8[start..<stop], as: UTF8.self))) }
            number += 1
            blank = true
        }
        while index < utf8.count {
            let byte = utf8[index]
            switch byte {
            case 0x0A:
                end(at: index)
                start = index + 1
            case 0x0D:
                end(at: index)
                if index + 1 < utf8.count, utf8[index + 1] == 0x0A { index += 1 }
                start = index + 1
            case 0x20, 0x09:
                break
            default:
                blank = false
            }
            index += 1
        }
        end(at: utf8.count)
        return lines
    }
}
