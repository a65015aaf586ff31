import DocStore
import Foundation
import Localization

/// What the protected record `credentials/<normalised email>` holds: never part of a
/// document, so no query or listener can read it.
struct Credential: Codable, Equatable {
    var uid: String
    var email: String
    var password: PasswordRecord
    /// SHA-256 digests of the tokens of this account's sessions (see `SessionProof`).
    var sessions: [String]? = nil

    static func key(for email: String) -> String { "credentials/" + email }
}

/// Accounts: register, sign in, sign out, and who is signed in (the session file).
///
/// Hashing (deliberately slow) always runs outside the store's write lock; only the short
/// commit that creates the account holds it.
public final class AuthService: @unchecked Sendable {
    // @unchecked: its fields never change after init; the store serialises every call and the
    // session file is written by rename.
    let store: DocumentStore
    let sessionFile: SessionFile
    let hasher: PasswordHasher
    let clock: @Sendable () -> Date
    /// Set on a team server: accounts are the server's login roles (see `ServerAccess`).
    let server: ServerAccess?
    /// Where the accounts' local replicas live (on a team server): a sign-in copies the
    /// account's profile into its replica, and a store that reads a local copy finds an
    /// account's profile there.
    let replicas: AppPaths?

    public init(
        store: DocumentStore, sessionFile: SessionFile, server: ServerAccess? = nil,
        hasher: PasswordHasher = PasswordHasher(), clock: @escaping @Sendable () -> Date = { Date() },
        replicas: AppPaths? = nil
    ) {
        self.store = store
        self.sessionFile = sessionFile
        self.server = server
        self.hasher = hasher
        self.clock = clock
        self.replicas = replicas
    }

    /// Creates an account and signs it in. One commit writes `users/{uid}` (not onboarded)
    /// and the credential; the email's uniqueness is checked inside that commit. The uid is
    /// random and says nothing about the email.
    /// On a team server it takes an invitation: `invitation`, else the one in `TERN_INVITE`.
    @discardableResult
    public func register(email rawEmail: String, password: String, invitation: String? = nil) throws -> Session {
        let email = try Validation.email(rawEmail)
        try Validation.password(password)
        if let server {
            return try register(on: server, email: email, password: password, invitation: invitation)
        }
        // A session directory open to others refuses the session file: say so before the
        // account exists, so the next try does not find it taken.
        try sessionFile.prepareDirectory()
        let record = try hasher.hash(password)
        let uid = store.collection("users").document().documentID
        let now = clock()
        let token = try SessionProof.newToken()
        let credential = try JSONEncoder().encode(
            Credential(
                uid: uid, email: email, password: record,
                sessions: [SessionProof.digest(token)]))
        // Sample accounts have profiles but no credentials: their emails are taken too.
        if try !store.collection("users").whereField("email", isEqualTo: .string(email)).limit(to: 1).getDocuments()
            .isEmpty
        {
            throw ServiceError.emailTaken(email)
        }
        try store.runTransaction { transaction in
            if try transaction.protectedRecord(Credential.key(for: email)) != nil {
                throw ServiceError.emailTaken(email)
            }
            try transaction.setData(
                from: User.newRegistration(id: uid, email: email, createdOn: now),
                forDocument: store.collection("users").document(uid))
            try transaction.setProtected(Credential.key(for: email), credential)
        }
        let session = Session(uid: uid, email: email, signedInAt: Self.wholeSeconds(now), token: token)
        try sessionFile.write(session)
        return session
    }

