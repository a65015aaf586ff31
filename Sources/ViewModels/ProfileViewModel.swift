import Domain
import Faces
import Foundation
import Localization
import PlainText
import TerminalUI

/// Which form the Profile screen shows.
public enum ProfileFormKind: Equatable, Sendable {
    case signIn, register, onboarding, edit

    public var title: String {
        switch self {
        case .signIn: return tr(.formSignIn)
        case .register: return tr(.formRegister)
        case .onboarding: return tr(.formOnboarding)
        case .edit: return tr(.formEdit)
        }
    }

    /// Shown while the form is submitted (hashing a password takes a moment).
    public var busyMessage: String {
        switch self {
        case .signIn: return tr(.formSigningIn)
        case .register: return tr(.formCreatingAccount)
        case .onboarding, .edit: return tr(.formSaving)
        }
    }
}

/// One field of a profile form, named by the field it edits (the screen shows its title).
public struct ProfileFormField: Equatable, Sendable {
    public var field: InputField
    public var input: TextEditor
    public var error: String?

    public init(_ field: InputField, input: TextEditor = TextEditor(), error: String? = nil) {
        self.field = field
        self.input = input
        self.error = error
    }

    /// Passwords show as dots.
    public var isSecure: Bool { field == .password }
}

/// A form in progress: fields as typed, the focused one, a message, and whether it is
/// being submitted.
public struct ProfileForm: Equatable, Sendable {
    public var kind: ProfileFormKind
    public var fields: [ProfileFormField]
    /// What the form says under its fields instead of the usual keys (the invitation hint).
    public var hint: String?
    public var focused = 0
    public var message: String?
    public var isBusy = false

    public init(kind: ProfileFormKind, fields: [ProfileFormField]) {
        self.kind = kind
        self.fields = fields
    }

    public func text(_ field: InputField) -> String {
        fields.first { $0.field == field }?.input.text ?? ""
    }
}

/// What the Profile screen shows.
public struct ProfileState: Equatable, Sendable {
    public var user: User?
    /// The profile shows an edit the store has not confirmed yet.
    public var isUserPending = false
    public var form: ProfileForm?
    /// True while "Sign out?" waits for an answer (coming back costs a password).
    public var isConfirmingSignOut = false
}

/// Profile: sign in, create account, onboarding, edit, sign out.
public final class ProfileViewModel {
    public private(set) var state = ProfileState()
    public var onChange: (ProfileState) -> Void = { _ in }
    public var onToast: (Toast) -> Void = { _ in }
    /// Called when the signed-in user changes (sign-in, sign-out, profile edits).
    public var onUserChanged: (User?) -> Void = { _ in }
    public var rowsInView = 10
    /// The signed-in user's posts, newest first: a `FeedViewModel` fixed to them, so the
    /// Feed's keys (moving, paging, editing and deleting a post) work the same here.
    public private(set) var posts: FeedViewModel?

    private let accounts: AccountsPort
    private let feed: FeedPort
    private let work: BackgroundWork
    private let writes: StoreWrites
    /// While an edit is on its way: the form as sent (it opens again on a refusal) and the
    /// profile as the store last showed it.
    private var sentEdit: (form: ProfileForm, stored: User)?
    /// Document paths with writes the server has not confirmed (`SyncStatus.pendingPaths`).
    public private(set) var pendingPaths: Set<String> = []
    private lazy var userQuery = LiveQuery(
        name: "profile.user", list: { tr(.tabProfile) }, events: work.queue, reads: writes.reads,
        onToast: { [weak self] in self?.onToast($0) })

    /// The session file's stamp when last looked at (`checkSession`).
    private var sessionStamp: String?
    /// Counts the changes of the user this process makes (and the forms it submits): a
    /// session check's answer read before one of them is stale and dropped.
    private var userGeneration = 0
    /// True while a sign-out confirmed here is on its way (on a server it moves the store
    /// to the guest's role): the session file's change is this process's own.
    private var isSigningOut = false

    /// `work` runs sign-in and registration; `writes` takes profile edits (at once by default).
    public init(accounts: AccountsPort, feed: FeedPort, work: BackgroundWork, writes: StoreWrites = .immediate()) {
        self.accounts = accounts
        self.feed = feed
        self.work = work
        self.writes = writes
    }

