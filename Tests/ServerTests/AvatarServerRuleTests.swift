import DocStore
import Domain
import Faces
import Foundation
import Testing

/// A profile's picture on a team server: what Tern stores travels to other readers, and a
/// member with `psql` cannot store anything but a small PNG of the expected size.
@Suite(.serialized)
struct AvatarServerRuleTests {
    static let face = AvatarDataURL.encode(
        FacePixels(side: 32, rgb: (0..<32 * 32 * 3).map { UInt8($0 % 251) }))

    @Test(.requiresPostgres)
    func aPictureSetThroughTernReachesOtherReadersAndNoneRemovesIt() throws {
        let server = try RulesServer(accounts: 2)
        defer { server.cleanup() }
        let (owner, reader) = (server.accounts[0], server.accounts[1])
        let store = try server.store(as: owner)
        defer { store.close() }
        let session = Session(uid: owner, email: "\(owner)@example.com", signedInAt: Date())
        try UserService(store: store).updateProfile(ProfileEdit(avatar: Self.face), session: session)

        let other = try server.store(as: reader)
        defer { other.close() }
        #expect(try UserService(store: other).user(id: owner)?.avatar == Self.face)

        try UserService(store: store).updateProfile(ProfileEdit(avatar: ""), session: session)
        #expect(try UserService(store: other).user(id: owner)?.avatar == nil)
    }

    @Test(.requiresPostgres)
    func aMemberWithPsqlStoresNoOtherAvatar() throws {
        let server = try RulesServer(accounts: 1)
        defer { server.cleanup() }
        let me = server.accounts[0]
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 40)).base64EncodedString()
        var small = Data(base64Encoded: String(Self.face.dropFirst(22)))!
        small[19] = 16
        small[23] = 16
        let garbage: [String] = [
            "\"hello\"", "5", "{}", "[]", "\"data:image/png;base64,\"", "\"data:image/png;base64,!!!!\"",
            "\"data:image/png;base64,\(jpeg)\"", "\"data:image/jpeg;base64,\(jpeg)\"",
            "\"data:image/png;base64,\(small.base64EncodedString())\"",
            "\"\(Self.face)\(String(repeating: "A", count: Validation.avatarMaxLength))\"",
        ]
        // The profile as stored, with only the avatar changed (the other rules stay met).
        func write(_ value: String) -> String {
            "SELECT tern_write('users', '\(me)', (SELECT (doc::jsonb || jsonb_build_object('avatar', "
                + "'\(value)'::jsonb))"
                + "::text FROM documents WHERE parent = 'users' AND id = '\(me)'))"
        }
        for value in garbage {
            let sql = write(value)
            let result = try server.psql(sql, as: me)
            #expect(!result.ok && result.errors.contains("avatar"), "\(value.prefix(80)) → \(result)")
        }
        for value in ["null", "\"\(Self.face)\""] {
            let sql = write(value)
            let result = try server.psql(sql, as: me)
            #expect(result.ok, "\(value.prefix(80)) → \(result)")
        }
        let stored = try server.psql("SELECT doc FROM documents WHERE parent = 'users' AND id = '\(me)'", as: nil)
        #expect(stored.output.contains(Self.face), "\(stored.output.prefix(200))")
    }
}