    /// Signs in and writes the session file. An unknown email and a wrong password give the
    /// same `ServiceError.wrongCredentials` and cost the same hashing time.
    @discardableResult
    public func signIn(email rawEmail: String, password: String) throws -> Session {
        if let server {
            guard let email = try? Validation.email(rawEmail) else { throw ServiceError.wrongCredentials }
            return try signIn(on: server, email: email, password: password)
        }
        guard let email = try? Validation.email(rawEmail) else {
            _ = try? hasher.verify(password, against: decoy)
            throw ServiceError.wrongCredentials
        }
        guard let data = try store.protectedRecord(Credential.key(for: email)) else {
            _ = try? hasher.verify(password, against: decoy)
            throw ServiceError.wrongCredentials
        }
        let credential: Credential
        do {
            credential = try JSONDecoder().decode(Credential.self, from: data)
        } catch {
            throw PasswordHashError.malformedRecord("credentials of \(email)")
        }
        guard try hasher.verify(password, against: credential.password) else {
            throw ServiceError.wrongCredentials
        }
        guard try store.collection("users").document(credential.uid).getDocument().exists else {
            throw ServiceError.accountMissing(uid: credential.uid)
        }
        if isWeakerThanCurrent(credential.password) {
            try rehash(credential, password: password)
        }
        let token = try SessionProof.newToken()
        try addSession(SessionProof.digest(token), email: email)
        let session = Session(uid: credential.uid, email: email, signedInAt: Self.wholeSeconds(clock()), token: token)
        try sessionFile.write(session)
        return session
    }

    /// Whether `record` was made with weaker parameters than new records get now.
    func isWeakerThanCurrent(_ record: PasswordRecord) -> Bool {
        let current = hasher.parameters
        return record.algorithm != PasswordHasher.algorithm || record.n < current.n || record.r < current.r
            || record.p < current.p || record.salt.count < current.saltLength || record.hash.count < current.keyLength
    }

    /// Replaces a record hashed with weaker parameters than this hasher's, after a
    /// successful sign-in (the only time the password is known). Hashing happens outside
    /// the transaction; the record is replaced only if nobody changed it meanwhile.
    func rehash(_ credential: Credential, password: String) throws {
        var upgraded = credential
        upgraded.password = try hasher.hash(password)
        let data = try JSONEncoder().encode(upgraded)
        let key = Credential.key(for: credential.email)
        try store.runTransaction { transaction in
            guard let current = try transaction.protectedRecord(key),
                (try? JSONDecoder().decode(Credential.self, from: current)) == credential
            else { return }
            try transaction.setProtected(key, data)
        }
    }

    /// Records a new session's token digest in the credential, in one short commit.
    func addSession(_ digest: String, email: String) throws {
        let key = Credential.key(for: email)
        try store.runTransaction { transaction in
            guard let data = try transaction.protectedRecord(key),
                var credential = try? JSONDecoder().decode(Credential.self, from: data)
            else {
                throw ServiceError.wrongCredentials
            }
            credential.sessions = SessionProof.adding(digest, to: credential.sessions)
            try transaction.setProtected(key, try JSONEncoder().encode(credential))
        }
    }

    /// Forgets the session (and, on a server, the account's password); signing out twice
    /// is fine.
    public func signOut() throws {
        if let server, let session = try? currentSession(), case let (url, token?) = try server.connection(for: session)
        {
            // The server forgets the pooled session too (an unreachable server lets it expire).
            if let connection = try? ServerConnection(url: url) {
                _ = try? connection.query("SELECT tern_close_session($1)", [token])
                connection.close()
            }
        }
        try Self.signOut(sessionFile: sessionFile)
        // On a server this store goes back to reading as the guest (the replica, read while
        // the server cannot be reached, has no roles: the server is read as the guest once
        // reached, `AppServices.connected`).
        if let server, isServerItself { try store.switchServerRole(url: server.guestURL) }
    }

    /// Signs out without opening the store: removes the session file and, for a session on
    /// a server, the account's line in the password file beside it.
    public static func signOut(sessionFile: SessionFile) throws {
        let session = try? sessionFile.read()
        if let session, let server = session.server {
            try ServerAccess.passFile(sessionFile: sessionFile.path).remove(
                user: session.role ?? session.uid, serverURL: server)
        }
        PooledSessionFile(sessionFile: sessionFile.path).remove()
        try sessionFile.clear()
    }

    // MARK: On a team server

    /// On a team server, what signing up needs: the server's name and the invitation
    /// `TERN_INVITE` gives, if any; nil on the embedded store, where no invitation is asked.
    public var invitationNeed: (server: String, preset: String?)? {
        server.map { ($0.server, $0.invitation) }
    }