    /// Reads the session; opens the onboarding form when the profile is not onboarded.
    /// Returns whether onboarding is due. `onboardingWaitsForServer`: the profile was read
    /// from a local copy of a team server, which may predate the onboarding (made from the
    /// command line since): the form opens only if the server's profile, read after
    /// `resumeReads`, is not onboarded either.
    @discardableResult
    public func start(onboardingWaitsForServer: Bool = false) -> Bool {
        sessionStamp = accounts.sessionStamp()
        do {
            setUser(try accounts.currentUser())
        } catch {
            setUser(nil)
            onToast(Toast.error(error))
        }
        if let user = state.user, !user.isUserOnboarded, onboardingWaitsForServer {
            onboardingCheck = .waitingForServer(user.id)
        } else if let user = state.user, !user.isUserOnboarded {
            openOnboarding(for: user)
            return true
        }
        return false
    }

    public func stop() {
        userQuery.cancel()
        posts?.stop()
    }

    /// The store moved to the team server's connection: the profile and its posts are read
    /// there again, what is shown kept until they arrive.
    public func resumeReads() {
        if case .waitingForServer(let uid) = onboardingCheck { onboardingCheck = .onNextDelivery(uid) }
        userQuery.restart()
        posts?.resumeReads()
    }

    /// Where a start on a local copy stands with the onboarding it put off.
    private enum OnboardingCheck: Equatable {
        case none
        /// The copy said this user was not onboarded; the store has not moved yet.
        case waitingForServer(String)
        /// The next delivery of this user's profile decides.
        case onNextDelivery(String)
    }
    private var onboardingCheck = OnboardingCheck.none

    private func setUser(_ user: User?) {
        userGeneration += 1
        let changedAccount = user?.id != state.user?.id || !userQuery.isSubscribed
        state.user = user
        if changedAccount { sentEdit = nil }
        state.isUserPending = isPending(user)
        if changedAccount {
            stop()
            posts = nil
            if let uid = user?.id {
                userQuery.start { [accounts] live in
                    try accounts.observeUser(
                        uid: uid, live.deliver { [weak self] in self?.userDocumentChanged($0) }, onError: live.onError)
                }
                startPosts(of: uid)
            }
        }
        posts?.author = user
        posts?.isProfileFinished = user.map(Self.isFinished) ?? true
        publish()
        onUserChanged(user)
    }

    private func userDocumentChanged(_ user: User?) {
        if let user, case .onNextDelivery(let uid) = onboardingCheck, uid == user.id, uid == state.user?.id {
            onboardingCheck = .none
            if !user.isUserOnboarded && state.form == nil { openOnboarding(for: user) }
        }
        guard let user, user.id == state.user?.id, user != state.user else { return }
        if sentEdit != nil {
            // The screen keeps the edit on its way; a refusal goes back to this.
            sentEdit?.stored = user
            return
        }
        state.user = user
        posts?.author = user
        posts?.isProfileFinished = Self.isFinished(user)
        publish()
        onUserChanged(user)
    }

    /// The posts of `uid`, seen by them (their own hearts), live.
    private func startPosts(of uid: String) {
        let model = FeedViewModel(feed: feed, events: work.queue, writes: writes, profileOf: uid)
        model.onChange = { [weak self] _ in self?.publish() }
        model.onToast = { [weak self] in self?.onToast($0) }
        model.setPendingPaths(pendingPaths)
        posts = model
        model.setUser(uid)
    }

    /// Whether `user` may post: a display name and a username are set.
    public static func isFinished(_ user: User) -> Bool {
        !user.displayName.isEmpty && !user.username.isEmpty
    }

    /// Runs on a timer: when another process signed in or out (the session file changed),
    /// follows it: the user, the screens and, on a server, the store's role. Waits while a
    /// form of this process is being submitted (or a sign-out sent), whose own answer sets
    /// the user. Reading the user and moving the store to the new role are round trips on a
    /// server: they run as a store read (off the loop's thread there), and an answer that
    /// lands after this process changed the user itself is dropped (the next tick looks again).
    public func checkSession() {
        let stamp = accounts.sessionStamp()
        guard stamp != sessionStamp, !(state.form?.isBusy ?? false), !isSigningOut else { return }
        sessionStamp = stamp
        let generation = userGeneration
        let shown = state.user?.id
        writes.reads.read(
            .sessionCheck,
            { [accounts] () -> SessionCheck in
                guard try accounts.currentUser()?.id != shown else { return .unchanged }
                return .followed(try accounts.followSession())
            }, then: { [weak self] result in self?.sessionChecked(result, generation: generation) })
    }

    /// What a session check found: the same user, or the user the session file now names.
    private enum SessionCheck {
        case unchanged
        case followed(User?)
    }

