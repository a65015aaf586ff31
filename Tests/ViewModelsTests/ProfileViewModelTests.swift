import Domain
import Foundation
import Testing

@testable import ViewModels

@Suite struct ProfileViewModelTests {
    /// A Profile view model whose submissions run at once; `world.settle()` applies them.
    func model(_ world: World) -> (ProfileViewModel, Recorder<Toast>, Recorder<User?>) {
        let model = ProfileViewModel(accounts: world.adapters, feed: world.adapters, work: world.work)
        let toasts = Recorder<Toast>()
        let users = Recorder<User?>()
        model.onToast = toasts.record
        model.onUserChanged = users.record
        return (model, toasts, users)
    }

    func fill(_ model: ProfileViewModel, _ values: [String]) {
        for (index, value) in values.enumerated() {
            model.focusField(index)
            model.editField(.insert(value))
        }
    }

    @Test func registrationLeadsToOnboardingThenTheProfile() throws {
        let world = try World()
        let (model, _, users) = model(world)
        #expect(model.start() == false)
        model.startRegister()
        #expect(model.state.form?.fields.map(\.field) == [.email, .password])
        #expect(model.state.form?.fields[1].isSecure == true)
        fill(model, ["new@example.com", "password123"])
        model.submitForm()
        world.settle()
        #expect(model.state.form?.kind == .onboarding)
        #expect(model.state.form?.fields.map(\.field) == [.displayName, .username, .bio, .picture])
        fill(model, ["New Comer", "newcomer", "hello"])
        model.submitForm()
        world.settle()
        #expect(model.state.form == nil)
        #expect(model.state.user?.username == "newcomer")
        #expect(model.state.user?.isUserOnboarded == true)
        #expect(users.last??.username == "newcomer")
    }

    @Test func signingInShowsTheBusyStateBeforeHashing() throws {
        let world = try World()
        try world.signUp("known")
        try world.services.auth.signOut()
        let held = HeldWorkExecutor()
        let slow = ProfileViewModel(
            accounts: world.adapters, feed: world.adapters,
            work: BackgroundWork(queue: world.events, executor: held))
        let states = Recorder<ProfileState>()
        slow.onChange = states.record
        slow.start()
        slow.startSignIn()
        fill(slow, ["known@example.com", "password123"])
        slow.submitForm()
        #expect(slow.state.form?.isBusy == true)
        #expect(slow.state.form?.message == "Signing in…")
        #expect(slow.state.user == nil)
        slow.editField(.insert("typed while busy"))
        #expect(slow.state.form?.fields[0].input.text == "known@example.com", "a busy form takes no edits")
        held.runNext()
        #expect(slow.state.form?.isBusy == true, "the answer waits for the loop to take it")
        world.settle()
        #expect(slow.state.form == nil)
        #expect(slow.state.user?.username == "known")
    }

    @Test func aWrongPasswordIsShownBesideThePasswordFieldWithTheFormKept() throws {
        let world = try World()
        try world.signUp("known")
        try world.services.auth.signOut()
        let (model, _, _) = model(world)
        model.start()
        model.startSignIn()
        fill(model, ["known@example.com", "wrong-password"])
        model.submitForm()
        world.settle()
        let form = try #require(model.state.form)
        #expect(form.fields[1].error == "Wrong email or password")
        #expect(form.text(.email) == "known@example.com")
        #expect(form.text(.password) == "wrong-password")
        #expect(!form.isBusy)
    }

    @Test func aWeakPasswordAndATakenUsernameAreShownBesideTheirFields() throws {
        let world = try World()
        _ = try world.otherUser("taken")
        let (model, _, _) = model(world)
        model.start()
        model.startRegister()
        fill(model, ["new@example.com", "short"])
        model.submitForm()
        world.settle()
        #expect(model.state.form?.fields[1].error == "Password must be at least 8 characters")
        model.focusField(1)
        model.editField(.insert("-but-longer"))
        model.submitForm()
        world.settle()
        #expect(model.state.form?.kind == .onboarding)
        fill(model, ["Someone", "taken", ""])
        model.submitForm()
        world.settle()
        #expect(model.state.form?.fields[1].error == "Username @taken is taken")
        #expect(model.state.form?.text(.displayName) == "Someone")
    }

    @Test func aTakenEmailIsShownBesideTheEmailField() throws {
        let world = try World()
        _ = try world.otherUser("first")
        let (model, _, _) = model(world)
        model.start()
        model.startRegister()
        fill(model, ["first@example.com", "password123"])
        model.submitForm()
        world.settle()
        #expect(model.state.form?.kind == .register)
        #expect(model.state.form?.fields[0].error?.contains("already exists") == true)
        #expect(model.state.form?.focused == 0)
    }

