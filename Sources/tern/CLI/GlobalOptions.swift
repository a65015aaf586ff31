/// Options that every subcommand accepts, wherever they stand on the line.
struct GlobalOptions {
    var dataDirectory: String?
    var sessionFile: String?
    var store: String?
    var noSample = false
    var json = false
    var help = false
    var version = false

    static let specs: [OptionSpec] = [
        OptionSpec(name: "data-dir", valueName: "DIR", help: "keep all data under DIR (or TERN_DATA_DIR)"),
        OptionSpec(name: "store", valueName: "URL", help: "keep documents and accounts at URL or FILE (or TERN_STORE, or store = in the config)"),
        OptionSpec(name: "session", valueName: "FILE", help: "the session file to use (or TERN_SESSION)"),
        OptionSpec(name: "no-sample", valueName: nil, help: "do not seed a new data directory with the sample community"),
        OptionSpec(name: "json", valueName: nil, help: "print JSON instead of text"),
        OptionSpec(name: "help", valueName: nil, help: "show this help"),
        OptionSpec(name: "version", valueName: nil, help: "print the version"),
    ]

    /// Takes the global options out of `arguments` and returns what is left, in order.
    static func extract(from arguments: [String]) throws -> (GlobalOptions, [String]) {
        var options = GlobalOptions()
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                rest.append(contentsOf: arguments[(index - 1)...])
                break
            }
            let (name, inline) = splitOption(argument)
            switch name {
            case "data-dir", "session", "store":
                let value: String
                if let inline {
                    value = inline
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError("--\(name ?? "") needs a value")
                }
                if value.isEmpty { throw UsageError("--\(name ?? "") needs a non-empty value") }
                switch name {
                case "data-dir": options.dataDirectory = value
                case "session": options.sessionFile = value
                default: options.store = value
                }
            case "no-sample": options.noSample = true
            case "json": options.json = true
            case "help": options.help = true
            case "version": options.version = true
            default:
                if argument == "-h" { options.help = true } else { rest.append(argument) }
            }
        }
        return (options, rest)
    }

    private static func splitOption(_ argument: String) -> (String?, String?) {
        guard argument.hasPrefix("--") else { return (nil, nil) }
        let body = argument.dropFirst(2)
        if let equals = body.firstIndex(of: "=") {
            return (String(body[..<equals]), String(body[body.index(after: equals)...]))
        }
        return (String(body), nil)
    }
}