    private func sessionChecked(_ result: Result<SessionCheck, Error>, generation: Int) {
        guard generation == userGeneration, !(state.form?.isBusy ?? false), !isSigningOut else {
            sessionStamp = nil  // read again at the next tick, against the user now shown
            return
        }
        switch result {
        case .success(.unchanged):
            return
        case .success(.followed(let user)):
            state.form = nil
            setUser(user)
            if let user {
                onToast(
                    Toast(
                        tr(.toastSignedInElsewhere, ["name": user.username.isEmpty ? user.email : "@" + user.username]))
                )
                if !user.isUserOnboarded { openOnboarding(for: user) }
            } else {
                onToast(Toast(tr(.toastSignedOutElsewhere)))
            }
        case .failure(let error):
            onToast(Toast.error(error))
        }
    }

    // MARK: Opening forms

    /// `i` (signed out).
    public func startSignIn() {
        guard state.user == nil else { return }
        state.form = ProfileForm(kind: .signIn, fields: Self.credentialFields())
        publish()
    }

    /// `c` (signed out).
    public func startRegister() {
        guard state.user == nil else { return }
        var form = ProfileForm(kind: .register, fields: Self.credentialFields())
        // A team server's sign-up takes an invitation: a field for it, and a hint saying
        // where one comes from.
        if let need = accounts.invitationNeed {
            form.fields.append(
                ProfileFormField(.invitation, input: TextEditor(need.preset ?? "", limit: Self.invitationMaxLength)))
            form.hint = tr(.formInvitationHint, ["server": need.server])
        }
        state.form = form
        publish()
    }

    /// `e` (signed in).
    public func startEdit() {
        guard let user = state.user else {
            onToast(Toast.signIn(.editProfile))
            return
        }
        state.form = ProfileForm(kind: .edit, fields: Self.profileFields(user))
        publish()
    }

    private func openOnboarding(for user: User) {
        state.form = ProfileForm(kind: .onboarding, fields: Self.profileFields(user))
        publish()
    }

    /// Longer than any invitation `tern server invite` makes.
    static let invitationMaxLength = 64

    static func credentialFields() -> [ProfileFormField] {
        [
            ProfileFormField(.email, input: TextEditor(limit: Validation.emailMaxLength)),
            ProfileFormField(.password, input: TextEditor(limit: Validation.passwordMaxLength)),
        ]
    }

    static func profileFields(_ user: User) -> [ProfileFormField] {
        [
            ProfileFormField(.displayName, input: TextEditor(user.displayName, limit: Validation.displayNameMaxLength)),
            ProfileFormField(.username, input: TextEditor(user.username, limit: 15)),
            ProfileFormField(.bio, input: TextEditor(user.bio, limit: Validation.bioMaxLength)),
            // A file to take the picture from: empty keeps the picture, `none` removes it.
            ProfileFormField(.picture, input: TextEditor(limit: 1024)),
        ]
    }

    // MARK: Editing a form

    public func editField(_ edit: TextEditor.Edit) {
        guard var form = state.form, !form.isBusy, form.fields.indices.contains(form.focused) else { return }
        if let cut = form.fields[form.focused].input.apply(edit) { onToast(Toast(cut.description)) }
        form.fields[form.focused].error = nil
        state.form = form
        publish()
    }

    public func nextField() { moveFocus(by: 1) }
    public func previousField() { moveFocus(by: -1) }

    /// Focuses field `index` (mouse).
    public func focusField(_ index: Int) {
        guard var form = state.form, form.fields.indices.contains(index) else { return }
        form.focused = index
        state.form = form
        publish()
    }

    private func moveFocus(by delta: Int) {
        guard var form = state.form, !form.fields.isEmpty else { return }
        form.focused = (form.focused + delta + form.fields.count) % form.fields.count
        state.form = form
        publish()
    }

    /// Esc: closes the form (onboarding is postponed to the next launch).
    public func cancelForm() {
        guard let form = state.form, !form.isBusy else { return }
        state.form = nil
        publish()
        if form.kind == .onboarding {
            onToast(Toast(tr(.toastOnboardingPostponed)))
        }
    }

