import Domain
import Foundation
import Localization
import PlainText
import TerminalUI

/// Which form the Profile screen shows.
public enum ProfileFormKind: Equatable, Sendable {
    case signIn, register, onboarding, edit

    public var title: String {
        switch self {
        case .signIn: return "Sign in"
        case .register: return "Create account"
        case .onboarding: return "Welcome! Tell people who you are"
        case .edit: return "Edit profile"
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

/// One field of a profile form.
public struct ProfileFormField: Equatable, Sendable {
    public var label: String
    public var input: TextEditor
    public var isSecure: Bool
    public var error: String?

    public init(label: String, input: TextEditor = TextEditor(), isSecure: Bool = false, error: String? = nil) {
        self.label = label
        self.input = input
        self.isSecure = isSecure
        self.error = error
    }
}

/// A form in progress: fields as typed, the focused one, a message, and whether it is
/// being submitted.
public struct ProfileForm: Equatable, Sendable {
    public var kind: ProfileFormKind
    public var fields: [ProfileFormField]
    public var focused = 0
    public var message: String?
    public var isBusy = false

    public init(kind: ProfileFormKind, fields: [ProfileFormField]) {
        self.kind = kind
        self.fields = fields
    }

    public func text(_ label: String) -> String {
        fields.first { $0.label == label }?.input.text ?? ""
    }
}

/// What the Profile screen shows.
public struct ProfileState: Equatable, Sendable {
    public var user: User?
    public var form: ProfileForm?
    /// The signed-in user's posts, newest first.
    public var posts: [FeedRowModel] = []
    /// The selected post and the first one on screen.
    public var list = ListState()

    public var selected: Int { list.selected }
}

/// Profile: sign in, create account, onboarding, edit, sign out.
public final class ProfileViewModel {
    public private(set) var state = ProfileState()
    public var onChange: (ProfileState) -> Void = { _ in }
    public var onToast: (Toast) -> Void = { _ in }
    /// Called when the signed-in user changes (sign-in, sign-out, profile edits).
    public var onUserChanged: (User?) -> Void = { _ in }
    public var rowsInView = 10

    private let accounts: AccountsPort
    private let feed: FeedPort
    private let work: BackgroundWork
    private var userSubscription: Cancellable?
    private var postsSubscription: Cancellable?

    public init(accounts: AccountsPort, feed: FeedPort, work: BackgroundWork) {
        self.accounts = accounts
        self.feed = feed
        self.work = work
    }

    /// Reads the session; opens the onboarding form when the profile is not onboarded.
    /// Returns whether onboarding is due.
    @discardableResult
    public func start() -> Bool {
        do {
            setUser(try accounts.currentUser())
        } catch {
            setUser(nil)
            onToast(Toast.error(error))
        }
        if let user = state.user, !user.isUserOnboarded {
            openOnboarding(for: user)
            return true
        }
        return false
    }

    public func stop() {
        userSubscription?.cancel()
        postsSubscription?.cancel()
        userSubscription = nil
        postsSubscription = nil
    }

    private func setUser(_ user: User?) {
        let changedAccount = user?.id != state.user?.id || userSubscription == nil
        state.user = user
        if changedAccount {
            stop()
            state.posts = []
            state.list.selected = 0
            if let uid = user?.id {
                userSubscription = accounts.observeUser(uid: uid) { [weak self] user in self?.userDocumentChanged(user) }
                postsSubscription = feed.observeFeed(.author(uid: uid), viewer: uid, limit: 100) { [weak self] posts in
                    self?.state.posts = posts.map(FeedRowModel.init)
                    self?.publish()
                }
            }
        }
        publish()
        onUserChanged(user)
    }

    private func userDocumentChanged(_ user: User?) {
        guard let user, user.id == state.user?.id, user != state.user else { return }
        state.user = user
        publish()
        onUserChanged(user)
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
        state.form = ProfileForm(kind: .register, fields: Self.credentialFields())
        publish()
    }

    /// `e` (signed in).
    public func startEdit() {
        guard let user = state.user else {
            onToast(Toast(SignInRequired(.editProfile).description, kind: .error))
            return
        }
        state.form = ProfileForm(kind: .edit, fields: Self.profileFields(user))
        publish()
    }

    private func openOnboarding(for user: User) {
        state.form = ProfileForm(kind: .onboarding, fields: Self.profileFields(user))
        publish()
    }

    static func credentialFields() -> [ProfileFormField] {
        [ProfileFormField(label: "Email", input: TextEditor(limit: Validation.emailMaxLength)),
         ProfileFormField(label: "Password", input: TextEditor(limit: Validation.passwordMaxLength), isSecure: true)]
    }

    static func profileFields(_ user: User) -> [ProfileFormField] {
        [ProfileFormField(label: "Display name", input: TextEditor(user.displayName, limit: Validation.displayNameMaxLength)),
         ProfileFormField(label: "Username", input: TextEditor(user.username, limit: 15)),
         ProfileFormField(label: "Bio", input: TextEditor(user.bio, limit: Validation.bioMaxLength))]
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
        form.isBusy = true
        form.message = form.kind.busyMessage
        state.form = form
        publish()
        let accounts = self.accounts
        let kind = form.kind
        let email = form.text("Email"), password = form.text("Password")
        let edit = ProfileEdit(displayName: form.text("Display name"), username: form.text("Username"), bio: form.text("Bio"))
        work.run(.accounts, { _ -> User in
            switch kind {
            case .signIn: return try accounts.signIn(email: email, password: password)
            case .register: return try accounts.register(email: email, password: password)
            case .onboarding, .edit: return try accounts.updateProfile(edit)
            }
        }, then: { [weak self] result in self?.finishSubmit(kind, result) })
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
                onToast(Toast(tr(.toastSignedIn, ["name": user.username.isEmpty ? user.email : "@" + user.username]), kind: .success))
                if !user.isUserOnboarded { openOnboarding(for: user) }
            case .register:
                onToast(Toast(tr(.toastAccountCreated), kind: .success))
                openOnboarding(for: user)
            case .onboarding, .edit:
                onToast(Toast(kind == .onboarding ? tr(.toastWelcome, ["username": user.username]) : tr(.toastProfileSaved),
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

    /// Which field an error belongs beside, if any.
    static func fieldIndex(for error: Error, in form: ProfileForm) -> Int? {
        let label: String?
        if let validation = error as? ValidationError {
            switch validation {
            case .emailInvalid, .emailTooLong: label = "Email"
            case .passwordTooShort, .passwordTooLong: label = "Password"
            case .usernameInvalid: label = "Username"
            case .displayNameEmpty, .displayNameTooLong: label = "Display name"
            case .bioTooLong: label = "Bio"
            case .controlCharacter(let field): label = field
            case .postEmpty, .postTooLong: label = nil
            }
        } else if let service = error as? ServiceError {
            switch service {
            case .wrongCredentials: label = "Password"
            case .emailTaken: label = "Email"
            case .usernameTaken: label = "Username"
            default: label = nil
            }
        } else {
            let text = ErrorText.describe(error).lowercased()
            if text.contains("password") { label = "Password" }
            else if text.contains("email") { label = "Email" }
            else if text.contains("username") { label = "Username" }
            else if text.contains("display name") { label = "Display name" }
            else if text.contains("bio") { label = "Bio" }
            else { label = nil }
        }
        guard let label else { return nil }
        return form.fields.firstIndex { $0.label.lowercased() == label.lowercased() }
    }

    // MARK: Signed in

    /// `o`: signs out.
    public func signOut() {
        guard state.user != nil else { return }
        do {
            try accounts.signOut()
            state.form = nil
            setUser(nil)
            onToast(Toast(tr(.toastSignedOut), kind: .success))
        } catch {
            onToast(Toast.error(error))
        }
    }



    private func publish() {
        state.list = clamped(state.list, count: state.posts.count)
        onChange(state)
    }
}

extension ProfileViewModel: ScreenModel {
    public var list: ListState { state.list }
    public var listCount: Int { state.posts.count }

    public func storeList(_ list: ListState, publish: Bool) {
        state.list = list
        if publish { self.publish() }
    }

    /// Posts are several lines tall and the profile sits above them: a page is three posts.
    public func pageItems(rows: Int) -> Int { 3 }
    public func click(_ index: Int) { select(index) }

    public var isEditingText: Bool { state.form != nil }
    public func edit(_ edit: TextEditor.Edit) { editField(edit) }
    public func submit() { submitForm() }
    public func cancel() { cancelForm() }
}
