import CCrypto
import Foundation
import Localization

/// A stored password: the scrypt parameters beside the salt and the derived key, so the
/// parameters can be raised later (`PasswordHasher.needsRehash`) without losing old records.
///
/// Never holds the password. Encoded as JSON (`salt` and `hash` in base64) with
/// `encoded()` / `init(encoded:)`, for the services to keep outside the user documents.
public struct PasswordRecord: Codable, Equatable, Sendable {
    /// The KDF's name; only `scrypt` is known.
    public var algorithm: String
    /// scrypt cost (a power of two), block size and parallelism.
    public var n: UInt64
    public var r: UInt64
    public var p: UInt64
    public var salt: Data
    public var hash: Data

    public init(algorithm: String = PasswordHasher.algorithm, n: UInt64, r: UInt64, p: UInt64, salt: Data, hash: Data) {
        self.algorithm = algorithm
        self.n = n
        self.r = r
        self.p = p
        self.salt = salt
        self.hash = hash
    }

    /// The record as JSON bytes.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// Reads a record written by `encoded()`; a damaged record is a `PasswordHashError`.
    public init(encoded data: Data) throws {
        do {
            self = try JSONDecoder().decode(PasswordRecord.self, from: data)
        } catch {
            throw PasswordHashError.malformedRecord("not a password record")
        }
    }
}

/// The scrypt parameters (N, r, p) plus the salt and key lengths.
public struct ScryptParameters: Equatable, Sendable {
    public var n: UInt64
    public var r: UInt64
    public var p: UInt64
    public var saltLength: Int
    public var keyLength: Int

    public init(n: UInt64, r: UInt64, p: UInt64, saltLength: Int = 16, keyLength: Int = 32) {
        self.n = n
        self.r = r
        self.p = p
        self.saltLength = saltLength
        self.keyLength = keyLength
    }

    /// Production: N=2^17, r=8, p=1 (OWASP's minimum for scrypt), 16-byte salt, 32-byte key.
    public static let production = ScryptParameters(n: 1 << 17, r: 8, p: 1)

    /// OWASP's current minimums for scrypt; a record below them must be rehashed.
    public static let owaspMinimum = ScryptParameters(n: 1 << 17, r: 8, p: 1)

    /// Memory scrypt needs for these parameters (V is 128·r·N bytes, B is 128·r·p), with room.
    var memoryBound: UInt64 {
        let needed = 128 &* r &* (n &+ 2) &+ 128 &* r &* p &+ (1 << 20)
        return max(needed, 256 << 20)
    }
}

/// Why hashing or verifying failed: one line, never a crash.
public enum PasswordHashError: Error, Equatable, CustomStringConvertible, LocalizedError {
    case openSSL(String)
    case malformedRecord(String)
    case unsupportedParameters(String)

    public var description: String {
        switch self {
        case .openSSL(let what), .malformedRecord(let what), .unsupportedParameters(let what):
            return tr(textKey, ["detail": what])
        }
    }

    /// The catalogue line of this error.
    public var textKey: TextKey {
        switch self {
        case .openSSL: .errorPasswordHashing
        case .malformedRecord: .errorPasswordRecordDamaged
        case .unsupportedParameters: .errorPasswordRecordParameters
        }
    }

    public var errorDescription: String? { description }
}

/// Hashes and verifies passwords with libcrypto's scrypt.
///
/// - The password is normalised to Unicode NFC before hashing, so the same Hangul typed on
///   two terminals (composed or decomposed jamo) verifies.
/// - Verification recomputes with the record's own parameters and compares in constant time
///   (`CRYPTO_memcmp`).
/// - One production hash costs about 128 MiB and a few hundred milliseconds (see the report).
public struct PasswordHasher: Sendable {
    public static let algorithm = "scrypt"

    /// Parameters for new hashes. Tests may pass cheap ones; production uses `.production`.
    public let parameters: ScryptParameters

    public init(parameters: ScryptParameters = .production) {
        self.parameters = parameters
    }

    /// A new record for `password`, with a fresh random salt.
    public func hash(_ password: String) throws -> PasswordRecord {
        let salt = try Self.randomBytes(parameters.saltLength)
        let key = try Self.scrypt(
            password: Self.passwordBytes(password), salt: salt,
            n: parameters.n, r: parameters.r, p: parameters.p, keyLength: parameters.keyLength)
        return PasswordRecord(n: parameters.n, r: parameters.r, p: parameters.p, salt: salt, hash: key)
    }

