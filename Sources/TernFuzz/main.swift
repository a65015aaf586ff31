import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// The fuzz driver of `make test` (bounded) and `make fuzz` (longer). Each harness runs in a
// child process, so that a crash is caught and its input kept in the corpus.
//
//   TernFuzz [--seconds N] [--seed S] [HARNESS...]     N seconds shared by the harnesses
//   TernFuzz --replay HARNESS FILE                     runs one input once and times it
//   TernFuzz --child HARNESS --until T --seed S        (internal: one harness)

/// `Tests/Fuzz/Corpus`, found from this file so that any working directory works.
let corpusRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("Tests/Fuzz/Corpus").path
}()

func value(after flag: String, in arguments: [String]) -> String? {
    arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

let arguments = Array(CommandLine.arguments.dropFirst())

if let name = value(after: "--child", in: arguments) {
    guard let harness = FuzzHarness.all.first(where: { $0.name == name }),
        let until = value(after: "--until", in: arguments).flatMap(Double.init),
        let seed = value(after: "--seed", in: arguments).flatMap(UInt64.init)
    else { exit(2) }
    FuzzRun(
        harness: harness, corpusDirectory: corpusRoot + "/" + name, scratchFile: FuzzScratch.directory + "/" + name,
        deadline: Date(timeIntervalSince1970: until), seed: seed
    ).start()
}

if let name = value(after: "--replay", in: arguments), let file = arguments.last,
    let harness = FuzzHarness.all.first(where: { $0.name == name }),
    let data = FileManager.default.contents(atPath: file)
{
    let start = Date()
    do { try harness.run([UInt8](data)) } catch { print("\(name): \(error)") }
    print("\(name): \(file) ran in \(String(format: "%.3f", Date().timeIntervalSince(start))) s")
    exit(0)
}

let seconds = value(after: "--seconds", in: arguments).flatMap(Double.init) ?? 60
let seed = value(after: "--seed", in: arguments).flatMap(UInt64.init) ?? UInt64(Date().timeIntervalSince1970 * 1000)
let chosen = arguments.filter { argument in FuzzHarness.all.contains { $0.name == argument } }
let harnesses = FuzzHarness.all.filter { chosen.isEmpty || chosen.contains($0.name) }
let scratch = FuzzScratch.directory

var failed: [String] = []
for (index, harness) in harnesses.enumerated() {
    let share = seconds / Double(harnesses.count)
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    child.arguments = [
        "--child", harness.name, "--until", String(Date().timeIntervalSince1970 + share),
        "--seed", String(seed &+ UInt64(index)),
    ]
    do { try child.run() } catch {
        print("fuzz: cannot start \(child.executableURL!.path): \(error)")
        exit(1)
    }
    child.waitUntilExit()
    if child.terminationReason == .uncaughtSignal {
        let input = FileManager.default.contents(atPath: scratch + "/" + harness.name).map { [UInt8]($0) } ?? []
        let path = FuzzCorpus.save(input, kind: "crash", in: corpusRoot + "/" + harness.name)
        print("fuzz \(harness.name): crash (signal \(child.terminationStatus)); input kept in \(path)")
        failed.append(harness.name)
    } else if child.terminationStatus != 0 {
        failed.append(harness.name)
    }
}
try? FileManager.default.removeItem(atPath: scratch)
if !failed.isEmpty {
    print("fuzz: \(failed.count) of \(harnesses.count) harnesses failed: \(failed.joined(separator: ", "))")
    exit(1)
}
print("fuzz: \(harnesses.count) harnesses, no failure in \(Int(seconds)) s (seed \(seed))")