    /// Enter: shows the busy state at once; the account call (password hashing takes a
    /// moment) runs off the loop's thread and its answer comes back as an event.
    public func submitForm() {
        guard var form = state.form, !form.isBusy else { return }
        for index in form.fields.indices { form.fields[index].error = nil }
        // An empty password is refused at once, without the slow check.
        if form.kind == .signIn || form.kind == .register,
            let index = form.fields.firstIndex(where: { $0.field == .password && $0.input.isEmpty })
        {
            form.fields[index].error = tr(.errorPasswordEmpty)
            form.focused = index
            state.form = form
            publish()
            return
        }
        if form.kind == .register,
            let index = form.fields.firstIndex(where: {
                $0.field == .invitation && $0.input.text.trimmingCharacters(in: .whitespaces).isEmpty
            })
        {
            form.fields[index].error = tr(.errorInvitationEmpty)
            form.focused = index
            state.form = form
            publish()
            return
        }
        if form.kind == .edit || form.kind == .onboarding, let user = state.user {
            let picture = form.text(.picture).trimmingCharacters(in: .whitespaces)
            guard !picture.isEmpty, picture != "none" else {
                return sendEdit(form, over: user, avatar: picture.isEmpty ? nil : "")
            }
            return readPicture(picture, form, over: user)
        }
        form.isBusy = true
        userGeneration += 1
        form.message = form.kind.busyMessage
        state.form = form
        publish()
        let accounts = self.accounts
        let kind = form.kind
        let email = form.text(.email)
        let password = form.text(.password)
        let invitation = form.fields.contains { $0.field == .invitation } ? form.text(.invitation) : nil
        let edit = ProfileEdit(
            displayName: form.text(.displayName), username: form.text(.username), bio: form.text(.bio))
        work.run(
            .accounts,
            { _ -> User in
                switch kind {
                case .signIn: return try accounts.signIn(email: email, password: password)
                case .register: return try accounts.register(email: email, password: password, invitation: invitation)
                case .onboarding, .edit: return try accounts.updateProfile(edit)
                }
            }, then: { [weak self] result in self?.finishSubmit(kind, result) })
    }

    /// A profile edit shows at once, marked as pending, and goes to the store writes; the
    /// answer confirms it, or opens the form again as typed with the reason.
    private func sendEdit(_ form: ProfileForm, over user: User, avatar: String?) {
        let edit = ProfileEdit(
            displayName: form.text(.displayName), username: form.text(.username), bio: form.text(.bio),
            avatar: avatar)
        var shown = user
        if let avatar { shown.avatar = avatar.isEmpty ? nil : avatar }
        shown.displayName = form.text(.displayName)
        shown.username = form.text(.username)
        shown.bio = form.text(.bio)
        sentEdit = (form, sentEdit?.stored ?? user)
        state.form = nil
        state.user = shown
        state.isUserPending = true
        publish()
        onUserChanged(shown)
        writes.send(
            { [accounts] in try accounts.updateProfile(edit) },
            then: { [weak self] result in self?.editAnswered(form, result) })
    }

    /// The picture file decoded off the loop's thread (a large photo takes a moment), then
    /// the edit sent with it; a refused picture is the picture field's error, nothing sent.
    private func readPicture(_ path: String, _ form: ProfileForm, over user: User) {
        var busy = form
        busy.isBusy = true
        busy.message = tr(.formPictureReading)
        state.form = busy
        publish()
        work.run(
            .accounts, { _ in AvatarDataURL.encode(try PictureDecoder.face(fromFile: path)) },
            then: { [weak self] result in
                guard let self, self.state.form?.isBusy == true else { return }
                switch result {
                case .success(let url): self.sendEdit(form, over: self.state.user ?? user, avatar: url)
                case .failure(let error):
                    var refused = form
                    if let index = refused.fields.firstIndex(where: { $0.field == .picture }) {
                        refused.fields[index].error = ErrorText.describe(error)
                        refused.focused = index
                    }
                    self.state.form = refused
                    self.publish()
                }
            })
    }

    private func editAnswered(_ form: ProfileForm, _ result: Result<User, Error>) {
        guard let sent = sentEdit else { return }
        sentEdit = nil
        switch result {
        case .success(let user):
            setUser(user)
            onToast(
                Toast(
                    form.kind == .onboarding ? tr(.toastWelcome, ["username": user.username]) : tr(.toastProfileSaved),
                    kind: .success))
        case .failure(let error):
            setUser(sent.stored)
            var reopened = form
            let text = WriteRefusal.reason(for: error)
            if let index = Self.fieldIndex(for: error, in: reopened) {
                reopened.fields[index].error = text
                reopened.focused = index
            } else {
                reopened.message = text
            }
            if state.form == nil { state.form = reopened }
            publish()
            onToast(Toast(tr(.toastCouldNotSaveProfile, ["reason": text]), kind: .error))
        }
    }

    /// Whether the profile shows a write the store has not confirmed.
    private func isPending(_ user: User?) -> Bool {
        guard let user else { return false }
        return sentEdit != nil || pendingPaths.contains(SyncPaths.user(user.id))
    }

