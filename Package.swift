// swift-tools-version:6.0
import PackageDescription

/// Swift 6 language mode (strict concurrency checking), for the targets that already hold it.
let swift6: [SwiftSetting] = [.swiftLanguageMode(.v6)]

// Layers, each depending only on the ones above it (see docs/ARCHITECTURE.md). Every
// project module a target imports is listed here: no re-exports hide the graph.
let package = Package(
    name: "Tern",
    targets: [
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CNCursesW", path: "Sources/CNCursesW", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),

        // dlopen/dlsym for the C libraries only some runs need (libpq, libcurl): see LibPQ and LibCurl.
        .target(name: "LibraryLoading", dependencies: ["Localization"], swiftSettings: swift6),
        // The one way off the event loop: a fixed set of lanes, one thread each (see docs/decisions/0011-one-worker.md).
        .target(name: "Workers", swiftSettings: swift6),
        // The one filter for unsafe characters, the text editor and the bounds on text.
        .target(name: "PlainText", dependencies: ["Localization"], swiftSettings: swift6),
        .target(
            name: "DocStore", dependencies: ["CSQLite", "CLibPQ", "LibraryLoading", "Localization", "Workers"],
            swiftSettings: swift6),
        .target(name: "PlaceCatalog", dependencies: ["PlainText", "Localization"], swiftSettings: swift6),
        .target(
            name: "PlaceProviders", dependencies: ["PlaceCatalog", "Localization", "CCurl", "LibraryLoading"],
            swiftSettings: swift6),
        .target(name: "Localization", swiftSettings: swift6),
        .target(
            name: "Domain",
            dependencies: ["DocStore", "PlaceCatalog", "Localization", "PlainText", "CCrypto", "Workers"],
            swiftSettings: swift6),
        .target(
            name: "ViewModels",
            dependencies: ["Domain", "PlaceCatalog", "Localization", "PlainText", "TerminalUI", "Workers"],
            swiftSettings: swift6),
        // The composition root: adapters from the services and the catalog to the view models' ports.
        .target(
            name: "Assembly",
            dependencies: [
                "DocStore", "PlaceCatalog", "PlaceProviders", "Domain", "ViewModels", "Localization", "PlainText",
                "Workers",
            ], swiftSettings: swift6),
        .target(name: "TerminalUI", dependencies: ["PlainText"], swiftSettings: swift6),
        .target(
            name: "CursesBackend", dependencies: ["TerminalUI", "CNCursesW", "Localization"], swiftSettings: swift6),
        .target(
            name: "App", dependencies: ["Domain", "ViewModels", "TerminalUI", "Localization", "PlainText"],
            swiftSettings: swift6),
        .executableTarget(
            name: "tern",
            dependencies: [
                "DocStore", "PlaceCatalog", "PlaceProviders", "Domain", "ViewModels", "Assembly", "TerminalUI", "App",
                "CursesBackend",
                "Localization", "PlainText",
            ], swiftSettings: swift6),
        .executableTarget(
            name: "TernBench",
            dependencies: [
                "DocStore", "PlaceCatalog", "Domain", "ViewModels", "Assembly", "TerminalUI", "App", "CSQLite",
                "PlainText",
            ],
            swiftSettings: swift6),

        // The fuzz driver `make test` runs for a minute and `make fuzz` for longer (Tests/Fuzz).
        .executableTarget(
            name: "TernFuzz", dependencies: ["PlainText", "PlaceCatalog", "Domain", "DocStore", "TerminalUI"],
            swiftSettings: swift6),

        // A small program the store tests start several times over, for multi-process checks.
        .executableTarget(
            name: "DocStoreProbe", dependencies: ["DocStore"], path: "Tests/DocStoreProbe", swiftSettings: swift6),
        .testTarget(name: "PlainTextTests", dependencies: ["PlainText"], swiftSettings: swift6),
        .testTarget(name: "LibraryLoadingTests", dependencies: ["LibraryLoading"], swiftSettings: swift6),
        .testTarget(name: "DocStoreTests", dependencies: ["DocStore", "CSQLite", "Workers"], swiftSettings: swift6),
        .testTarget(name: "PlaceCatalogTests", dependencies: ["PlaceCatalog"], swiftSettings: swift6),
        .testTarget(
            name: "PlaceProvidersTests", dependencies: ["PlaceProviders", "PlaceCatalog"], swiftSettings: swift6),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"], swiftSettings: swift6),
        .testTarget(
            name: "DomainTests", dependencies: ["Domain", "DocStore", "PlaceCatalog", "Localization", "PlainText"],
            swiftSettings: swift6),
        // Tern's rules on a team server, attacked with plain SQL as members and the guest.
        .testTarget(
            name: "ServerTests", dependencies: ["Domain", "DocStore", "Assembly", "ViewModels", "PlaceCatalog"],
            swiftSettings: swift6),
        .testTarget(
            name: "ViewModelsTests",
            dependencies: [
                "ViewModels", "Assembly", "Domain", "DocStore", "PlaceCatalog", "Localization", "Workers",
            ],
            swiftSettings: swift6),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "PlainText"], swiftSettings: swift6),
        // Golden screens are read by path from the source tree, not bundled.
        .testTarget(
            name: "AppTests",
            dependencies: [
                "App", "Localization", "ViewModels", "Assembly", "Domain", "DocStore", "PlaceCatalog",
                "PlaceProviders", "TerminalUI", "LibraryLoading", "CursesBackend",
            ],
            exclude: ["Golden"], swiftSettings: swift6),
    ],
    swiftLanguageModes: [.v5]
)
