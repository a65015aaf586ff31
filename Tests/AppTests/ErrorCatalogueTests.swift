import App
import CursesBackend
import DocStore
import Domain
import Foundation
import LibraryLoading
import Localization
import PlaceProviders
import Testing

@testable import PlaceCatalog

/// Every error a person can read, by code: each has a catalogue line in English and in
/// Korean, and the Korean line is Korean (the engine's or the system's English words are
/// replaced by the line of their code).
@Suite struct ErrorCatalogueTests {
    /// One error of every kind, made in the language of the caller, with the key of its line.
    static func samples() -> [(TextKey, Error)] {
        var samples: [(TextKey, Error)] = [
            (.errorStoreInvalidPath, StoreError.invalidPath("a//b", reason: "empty segment")),
            (
                .errorStoreInvalidArgument,
                StoreError.invalidArgument(tr(.storeInvitationNeeded, ["server": "postgres://db/tern"]))
            ),
            (.errorStoreNotFound, StoreError.notFound("users/u1")),
            (.errorStoreNotADatabase, StoreError.notADatabase(file: "/d/tern.db", detail: tr(.storeNoSQLiteHeader))),
            (.errorStoreNewerSchema, StoreError.newerSchema(file: "/d/tern.db", found: 7, known: 1)),
            (.errorStoreCannotOpen, StoreError.cannotOpen(file: "/d/tern.db", reason: tr(.storeIsDirectory))),
            (
                .errorStoreBackend,
                StoreError.backend(file: "postgres://db/tern", message: tr(.storeReconnecting), code: .unreachable)
            ),
            (.errorStoreCoding, StoreError.coding("users/u1: missing")),
            (.errorStoreClosed, StoreError.closed),
            (.errorSessionFileOpen, SessionFileError.filePermissions(path: "/d/session", mode: 0o644)),
            (.errorSessionDirectoryOpen, SessionFileError.directoryPermissions(path: "/d", mode: 0o755)),
            (.errorSessionWrongOwner, SessionFileError.wrongOwner(path: "/d/session")),
            (.errorSessionNotRegular, SessionFileError.notARegularFile(path: "/d/session")),
            (.errorSessionMalformed, SessionFileError.malformed(path: "/d/session")),
            (.errorSessionIO, SessionFileError.io(path: "/d/session", operation: "create directory", errno: EACCES)),
            (.errorFolderNameEmpty, FavoritesError.folderNameEmpty),
            (.errorFolderNameTooLong, FavoritesError.folderNameTooLong),
            (.errorFolderNameTaken, FavoritesError.folderNameTaken("카페")),
            (.errorFolderNotFound, FavoritesError.folderNotFound("카페")),
            (.errorDefaultFolderKept, FavoritesError.defaultFolderKept),
            (.errorMemoTooLong, FavoritesError.memoTooLong(count: 230)),
            (.errorControlCharacter, FavoritesError.controlCharacter(field: .memo)),
            (.errorNotSaved, FavoritesError.notSaved(placeID: "1835848")),
            (.errorUnknownColor, FavoritesError.unknownColor("teal")),
            (.errorUnknownVisibility, FavoritesError.unknownVisibility("public")),
            (.errorUnknownSort, FavoritesError.unknownSort("oldest")),
            (.errorUnknownUser, FavoritesError.unknownUser("nobody")),
            (.errorBadImportRow, FavoritesError.badImportRow(line: 3, reason: tr(.importCoordinateRange))),
            // h29follow
            (.errorFolderNotShared, FavoritesError.folderNotShared("Home")),
            (.errorOwnFolder, FavoritesError.ownFolder("카페")),
            (.errorAlreadyFollowingFolder, FavoritesError.alreadyFollowingFolder("카페")),
            (.errorNotFollowingFolder, FavoritesError.notFollowingFolder("카페")),
            (.errorFollowedFolderReadOnly, FavoritesError.followedFolderReadOnly("@mina/카페")),
            (.errorPasswordHashing, PasswordHashError.openSSL("EVP_PBE_scrypt")),
            (.errorPasswordRecordDamaged, PasswordHashError.malformedRecord("salt")),
            (.errorPasswordRecordParameters, PasswordHashError.unsupportedParameters("N=2^30")),
            (.errorSampleCommunity, SampleCommunityError(file: "community.json", reason: tr(.sampleNotJSON))),
            (.errorShippedFile, ResourceManifest.Mismatch(file: "places/places.tsv", reason: tr(.shippedMissing))),
            (.errorUnknownEnvironmentTheme, ThemeError.unknownEnvironmentTheme("pink")),
            (.errorUnknownLanguage, UnknownLanguage(name: "TERN_LANG", value: "fr")),
            (.errorNoTerminal, CursesTerminal.Failure.noTerminal("dumb")),
            (.errorTerminalCannotAddress, CursesTerminal.Failure.cannotAddressCursor("dumb")),
            (
                .errorImportLine,
                PlaceImporter.Rejection(line: 2, problem: tr(.placeImportBadLatitude, ["value": "north"]))
            ),
            (.errorWrongCredentials, ServiceError.wrongCredentials),
            (.errorEmailTaken, ServiceError.emailTaken("mina@example.com")),
            (.errorUsernameTaken, ServiceError.usernameTaken("mina")),
            (.errorAccountMissing, ServiceError.accountMissing(uid: "u1")),
            (.errorSessionNotValid, ServiceError.sessionNotValid),
            (.errorPostNotFound, ServiceError.postNotFound("p1")),
            (.errorPlaceNotFound, ServiceError.placeNotFound("1835848")),
            (.errorOtherStore, ServiceError.otherStore(signedInOn: "postgres://db/tern", here: nil)),
            (.errorNotYourPost, ServiceError.notYourPost("p1")),
            (.errorProfileNotFinished, ServiceError.profileNotFinished),
            (.errorUserNotFound, ServiceError.userNotFound("@nobody")),
            (.errorCannotFollowSelf, ServiceError.cannotFollowSelf),
            (.errorCannotMuteSelf, ServiceError.cannotMuteSelf),
            (.errorReplyToMissing, ServiceError.replyToMissing("p1")),
            (.errorServerUnreachable, ServiceError.serverUnreachable),
            (.errorEmailInvalid, ValidationError.emailInvalid),
            (.errorEmailTooLong, ValidationError.emailTooLong),
            (.errorPasswordTooShort, ValidationError.passwordTooShort),
            (.errorPasswordTooLong, ValidationError.passwordTooLong),
            (.errorUsernameInvalid, ValidationError.usernameInvalid),
            (.errorDisplayNameEmpty, ValidationError.displayNameEmpty),
            (.errorDisplayNameTooLong, ValidationError.displayNameTooLong),
            (.errorBioTooLong, ValidationError.bioTooLong),
            (.errorAvatarInvalid, ValidationError.avatarInvalid),
            (.errorPostEmpty, ValidationError.postEmpty),
            (.errorPostTooLong, ValidationError.postTooLong(count: 300)),
        ]
        // Errors made where they happen: a missing library, a missing catalog, a bad import.
        do {
            _ = try DynamicLibrary.open(["libtern-none.so.0"], purpose: tr(.libraryForServer), package: "tern-none")
        } catch {
            samples.append((.errorLibraryMissing, error))
        }
        do {
            _ = try StoreLocation.check("ftp://x/db", source: "TERN_STORE")
        } catch {
            samples.append((.errorStoreLocation, error))
        }
        do {
            _ = try CatalogFile.read(path: "/nonexistent/places.tsv", countries: [:])
        } catch {
            samples.append((.errorCatalogCannotRead, error))
        }
        do {
            _ = try DynamicLibrary.open(["libc.so.6"], purpose: tr(.libraryForOnline), package: "libc6").address(
                "tern_no_such_function")
        } catch {
            samples.append((.errorLibraryFunction, error))
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tern-catalog-\(UUID().uuidString).tsv"
        ).path
        defer { try? FileManager.default.removeItem(atPath: file) }
        for (text, key) in [
            ("not a catalog\n", TextKey.errorCatalogUnknownFormat),
            (CatalogFile.header + "\nbroken\n", .errorCatalogMalformed),
        ] {
            do {
                try text.write(toFile: file, atomically: true, encoding: .utf8)
                _ = try CatalogFile.read(path: file, countries: [:])
            } catch {
                samples.append((key, error))
            }
        }
        samples.append(
            (
                .errorCatalogCannotWrite,
                CatalogFile.FormatError(description: tr(.errorCatalogCannotWrite, ["path": file]))
            ))
        samples.append(
            (
                .errorCatalogCannotReplace,
                CatalogFile.FormatError(description: tr(.errorCatalogCannotReplace, ["path": file]))
            ))
        samples.append((.errorCatalogTooLarge, ChunkedImage.tooLarge(file)))
        return samples
    }