    @Test func errorsGoBesideTheFieldTheyNameNeverByTheirWords() {
        let form = ProfileForm(kind: .register, fields: ProfileViewModel.credentialFields())
        #expect(ProfileViewModel.fieldIndex(for: ServiceError.emailTaken("a@example.com"), in: form) == 0)
        #expect(ProfileViewModel.fieldIndex(for: ValidationError.passwordTooShort, in: form) == 1)
        #expect(
            ProfileViewModel.fieldIndex(for: ValidationError.bioTooLong, in: form) == nil, "not a field of this form")
        struct Outage: LocalizedError { var errorDescription: String? { "the password service is down" } }
        #expect(
            ProfileViewModel.fieldIndex(for: Outage(), in: form) == nil,
            "an error naming no field goes on the message line")
    }

    @Test func escPostponesOnboardingToTheNextLaunch() throws {
        let world = try World()
        try world.services.auth.register(email: "late@example.com", password: "password123")
        let (model, toasts, _) = model(world)
        #expect(model.start() == true)
        #expect(model.state.form?.kind == .onboarding)
        model.cancelForm()
        #expect(model.state.form == nil)
        #expect(toasts.last?.message.contains("next launch") == true)
        let (again, _, _) = self.model(world)
        #expect(again.start() == true)
    }

    @Test func editAndSignOut() throws {
        let world = try World()
        try world.signUp("editor", bio: "old")
        let (model, toasts, users) = model(world)
        model.start()
        model.startEdit()
        #expect(model.state.form?.text(.bio) == "old")
        model.focusField(2)
        model.editField(.clear)
        model.editField(.insert("new bio"))
        model.submitForm()
        world.settle()
        #expect(model.state.user?.bio == "new bio")
        model.signOut()
        #expect(model.state.isConfirmingSignOut)
        model.cancel()
        #expect(model.state.user != nil, "no keeps the session")
        model.signOut()
        model.submit()
        #expect(model.state.user == nil)
        #expect(try world.services.session() == nil)
        #expect(toasts.last?.message == "Signed out")
        #expect(users.last! == nil)
        model.startEdit()
        #expect(toasts.last?.message == "Sign in to edit your profile")
    }

    @Test func theProfileListsTheUsersPostsLive() throws {
        let world = try World()
        try world.signUp("writer")
        let (model, _, _) = model(world)
        model.start()
        #expect(model.posts?.state.rows.isEmpty == true)
        try world.services.tweets.post("mine", session: world.services.session())
        #expect(model.posts?.state.rows.map(\.caption) == ["mine"])
        model.stop()
    }

    @Test func formFocusWrapsAround() throws {
        let world = try World()
        let (model, _, _) = model(world)
        model.start()
        model.startSignIn()
        model.nextField()
        #expect(model.state.form?.focused == 1)
        model.nextField()
        #expect(model.state.form?.focused == 0)
        model.previousField()
        #expect(model.state.form?.focused == 1)
    }
}

@Suite struct AppViewModelTests {
    @Test func tabsHelpAndQuit() throws {
        let world = try World()
        let app = AppViewModel(services: world.screenServices)
        app.start()
        #expect(app.state.tab == .places)
        app.nextTab()
        #expect(app.state.tab == .favorites)
        app.previousTab()
        app.previousTab()
        #expect(app.state.tab == .activity)
        app.previousTab()
        #expect(app.state.tab == .profile)
        app.select(.feed)
        #expect(app.state.tab == .feed)
        app.toggleHelp()
        #expect(app.state.isHelpVisible)
        app.closeHelp()
        #expect(!app.state.isHelpVisible)
        app.quit()
        #expect(app.state.isQuitting)
    }

    @Test func toastsExpireAfterAboutThreeSeconds() throws {
        let world = try World()
        let app = AppViewModel(services: world.screenServices, events: world.events, now: world.clock.read)
        app.start()
        app.places.toggleSave()
        #expect(app.state.toast?.message == "Sign in to save favorites")
        world.clock.advance(by: 2.9)
        #expect(app.handlePendingEvents() == 0)
        #expect(app.state.toast != nil)
        world.clock.advance(by: 0.2)
        #expect(app.handlePendingEvents() == 1)
        #expect(app.state.toast == nil)
    }

    @Test func aProfileNotOnboardedOpensOnboardingAtLaunch() throws {
        let world = try World()
        try world.services.auth.register(email: "late@example.com", password: "password123")
        let app = AppViewModel(services: world.screenServices, events: world.events, work: world.work)
        app.start()
        #expect(app.state.tab == .profile)
        #expect(app.profile.state.form?.kind == .onboarding)
        #expect(app.isTextFieldFocused)
    }

    @Test func signingInReachesEveryScreen() throws {
        let world = try World()
        let user = try world.signUp("everyone")
        try world.services.auth.signOut()
        let app = AppViewModel(services: world.screenServices, events: world.events, work: world.work)
        app.start()
        #expect(app.state.user == nil)
        app.profile.startSignIn()
        app.profile.editField(.insert("everyone@example.com"))
        app.profile.nextField()
        app.profile.editField(.insert("password123"))
        app.profile.submitForm()
        world.settle()
        #expect(app.state.user?.id == user.id)
        #expect(app.favorites.state.isSignedIn)
        #expect(app.feed.state.isSignedIn)
        app.places.toggleSave()
        app.select(.favorites)
        #expect(app.favorites.state.items.map(\.placeName) == ["Seoul"])
        app.showSelectedFavoriteInPlaces()
        #expect(app.state.tab == .places)
        #expect(app.places.state.selectedRow?.place.placeID == "1835848")
    }
}
