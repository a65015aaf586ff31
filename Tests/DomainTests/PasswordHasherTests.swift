import Foundation
import Testing

@testable import Domain

/// Cheap parameters for the bulk tests: N=2^10 costs about 1 ms where the production
/// N=2^17 costs hundreds, so 1,000 wrong passwords stay under a second. Verification
/// reads the parameters from the record, so the code path is the same as in production.
private let cheap = PasswordHasher(parameters: ScryptParameters(n: 1 << 10, r: 8, p: 1))

/// One production record shared by the tests that need it (each hash costs ~0.5 s and 128 MiB).
private let productionPassword = "correct horse 서울 battery 🐎"
private let productionRecord: PasswordRecord = {
    try! PasswordHasher().hash(productionPassword)
}()

@Suite struct PasswordHasherTests {
    @Test func productionDefaultsMeetOWASPMinimums() {
        let parameters = PasswordHasher().parameters
        #expect(parameters == .production)
        #expect(parameters.n >= 1 << 17)
        #expect(parameters.r >= 8)
        #expect(parameters.p >= 1)
        #expect(parameters.saltLength >= 16)
        #expect(parameters.keyLength == 32)
    }

    @Test func productionHashVerifiesTheRightPassword() throws {
        let record = productionRecord
        #expect(record.algorithm == "scrypt")
        #expect(record.n == 1 << 17 && record.r == 8 && record.p == 1)
        #expect(record.salt.count == 16)
        #expect(record.hash.count == 32)
        #expect(try PasswordHasher().verify(productionPassword, against: record))
        #expect(!PasswordHasher().needsRehash(record))
        #expect(!PasswordHasher.isBelowMinimum(record))
    }

    @Test func productionRecordRejectsAFewWrongPasswords() throws {
        let hasher = PasswordHasher()
        for wrong in ["", "correct horse 서울 battery", productionPassword + " ", "CORRECT HORSE 서울 BATTERY 🐎"] {
            #expect(try !hasher.verify(wrong, against: productionRecord))
        }
    }

    @Test func encodedRecordHoldsNoPlaintext() throws {
        let record = productionRecord
        let encoded = try record.encoded()
        let password = Data(productionPassword.utf8)
        #expect(encoded.range(of: password) == nil)
        // Nor any 4-byte piece of it, nor the base64 of it.
        for start in 0..<(password.count - 4) {
            #expect(encoded.range(of: password[start..<start + 4]) == nil)
        }
        #expect(encoded.range(of: Data(password.base64EncodedString().utf8)) == nil)
        #expect(try PasswordRecord(encoded: encoded) == record)
    }

    @Test func thousandWrongPasswordsAreRejected() throws {
        let record = try cheap.hash("the right password")
        #expect(try cheap.verify("the right password", against: record))
        var accepted = 0
        for index in 0..<1000 {
            let wrong: String
            switch index % 4 {
            case 0: wrong = "the right password\(index)"
            // The last letter replaced by another printable ASCII character (never `d`).
            case 1:
                wrong = "the right passwor" + String(UnicodeScalar(UInt8(index % 90 + (index % 90 >= 67 ? 34 : 33))))
            case 2: wrong = String(repeating: "x", count: 8 + index % 50)
            default: wrong = "틀린 비밀번호 \(index)"
            }
            #expect(wrong != "the right password")
            if try cheap.verify(wrong, against: record) { accepted += 1 }
        }
        #expect(accepted == 0)
    }

    @Test func samePasswordHashesDifferently() throws {
        let a = try cheap.hash("same password")
        let b = try cheap.hash("same password")
        #expect(a.salt != b.salt)
        #expect(a.hash != b.hash)
        #expect(try cheap.verify("same password", against: a))
        #expect(try cheap.verify("same password", against: b))
    }

    @Test func unicodeNormalisationVerifies() throws {
        let composed = "비밀번호는서울입니다"
        let decomposed = composed.decomposedStringWithCanonicalMapping
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        let record = try cheap.hash(composed)
        #expect(try cheap.verify(decomposed, against: record))
    }

    @Test func weakRecordsNeedRehash() throws {
        let record = try cheap.hash("password123")
        #expect(PasswordHasher.isBelowMinimum(record))
        #expect(PasswordHasher().needsRehash(record))
        // Still verifies with its own parameters, so it can be upgraded at sign-in.
        #expect(try PasswordHasher().verify("password123", against: record))
        var other = productionRecord
        other.algorithm = "pbkdf2"
        #expect(PasswordHasher().needsRehash(other))
    }

    @Test func damagedRecordsThrowOneLine() throws {
        var record = try cheap.hash("password123")
        record.n = 1000  // not a power of two
        #expect(throws: PasswordHashError.self) { try cheap.verify("password123", against: record) }
        record.n = 1 << 40  // absurd memory
        #expect(throws: PasswordHashError.self) { try cheap.verify("password123", against: record) }
        #expect(throws: PasswordHashError.self) { try PasswordRecord(encoded: Data("{".utf8)) }
        do {
            _ = try PasswordRecord(encoded: Data("garbage".utf8))
        } catch {
            #expect(!"\(error)".contains("\n"))
        }
    }

    @Test func openSSLFailureIsThrownNotACrash() {
        // r·p ≥ 2^30 is refused by OpenSSL itself.
        let impossible = PasswordHasher(parameters: ScryptParameters(n: 1 << 4, r: 1 << 20, p: 1 << 12))
        #expect(throws: PasswordHashError.self) { try impossible.hash("password123") }
    }
}
