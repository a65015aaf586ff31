/// A config line the interface interprets: `theme = NAME`, `color ROLE = COLOUR`,
/// `bind SCREEN ACTION = KEYS` or `unbind SCREEN KEY`. `words` are the words before `=`
/// (all of them for `unbind`, which has no `=`), `value` what follows it.
public struct ConfigDirective: Equatable, Sendable {
    public var line: Int
    public var words: [String]
    public var value: String?

    public init(line: Int, words: [String], value: String?) {
        self.line = line
        self.words = words
        self.value = value
    }
}
