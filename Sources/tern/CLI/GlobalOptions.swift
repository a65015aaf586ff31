import Domain
import Localization

/// Options that every subcommand accepts, wherever they stand on the line, each declared once.
struct GlobalOptions {
    static let dataDirectory = Option<String>.text(
        "data-dir", value: "DIR", help: .optGlobalDataDirectory,
        allowsEmpty: false)
    static let store = Option<String>(
        "store", value: "URL", help: .optGlobalStore,
        expected: tr(.usageStore)
    ) { try StoreLocation.check($0, source: "--store") }
    static let session = Option<String>.text(
        "session", value: "FILE", help: .optGlobalSession,
        allowsEmpty: false)
    static let noSample = Option<Bool>.flag("no-sample", help: .optGlobalNoSample)
    static let json = Option<Bool>.flag("json", help: .optGlobalJson)
    static let help = Option<Bool>.flag("help", help: .optGlobalHelp)
    static let version = Option<Bool>.flag("version", help: .optGlobalVersion)

    static let specs: [OptionSpec] = [
        dataDirectory.spec, store.spec, session.spec, noSample.spec, json.spec, help.spec, version.spec,
    ]

    private var values = OptionValues()

    var dataDirectory: String? { values[Self.dataDirectory] }
    var sessionFile: String? { values[Self.session] }
    var store: String? { values[Self.store] }
    var noSample: Bool { values.has(Self.noSample) }
    var json: Bool { values.has(Self.json) }
    var help: Bool { values.has(Self.help) }
    var version: Bool { values.has(Self.version) }

    /// Takes the global options out of `arguments` and returns what is left, in order.
    static func extract(from arguments: [String]) throws -> (GlobalOptions, [String]) {
        var options = GlobalOptions()
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                rest.append(contentsOf: arguments[index...])
                break
            }
            if argument == "-h" {
                options.values.set(help.spec, true)
                index += 1
            } else if argument.hasPrefix("--"),
                try ArgumentParser.readOption(arguments, at: &index, specs: specs, into: &options.values)
            {
                continue
            } else {
                rest.append(argument)
                index += 1
            }
        }
        return (options, rest)
    }
}