    /// The keys of error lines: every one must be met by a sample above. Not here: a form's
    /// empty password and empty invitation (a field's note, not an error value) and the command line's usage
    /// error for `tern server` (Tests/e2e/test_korean_everywhere.py runs it).
    static let errorKeys = TextKey.allCases.filter {
        $0.rawValue.hasPrefix("error") && ![.errorPasswordEmpty, .errorInvitationEmpty, .errorServerURL].contains($0)
    }

    static func hasHangul(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
    }

    @Test func everyErrorKindHasASample() {
        let covered = Set(Self.samples().map(\.0))
        let missing = Self.errorKeys.filter { !covered.contains($0) }
        #expect(missing.isEmpty, "error lines no sample shows: \(missing.map(\.rawValue))")
    }

    @Test func everyErrorReadsInBothLanguages() {
        let english = Language.$scoped.withValue(.en) { Self.samples().map { ($0.0, "\($0.1)") } }
        let korean = Language.$scoped.withValue(.ko) { Self.samples().map { ($0.0, "\($0.1)") } }
        #expect(english.count == korean.count)
        for ((key, en), (_, ko)) in zip(english, korean) {
            #expect(ko != en, "\(key.rawValue) is the same in both languages: \(ko)")
            #expect(Self.hasHangul(ko), "\(key.rawValue) is not Korean: \(ko)")
            #expect(!ko.contains("{") && !en.contains("{"), "\(key.rawValue) left a placeholder: \(ko) / \(en)")
            #expect(!Self.hasHangul(en) || en.contains("카페"), "\(key.rawValue) has Korean in English: \(en)")
        }
    }

