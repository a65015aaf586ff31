import Foundation

/// `make bench [SECTION=name]`: each section measures its baseline in the same run and
/// prints the ratio.
let sections: [(name: String, run: () throws -> Void)] = [
    ("store", StoreBench.run),
    ("search", SearchBench.run),
    ("process", ProcessBench.run),
    ("catalog", CatalogBench.run),
    ("feed", FeedBench.run),
    ("timeline", TimelineBench.run),
    ("ui", UIBench.run),
    ("faces", FacesBench.run),
    ("lists", ListsBench.run),
    ("favorites", ListsBench.runFavorites),
    ("text", TextBench.run),
    ("server", ServerBench.run),
    ("online", OnlineBench.run),
    ("import", ImportBench.run),
    ("placecounts", PlaceCountsBench.run),
]
let wanted = Set(CommandLine.arguments.dropFirst())
for section in sections where wanted.isEmpty || wanted.contains(section.name) {
    print("== \(section.name)")
    do {
        try section.run()
    } catch {
        print("\(section.name): failed: \(error)")
        exit(1)
    }
}