    /// Whether `password` matches `record`. A wrong password is `false`; a damaged record
    /// or an OpenSSL failure throws.
    public func verify(_ password: String, against record: PasswordRecord) throws -> Bool {
        try Self.checkSupported(record)
        let key = try Self.scrypt(
            password: Self.passwordBytes(password), salt: record.salt,
            n: record.n, r: record.r, p: record.p, keyLength: record.hash.count)
        guard key.count == record.hash.count else { return false }
        return key.withUnsafeBytes { a in
            record.hash.withUnsafeBytes { b in
                CRYPTO_memcmp(a.baseAddress, b.baseAddress, a.count) == 0
            }
        }
    }

    /// Whether `record` should be replaced by a new hash at the next successful sign-in:
    /// another algorithm, parameters below OWASP's minimums or below this hasher's, or a
    /// short salt or key.
    public func needsRehash(_ record: PasswordRecord) -> Bool {
        Self.isBelowMinimum(record)
            || record.n < parameters.n || record.r < parameters.r || record.p < parameters.p
    }

    /// Whether `record` is below OWASP's minimums (N ≥ 2^17, r ≥ 8, p ≥ 1, 16-byte salt,
    /// 32-byte key) or not scrypt at all.
    public static func isBelowMinimum(_ record: PasswordRecord) -> Bool {
        let minimum = ScryptParameters.owaspMinimum
        return record.algorithm != algorithm
            || record.n < minimum.n || record.r < minimum.r || record.p < minimum.p
            || record.salt.count < minimum.saltLength || record.hash.count < minimum.keyLength
    }

    // MARK: - libcrypto

    /// Limits on what a stored record may ask for, so a damaged record cannot make
    /// verification allocate gigabytes or run for minutes.
    static func checkSupported(_ record: PasswordRecord) throws {
        guard record.algorithm == algorithm else {
            throw PasswordHashError.unsupportedParameters("algorithm \(record.algorithm)")
        }
        guard record.n > 1, record.n & (record.n - 1) == 0, record.n <= 1 << 22 else {
            throw PasswordHashError.unsupportedParameters("N=\(record.n)")
        }
        guard (1...32).contains(record.r), (1...16).contains(record.p) else {
            throw PasswordHashError.unsupportedParameters("r=\(record.r) p=\(record.p)")
        }
        guard !record.salt.isEmpty, (16...128).contains(record.hash.count) else {
            throw PasswordHashError.malformedRecord("salt or hash length")
        }
    }

    static func passwordBytes(_ password: String) -> [UInt8] {
        Array(password.precomposedStringWithCanonicalMapping.utf8)
    }

    static func randomBytes(_ count: Int) throws -> Data {
        var bytes = [UInt8](repeating: 0, count: count)
        guard RAND_bytes(&bytes, Int32(count)) == 1 else {
            throw PasswordHashError.openSSL("RAND_bytes: \(lastOpenSSLError())")
        }
        return Data(bytes)
    }

    static func scrypt(password: [UInt8], salt: Data, n: UInt64, r: UInt64, p: UInt64, keyLength: Int) throws -> Data {
        var key = [UInt8](repeating: 0, count: keyLength)
        let maxmem = ScryptParameters(n: n, r: r, p: p).memoryBound
        let status = password.withUnsafeBufferPointer { pass in
            salt.withUnsafeBytes { saltBytes in
                pass.withMemoryRebound(to: CChar.self) { passChars in
                    EVP_PBE_scrypt(
                        passChars.baseAddress, pass.count,
                        saltBytes.bindMemory(to: UInt8.self).baseAddress, saltBytes.count,
                        n, r, p, maxmem, &key, keyLength)
                }
            }
        }
        guard status == 1 else {
            throw PasswordHashError.openSSL("EVP_PBE_scrypt (N=\(n) r=\(r) p=\(p)): \(lastOpenSSLError())")
        }
        return Data(key)
    }

    static func lastOpenSSLError() -> String {
        let code = ERR_get_error()
        guard code != 0 else { return "unknown error" }
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        ERR_clear_error()
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