    /// Creates the account's login role and `users/{uid}` with the invitation in
    /// `TERN_INVITE` (the server keeps the password as SCRAM-SHA-256; only its verifier
    /// leaves this machine), then signs in.
    private func register(on server: ServerAccess, email: String, password: String, invitation: String?) throws
        -> Session
    {
        let given = invitation?.trimmingCharacters(in: .whitespaces)
        guard let invitation = given.flatMap({ $0.isEmpty ? nil : $0 }) ?? server.invitation else {
            throw StoreError.invalidArgument(tr(.storeInvitationNeeded, ["server": server.server]))
        }
        // The password file must be writable safely before the account exists, so that a
        // refused session directory leaves no account behind that nobody can sign in to.
        try server.passFile.prepareDirectory()
        if try TernServer.account(forEmail: email, guestURL: server.guestURL) != nil {
            throw ServiceError.emailTaken(email)
        }
        let uid = store.collection("users").document().documentID
        let role: String
        do {
            role = try TernServer.register(
                guestURL: server.guestURL, invitation: invitation, uid: uid, password: password, email: email)
        } catch let error as StoreError where error.code.isUniqueViolation {
            // Two registrations of one email at once: the server's unique index refuses the second.
            throw ServiceError.emailTaken(email)
        }
        return try startSession(
            on: server, account: TernServer.Account(uid: uid, role: role), email: email, password: password,
            now: clock())
    }

    /// Finds the account of `email` through `tern_guest`, then connects as it with the
    /// password: the server checks it. A wrong password and an unknown email give the same
    /// `ServiceError.wrongCredentials`.
    ///
    /// An unknown email takes the same steps with a random role that names nothing
    /// (PostgreSQL then runs a mock SCRAM exchange), so both answers take the same time.
    private func signIn(on server: ServerAccess, email: String, password: String) throws -> Session {
        let found = try TernServer.account(forEmail: email, guestURL: server.guestURL)
        let account =
            found
            ?? TernServer.Account(
                uid: store.collection("users").document().documentID, role: TernServer.unusedRoleName())
        let session = try startSession(on: server, account: account, email: email, password: password, now: clock())
        guard found != nil else {
            try? signOut()  // a role no email names cannot have signed in; never keep it
            throw ServiceError.wrongCredentials
        }
        return session
    }

    /// Keeps the password in the password file, checks it by connecting this store as the
    /// account (its listeners then see what the account sees; a store reading a local copy
    /// connects on its own and closes again, the interface reaches the server later), and
    /// writes the session; on any failure the password file is left without the account's
    /// line and the store as it was. The account's profile, read on that connection, is
    /// copied into its replica, so that the next interface opens without waiting on the server.
    private func startSession(
        on server: ServerAccess, account: TernServer.Account, email: String, password: String, now: Date
    ) throws -> Session {
        try server.passFile.save(password: password, user: account.role, serverURL: server.serverURL)
        let profile: DocumentSnapshot?
        do {
            let url = server.accountURL(role: account.role)
            let pooled = try openPooledSession(on: server, account: account, url: url)
            if isServerItself {
                try store.switchServerRole(url: pooled?.url ?? url, sessionToken: pooled?.token)
                profile = try? store.collection("users").document(account.uid).getDocument()
            } else {
                let connection = try DocumentStore.open(
                    location: pooled?.url ?? url, sessionToken: pooled?.token, executor: .immediate)
                defer { connection.close() }
                profile = try? connection.collection("users").document(account.uid).getDocument()
            }
        } catch {
            try? server.passFile.remove(user: account.role, serverURL: server.serverURL)
            // Only this attempt's own token goes: a failed sign-in keeps the signed-in account's.
            if (try? server.pooledSessions.read(server: server.server, uid: account.uid)) != nil {
                server.pooledSessions.remove()
            }
            if let error = error as? StoreError, error.code.isAuthenticationFailure {
                throw ServiceError.wrongCredentials
            }
            throw error
        }
        let session = Session(
            uid: account.uid, email: email, signedInAt: Self.wholeSeconds(now), server: server.server,
            role: account.role)
        try sessionFile.write(session)
        if let profile, profile.exists { try? copyProfile(profile, of: session, on: server) }
        return session
    }