    /// The paths the sync status lists as unconfirmed: the profile shows the pending mark.
    public func setPendingPaths(_ paths: Set<String>) {
        guard paths != pendingPaths else { return }
        pendingPaths = paths
        state.isUserPending = isPending(state.user)
        posts?.setPendingPaths(paths)
        publish()
    }

    /// Applies the answer of a submission on the loop's thread.
    private func finishSubmit(_ kind: ProfileFormKind, _ result: Result<User, Error>) {
        guard var form = state.form, form.isBusy, form.kind == kind else { return }
        switch result {
        case .success(let user):
            state.form = nil
            setUser(user)
            switch kind {
            case .signIn:
                onToast(
                    Toast(
                        tr(.toastSignedIn, ["name": user.username.isEmpty ? user.email : "@" + user.username]),
                        kind: .success))
                if !user.isUserOnboarded { openOnboarding(for: user) }
            case .register:
                onToast(Toast(tr(.toastAccountCreated), kind: .success))
                openOnboarding(for: user)
            case .onboarding, .edit:
                onToast(
                    Toast(
                        kind == .onboarding ? tr(.toastWelcome, ["username": user.username]) : tr(.toastProfileSaved),
                        kind: .success))
            }
        case .failure(let error):
            form.isBusy = false
            form.message = nil
            let text = ErrorText.describe(error)
            if let index = Self.fieldIndex(for: error, in: form) {
                form.fields[index].error = text
                form.focused = index
            } else {
                form.message = text
            }
            state.form = form
            publish()
        }
    }

    /// Which field an error belongs beside, if any: the field the error names (errors
    /// naming no field of this form go on the message line).
    static func fieldIndex(for error: Error, in form: ProfileForm) -> Int? {
        guard let field = InputField.of(error) else { return nil }
        return form.fields.firstIndex { $0.field == field }
    }

    // MARK: Signed in

    /// `L`: asks whether to sign out; `confirmSignOut` does it.
    public func signOut() {
        guard state.user != nil, state.form == nil else { return }
        state.isConfirmingSignOut = true
        publish()
    }

    /// The answer to "Sign out?": yes signs out, no leaves everything as it was. Signing out
    /// on a server moves the store to the guest's role, a round trip: it goes the way of the
    /// store writes (off the loop's thread there), and the user goes when it is done.
    public func answerSignOut(_ yes: Bool) {
        guard state.isConfirmingSignOut else { return }
        state.isConfirmingSignOut = false
        guard yes, state.user != nil, !isSigningOut else {
            publish()
            return
        }
        isSigningOut = true
        userGeneration += 1
        publish()
        writes.send({ [accounts] in try accounts.signOut() }, then: { [weak self] result in self?.signedOut(result) })
    }

    private func signedOut(_ result: Result<Void, Error>) {
        isSigningOut = false
        switch result {
        case .success:
            state.form = nil
            setUser(nil)
            onToast(Toast(tr(.toastSignedOut), kind: .success))
        case .failure(let error):
            onToast(Toast.error(error))
        }
    }

    private func publish() {
        onChange(state)
    }
}

/// The list is the posts' (`posts`); the text field is the form's, else a post being edited.
extension ProfileViewModel: ScreenModel {
    public var list: ListState { posts?.list ?? ListState() }
    public var listCount: Int { posts?.listCount ?? 0 }
    public var listPosition: ListPosition { posts?.listPosition ?? ListPosition(index: 0, total: 0) }

    public func storeList(_ list: ListState, publish: Bool) {
        posts?.storeList(list, publish: publish)
    }

    public func moveSelection(by delta: Int) { posts?.moveSelection(by: delta) }
    public func selectFirst() { posts?.selectFirst() }
    public func selectLast() { posts?.selectLast() }

    /// Posts are several lines tall and the profile sits above them: a page is three posts.
    public func pageItems(rows: Int) -> Int { 3 }
    public func click(_ index: Int) { posts?.click(index) }

    public var isEditingText: Bool { state.form != nil || posts?.isEditingText == true }

    public func edit(_ edit: TextEditor.Edit) {
        if state.form == nil, let posts { posts.edit(edit) } else { editField(edit) }
    }

    public func submit() {
        if state.isConfirmingSignOut { return answerSignOut(true) }
        if state.form == nil, let posts { return posts.submit() }
        submitForm()
    }

    public func cancel() {
        if state.isConfirmingSignOut { return answerSignOut(false) }
        if state.form == nil, let posts { return posts.cancel() }
        cancelForm()
    }
}
