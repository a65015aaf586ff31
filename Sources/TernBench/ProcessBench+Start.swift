import Foundation

/// Start-up rows of the `process` section: what a start costs besides `--version` (the
/// help, which resolves the language and reads the config) and what signing in adds to a
/// search (the session file, the store opened, the favorites looked up).
extension ProcessBench {
    static func startRows(tern: String, sqlite: String, work: String, resources: String) throws {
        let helpData = ["TERN_DATA_DIR": work + "/help"]
        let help = interleaved(30, [tern, "--help"], [sqlite, ":memory:", "select 1"], environment: helpData)
        print(
            pad("tern --help vs sqlite3 :memory: 'select 1' (30 runs)", 62) + pad(ms(help.ours.p50), 12) + "vs "
                + pad(ms(help.theirs.p50), 12) + String(format: "%.2f× (no target)", help.ours.p50 / help.theirs.p50))

        // The same search signed out and signed in to the embedded store, run alternately.
        let signedOut = ["TERN_DATA_DIR": work + "/signed-out", "TERN_RESOURCES": resources]
        let signedIn = ["TERN_DATA_DIR": work + "/signed-in", "TERN_RESOURCES": resources]
        let register = try spawn(
            [
                "/bin/sh", "-c", "printf 'correct horse battery\\n' | \"$1\" register --email bench@example.com",
                "sh", tern,
            ], environment: signedIn)
        guard register.status == 0 else { throw BenchError("tern register failed in \(work)/signed-in") }
        let search = [tern, "places", "search", "seoul", "--limit", "20"]
        try spawn(search, environment: signedOut)
        try spawn(search, environment: signedIn)
        var outTimes: [Double] = []
        var inTimes: [Double] = []
        for _ in 0..<20 {
            outTimes.append(try spawn(search, environment: signedOut).wall)
            inTimes.append(try spawn(search, environment: signedIn).wall)
        }
        let out = Timings(outTimes).p50
        let inside = Timings(inTimes).p50
        print(
            pad("places search seoul, signed in vs signed out (20 runs)", 62) + pad(ms(inside), 12) + "vs "
                + pad(ms(out), 12) + String(format: "+%.2f ms for the session and the store", (inside - out) * 1000))
    }
}