    /// With a pooler (`ServerAccess.poolerURL`): signs in once as the account's own role at
    /// `url` (the server checks the password, as without one), opens a pooled session there
    /// and keeps its token (`PooledSessionFile`); where the store then connects, and the
    /// token. Nil without a pooler.
    private func openPooledSession(on server: ServerAccess, account: TernServer.Account, url: String) throws
        -> (url: String, token: String)?
    {
        guard server.poolerURL != nil else { return nil }
        let connection = try ServerConnection(url: url)
        defer { connection.close() }
        let row = try connection.query(
            "SELECT tern_open_session(), (SELECT value FROM tern_meta WHERE key = 'role_namespace')"
        ).first
        guard let token = row?.first ?? nil, let namespace = row?.last ?? nil,
            let pooledURL = server.pooledURL(role: "tern_\(namespace)_pool")
        else {
            throw StoreError.cannotOpen(file: server.server, reason: tr(.storeNoSchema))
        }
        try server.pooledSessions.write(
            PooledSessionFile.Entry(
                server: server.server, uid: account.uid, poolRole: "tern_\(namespace)_pool", token: token))
        return (pooledURL, token)
    }

    /// Keeps `profile` in the replica of `session`'s account.
    private func copyProfile(_ profile: DocumentSnapshot, of session: Session, on server: ServerAccess) throws {
        guard let replicas else { return }
        let replica = try LocalReplica.open(paths: replicas, server: server.server, uid: session.uid)
        defer { replica.store.close() }
        try ReplicaRefresh.copyProfile(profile, into: replica)
    }

    /// The signed-in session, nil when signed out. A session file open to others is refused
    /// (`SessionFileError`, with the `chmod` that fixes it).
    public func currentSession() throws -> Session? {
        try sessionFile.read()
    }

    /// After another process signed in or out (the session file changed): on a server, moves
    /// this store to the role the session file now names (the guest when signed out), so
    /// reads and listeners follow; then returns the signed-in user, nil when signed out.
    public func followSessionFile() throws -> User? {
        if let server, isServerItself {
            let target = try server.connection(for: try currentSession())
            try store.switchServerRole(url: target.url, sessionToken: target.sessionToken)
        }
        return try currentUser()
    }

    /// True when this store is the team server's connection (not the account's replica, read
    /// while the server is not reached yet): only then has it roles to move between.
    var isServerItself: Bool {
        server != nil && store.isRemote
    }

    /// The signed-in user's document, nil when signed out.
    public func currentUser() throws -> User? {
        guard let session = try currentSession() else { return nil }
        return try user(of: session)
    }

    /// `session`'s user document. A store reading a local copy of a team server may not
    /// hold it (another account signed in meanwhile, or signed in while the guest's copy is
    /// read): then it comes from the account's own replica, which its sign-in filled, else
    /// from the server (round trips: off the interface's thread, as sign-ins and session
    /// checks run on a server).
    public func user(of session: Session) throws -> User {
        let snapshot = try store.collection("users").document(session.uid).getDocument()
        if snapshot.exists { return try snapshot.data(as: User.self) }
        guard let server, !isServerItself, let replicas,
            store.location != LocalReplica.file(paths: replicas, server: server.server, uid: session.uid)
        else {
            // The copy read is the account's own replica: nowhere else holds it here.
            throw ServiceError.accountMissing(uid: session.uid)
        }
        let replica = try LocalReplica.open(paths: replicas, server: server.server, uid: session.uid)
        defer { replica.store.close() }
        var copied = try replica.store.collection("users").document(session.uid).getDocument()
        if !copied.exists {
            let target = try server.connection(for: session)
            let connection = try DocumentStore.open(
                location: target.url, sessionToken: target.sessionToken, executor: .immediate)
            defer { connection.close() }
            copied = try connection.collection("users").document(session.uid).getDocument()
            guard copied.exists else { throw ServiceError.accountMissing(uid: session.uid) }
            try ReplicaRefresh.copyProfile(copied, into: replica)
        }
        return try copied.data(as: User.self)
    }

    /// The session file keeps whole seconds; the returned session equals the one read back.
    static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// A record of no password with this hasher's parameters, verified against when the
    /// email is unknown so that the answer takes as long as for a real account.
    var decoy: PasswordRecord {
        PasswordRecord(
            n: hasher.parameters.n, r: hasher.parameters.r, p: hasher.parameters.p,
            salt: Data(repeating: 0x5a, count: hasher.parameters.saltLength),
            hash: Data(repeating: 0, count: hasher.parameters.keyLength))
    }
}
