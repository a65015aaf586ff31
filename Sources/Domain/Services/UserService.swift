import DocStore
import Foundation

/// Profiles: `users/{uid}` read back typed, onboarding and later edits.
public final class UserService: @unchecked Sendable {
    // @unchecked: `store` never changes and serialises every call.
    let store: DocumentStore

    public init(store: DocumentStore) {
        self.store = store
    }

    var users: CollectionReference { store.collection("users") }

    /// The user with this id, nil when there is none.
    public func user(id: String) throws -> User? {
        let snapshot = try users.document(id).getDocument()
        return snapshot.exists ? try snapshot.data(as: User.self) : nil
    }

    /// The users among `ids` that exist, by id, in one `in` query per 1000 ids.
    public func users(ids: some Collection<String>) throws -> [String: User] {
        var result: [String: User] = [:]
        let unique = Array(Set(ids))
        for start in stride(from: 0, to: unique.count, by: 1000) {
            let chunk = unique[start..<min(start + 1000, unique.count)].map { FieldValue.string($0) }
            for document in try users.whereField(FieldPath.documentID, in: chunk).getDocuments().documents {
                let user = try document.data(as: User.self)
                result[user.id] = user
            }
        }
        return result
    }

    /// The user with this username (given in any case), nil when nobody has it.
    public func user(username: String) throws -> User? {
        let name = username.trimmingCharacters(in: .whitespaces).lowercased()
        return try users.whereField("username", isEqualTo: .string(name)).limit(to: 1).getDocuments()
            .documents.first.map { try $0.data(as: User.self) }
    }

    /// Applies `edit` to the signed-in user's profile in one transaction: validation first,
    /// then the username's uniqueness (ignoring case) checked inside the transaction, so two
    /// people cannot take the same name at once. Onboarding is the edit that leaves both
    /// display name and username set. Returns the stored profile.
    @discardableResult
    public func updateProfile(_ edit: ProfileEdit, session: Session?) throws -> User {
        let session = try SessionProof.writer(session, .editProfile, in: store)
        let username = try edit.normalisedUsername()
        let reference = users.document(session.uid)
        do {
            return try apply(edit, username: username, to: reference, session: session)
        } catch let error as StoreError where error.code.isUniqueViolation {
            // On a server the database's own unique index is the last word on a name taken meanwhile.
            throw ServiceError.usernameTaken(username ?? "")
        }
    }

    private func apply(_ edit: ProfileEdit, username: String?, to reference: DocumentReference, session: Session) throws
        -> User
    {
        try store.runTransaction { transaction in
            let snapshot = try transaction.get(reference)
            guard snapshot.exists else { throw ServiceError.accountMissing(uid: session.uid) }
            let current = try snapshot.data(as: User.self)
            let updated = try edit.apply(to: current)
            if let username, username != current.username {
                // Queries inside the body run in this write transaction: nobody else can
                // commit between this check and the write.
                let holders = try users.whereField("username", isEqualTo: .string(username)).limit(to: 2)
                    .getDocuments().documents.filter { $0.documentID != session.uid }
                if !holders.isEmpty { throw ServiceError.usernameTaken(username) }
            }
            guard updated != current else { return current }
            var fields: [String: WriteValue] = [
                "displayName": .string(updated.displayName),
                "username": .string(updated.username),
                "bio": .string(updated.bio),
                "isUserOnboarded": .bool(updated.isUserOnboarded),
            ]
            // Only an edit of the picture writes the field, so profiles without one keep none.
            if edit.avatar != nil { fields["avatar"] = updated.avatar.map { .string($0) } ?? .null }
            try transaction.updateData(fields, forDocument: reference)
            return updated
        }
    }

    /// Calls `onChange` with the user now and after every change (nil when missing). A
    /// failed re-read, or a profile that cannot be decoded, is reported to `onError`.
    public func observeUser(
        id: String, onChange: @escaping (User?) -> Void,
        onError: @escaping (Error) -> Void = { _ in }
    ) throws -> ListenerRegistration {
        try users.document(id).addSnapshotListener(
            { snapshot in
                guard snapshot.exists else { return onChange(nil) }
                do {
                    onChange(try snapshot.data(as: User.self))
                } catch {
                    onError(error)
                }
            }, onError: onError)
    }
}
