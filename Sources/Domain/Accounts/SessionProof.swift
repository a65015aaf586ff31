import CCrypto
import DocStore
import Foundation

/// How a session proves it was made by signing in to this store: signing in draws a random
/// token, the session file keeps it, and the account's credential record (a protected
/// record, out of reach of queries) keeps its SHA-256 digest. Every write checks the two
/// agree, so a session file copied from another data directory, or written by hand with a
/// sample account's uid, cannot write; nor can a session whose account has no profile.
///
/// On a team server the server checks each connection's role and password instead (also
/// for writes made on its local replica, when the outbox sends them).
public enum SessionProof {
    /// How many sessions (sign-ins) of one account stay valid at once.
    static let keptSessions = 16

    /// A new token: 32 random bytes, hex.
    static func newToken() throws -> String {
        try PasswordHasher.randomBytes(32).map { String(format: "%02x", $0) }.joined()
    }

    /// The token's SHA-256, hex: what the credential keeps.
    static func digest(_ token: String) -> String {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let bytes = Array(token.utf8)
        _ = EVP_Digest(bytes, bytes.count, &output, &length, EVP_sha256(), nil)
        return output.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }

    /// The session a write acts as: signed in (else `SignInRequired`), proved on this store
    /// (else `ServiceError.sessionNotValid`), with a profile (else `accountMissing`).
    public static func writer(_ session: Session?, _ action: SignInRequired.Action, in store: DocumentStore) throws
        -> Session
    {
        let session = try SignInRequired.check(session, action)
        do {
            try verify(session, in: store)
        } catch ServiceError.sessionNotValid {
            // A team server's local replica keeps no credentials: the server checks each write
            // when the outbox sends it, and only a queued write may change the replica.
            guard try LocalReplica.isReplica(store) else { throw ServiceError.sessionNotValid }
            if action.changesData && !LocalReplica.isApplyingQueuedWrite { throw ServiceError.serverUnreachable }
        }
        return session
    }

    /// Checks `session` against its credential and profile once; later writes on the same
    /// store reuse the proof until a protected record changes (`DocumentStore.holdsProof`).
    public static func verify(_ session: Session, in store: DocumentStore) throws {
        if store.isRemote { return }
        let proof = session.token.map { "session \(session.uid) \(session.email) \(digest($0))" }
        if let proof, store.holdsProof(proof) { return }
        guard let token = session.token, let data = try store.protectedRecord(Credential.key(for: session.email)),
            let credential = try? JSONDecoder().decode(Credential.self, from: data),
            credential.uid == session.uid, (credential.sessions ?? []).contains(digest(token))
        else {
            throw ServiceError.sessionNotValid
        }
        guard try store.collection("users").document(session.uid).getDocument().exists else {
            throw ServiceError.accountMissing(uid: session.uid)
        }
        if let proof { store.rememberProof(proof) }
    }

    /// `sessions` with `digest` added, the oldest dropped beyond `keptSessions`.
    static func adding(_ digest: String, to sessions: [String]?) -> [String] {
        Array(((sessions ?? []) + [digest]).suffix(keptSessions))
    }
}
