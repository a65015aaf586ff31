// swift-tools-version:6.0
import PackageDescription

// Layers, each depending only on the ones above it (see docs/ARCHITECTURE.md). Every
// project module a target imports is listed here: no re-exports hide the graph. Every
// target builds in Swift 6 language mode, so the compiler checks concurrency everywhere.
let package = Package(
    name: "Tern",
    targets: [
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CNCursesW", path: "Sources/CNCursesW", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CStbImage", path: "Sources/CStbImage", providers: [.apt(["libstb-dev"])]),

        // dlopen/dlsym for the C libraries only some runs need (libpq, libcurl): see LibPQ and LibCurl.
        .target(name: "LibraryLoading", dependencies: ["Localization"]),
        // The one way off the event loop: a fixed set of lanes, one thread each (see docs/decisions/0011-one-worker.md).
        .target(name: "Workers"),
        // The one filter for unsafe characters, the text editor and the bounds on text.
        .target(name: "PlainText", dependencies: ["Localization"]),
        .target(name: "DocStore", dependencies: ["CSQLite", "CLibPQ", "LibraryLoading", "Localization", "Workers"]),
        .target(name: "PlaceCatalog", dependencies: ["PlainText", "Localization", "Workers"]),
        .target(
            name: "PlaceProviders",
            dependencies: ["PlaceCatalog", "Localization", "CCurl", "LibraryLoading", "Workers"]),
        .target(name: "Localization"),
        // Pictures as faces: a PNG or JPEG decoded within bounds, kept as a small PNG data URL.
        .target(name: "Faces", dependencies: ["CStbImage", "Localization"]),
        .target(
            name: "Domain",
            dependencies: ["DocStore", "PlaceCatalog", "Localization", "PlainText", "CCrypto", "Workers"]
        ),
        .target(
            name: "ViewModels",
            dependencies: ["Domain", "PlaceCatalog", "Localization", "PlainText", "TerminalUI", "Workers", "Faces"]),
        // The composition root: adapters from the services and the catalog to the view models' ports.
        .target(
            name: "Assembly",
            dependencies: [
                "DocStore", "PlaceCatalog", "PlaceProviders", "Domain", "ViewModels", "Localization", "PlainText",
                "Workers",
            ]),
        .target(name: "TerminalUI", dependencies: ["PlainText"]),
        .target(name: "CursesBackend", dependencies: ["TerminalUI", "CNCursesW", "Localization"]),
        .target(
            name: "App",
            dependencies: ["Domain", "ViewModels", "TerminalUI", "Localization", "PlainText", "Faces", "Workers"]),
        .executableTarget(
            name: "tern",
            dependencies: [
                "DocStore", "PlaceCatalog", "PlaceProviders", "Domain", "ViewModels", "Assembly", "TerminalUI", "App",
                "CursesBackend", "Localization", "PlainText", "Faces",
            ]),
        .executableTarget(
            name: "TernBench",
            dependencies: [
                "DocStore", "PlaceCatalog", "Domain", "ViewModels", "Assembly", "TerminalUI", "App", "CSQLite",
                "PlainText", "Faces", "Localization",
            ]),

        // The fuzz driver `make test` runs for a minute and `make fuzz` for longer (Tests/Fuzz).
        .executableTarget(
            name: "TernFuzz", dependencies: ["PlainText", "PlaceCatalog", "Domain", "DocStore", "TerminalUI", "Faces"]),

        // A small program the store tests start several times over, for multi-process checks.
        .executableTarget(name: "DocStoreProbe", dependencies: ["DocStore"], path: "Tests/DocStoreProbe"),
        .testTarget(name: "PlainTextTests", dependencies: ["PlainText"]),
        .testTarget(name: "LibraryLoadingTests", dependencies: ["LibraryLoading"]),
        .testTarget(name: "DocStoreTests", dependencies: ["DocStore", "CSQLite", "Workers"]),
        .testTarget(name: "PlaceCatalogTests", dependencies: ["PlaceCatalog"]),
        .testTarget(name: "PlaceProvidersTests", dependencies: ["PlaceProviders", "PlaceCatalog"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "FacesTests", dependencies: ["Faces", "CStbImage", "Domain"]),
        .testTarget(
            name: "DomainTests", dependencies: ["Domain", "DocStore", "PlaceCatalog", "Localization", "PlainText"]),
        // Tern's rules on a team server, attacked with plain SQL as members and the guest.
        .testTarget(
            name: "ServerTests",
            dependencies: ["Domain", "DocStore", "Assembly", "ViewModels", "PlaceCatalog", "Faces"]),
        .testTarget(
            name: "ViewModelsTests",
            dependencies: [
                "ViewModels", "Assembly", "Domain", "DocStore", "PlaceCatalog", "Localization", "Workers", "Faces",
            ]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "PlainText"]),
        // Golden screens are read by path from the source tree, not bundled.
        .testTarget(
            name: "AppTests",
            dependencies: [
                "App", "Localization", "ViewModels", "Assembly", "Domain", "DocStore", "PlaceCatalog",
                "PlaceProviders", "TerminalUI", "LibraryLoading", "CursesBackend", "Faces",
            ],
            exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