    /// Errors whose key is a property of the value say so consistently.
    @Test func keysOfTheValuesMatch() {
        for (key, error) in Self.samples() {
            switch error {
            case let store as StoreError: #expect(store.textKey == key)
            case let session as SessionFileError: #expect(session.textKey == key)
            case let favorites as FavoritesError: #expect(favorites.textKey == key)
            case let password as PasswordHashError: #expect(password.textKey == key)
            default: break
            }
        }
    }

    /// Every class of database engine code and of errno has its own line; in Korean the
    /// engine's English text is left out and the code kept.
    @Test(arguments: [
        StoreErrorCode.unreachable, .sqlState("08006"), .sqlState("28P01"), .sqlState("42501"), .sqlState("23505"),
        .sqlState("57014"), .sqlState("40001"), .sqlState("XX000"), .sqlite(14), .sqlite(26),
        .sqlite(11), .sqlite(8),
        .sqlite(13), .sqlite(10), .sqlite(5), .sqlite(2067), .sqlite(1),
    ])
    func engineCodesReadInKorean(code: StoreErrorCode) {
        let message = "FATAL: something failed for user \"x\""
        #expect(Language.$scoped.withValue(.en) { code.explained(message) } == message)
        let korean = Language.$scoped.withValue(.ko) { code.explained(message) }
        #expect(Self.hasHangul(korean) && !korean.contains("FATAL"), "\(code): \(korean)")
        if code != .unreachable, !code.isUnreachable {
            #expect(korean.contains(code.description), "\(code): \(korean)")
        }
        #expect(StoreErrorCode.none.explained("Tern's own line") == "Tern's own line")
    }

    @Test func everyEngineAndSystemLineIsMet() {
        let codes: [StoreErrorCode] = [
            .unreachable, .sqlState("28P01"), .sqlState("42501"), .sqlState("23505"), .sqlState("57014"),
            .sqlState("40001"), .sqlState("XX000"), .sqlState("53300"), .sqlite(14), .sqlite(26), .sqlite(8),
            .sqlite(13), .sqlite(10),
        ]
        let engineKeys = Set(codes.map(\.textKey))
        #expect(engineKeys == Set(TextKey.allCases.filter { $0.rawValue.hasPrefix("engine") }))
        let errnos: [Int32] = [EACCES, ENOENT, ENOSPC, EROFS, EISDIR, ENOTDIR, ELOOP, EEXIST, EIO]
        let korean = Language.$scoped.withValue(.ko) { errnos.map(SystemErrorText.describe) }
        #expect(Set(korean).count == errnos.count, "\(korean)")
        for line in korean { #expect(Self.hasHangul(line) && !line.contains("denied"), "\(line)") }
        #expect(Language.$scoped.withValue(.ko) { SystemErrorText.describe(EIO) } == "시스템 오류 errno \(EIO)")
        #expect(Language.$scoped.withValue(.en) { SystemErrorText.describe(EACCES) } == "Permission denied")
    }

    /// A real refusal from the store, end to end: a directory where the database should be.
    @Test func aStoreRefusalIsKorean() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tern-errors-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let message = Language.$scoped.withValue(.ko) { () -> String in
            do {
                let store = try DocumentStore.open(path: directory, executor: .immediate)
                store.close()
                return "opened"
            } catch {
                return "\(error)"
            }
        }
        #expect(message == "\(directory): 열 수 없습니다 (디렉터리입니다)")
    }
}
