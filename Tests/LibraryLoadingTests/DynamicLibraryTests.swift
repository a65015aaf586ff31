import Testing

@testable import LibraryLoading

@Suite struct DynamicLibraryTests {
    @Test func aLibraryThatCannotBeLoadedIsOneLineNamingItAndItsPackage() {
        do {
            _ = try DynamicLibrary.open(["libtern-absent.so.9"], purpose: "a team server", package: "libtern-absent9")
            Issue.record("a missing library was opened")
        } catch {
            #expect(error.message.hasPrefix("a team server needs libtern-absent.so.9, which cannot be loaded ("))
            #expect(error.message.hasSuffix("; install the libtern-absent9 package"))
            #expect(!error.message.contains("\n"))
        }
    }

    @Test func aLoadedLibraryGivesItsFunctionsAndNamesAMissingOne() throws {
        let libc = try DynamicLibrary.open(["libtern-absent.so.9", "libc.so.6"], purpose: "a test", package: "libc6")
        #expect(libc.name == "libc.so.6")
        let strlen = try libc.function("strlen", as: (@convention(c) (UnsafePointer<CChar>?) -> Int).self)
        #expect(strlen("Tern") == 4)
        do {
            _ = try libc.address("tern_no_such_function")
            Issue.record("a missing function was found")
        } catch {
            #expect(error.message == "libc.so.6 has no function tern_no_such_function; a newer version of it is needed")
        }
    }
}
