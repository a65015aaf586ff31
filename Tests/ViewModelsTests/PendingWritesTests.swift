import Assembly
import Domain
import Foundation
import PlaceCatalog
import Testing

@testable import ViewModels

/// Writes to a far server: the screen shows the intent at once with the pending mark, keys
/// are answered while the write is on its way, the answer confirms it or rolls it back
/// with a toast that says why.
@Suite struct PendingWritesTests {
    func feed(_ far: FarStore) -> (FeedViewModel, Recorder<Toast>) {
        let model = FeedViewModel(feed: far, events: far.events, writes: far.writes)
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.author = far.user
        model.setUser(far.user.id)
        // The subscription starts off the loop's thread like any read of a far store.
        far.answerAll()
        return (model, toasts)
    }

    @Test func aLikeShowsPendingAtOnceAndTheAnswerClearsTheMark() throws {
        let far = FarStore()
        let (model, _) = feed(far)
        model.toggleLike()
        #expect(model.state.rows[0].didLike && model.state.rows[0].likes == 2)
        #expect(model.state.rows[0].isPending)
        #expect(far.received.isEmpty, "nothing has reached the server yet")
        // Keys typed meanwhile are answered at once.
        model.select(2)
        #expect(model.state.selected == 2)
        model.startCompose()
        #expect(model.state.compose != nil)
        model.cancelCompose()
        far.answerAll()
        #expect(far.received == ["like p3"])
        #expect(model.state.rows[0].didLike && model.state.rows[0].likes == 2)
        #expect(!model.state.rows[0].isPending)
        #expect(model.state.selected == 2)
    }

    @Test func aRefusedLikeRollsBackWithTheReason() throws {
        let far = FarStore()
        let (model, toasts) = feed(far)
        far.refusal = ServiceError.postNotFound("p3")
        model.toggleLike()
        #expect(model.state.rows[0].isPending)
        far.answerAll()
        #expect(!model.state.rows[0].didLike && model.state.rows[0].likes == 1)
        #expect(!model.state.rows[0].isPending)
        #expect(toasts.last == Toast("Could not like the post: The post was deleted", kind: .error))

        far.refusal = ServiceError.sessionNotValid
        model.toggleLike()
        far.answerAll()
        #expect(toasts.last?.message == "Could not like the post: Sign in again")
    }

    @Test func likeThenUnlikeReachTheServerInOrderAndEndUnliked() throws {
        let far = FarStore()
        let (model, _) = feed(far)
        model.toggleLike()
        model.toggleLike()
        #expect(!model.state.rows[0].didLike && model.state.rows[0].isPending)
        far.held.runNext()
        far.settle()
        #expect(!model.state.rows[0].didLike, "the first answer does not undo the second intent")
        #expect(model.state.rows[0].isPending)
        far.answerAll()
        #expect(far.received == ["like p3", "unlike p3"])
        #expect(!model.state.rows[0].didLike && model.state.rows[0].likes == 1 && !model.state.rows[0].isPending)
    }

    @Test func aPostShowsOnTopAtOnceAndOnceConfirmedIsListedOnce() throws {
        let far = FarStore()
        let (model, toasts) = feed(far)
        model.startCompose()
        model.editCompose(.insert("hello from the train"))
        model.submitCompose()
        #expect(model.state.compose == nil)
        #expect(model.state.sending.map(\.caption) == ["hello from the train"])
        #expect(model.state.sending[0].isPending && model.state.sending[0].username == "ann")
        #expect(model.state.rows.map(\.caption) == ["third", "second", "first"], "the list holds what the store lists")
        far.answerAll()
        #expect(far.received == ["post hello from the train"])
        #expect(model.state.sending.isEmpty)
        #expect(model.state.rows.map(\.caption) == ["hello from the train", "third", "second", "first"])
        #expect(!model.state.rows[0].isPending && model.state.rows[0].id == "p4")
        #expect(model.state.selectedRow?.id == "p4", "the new post is selected")
        #expect(toasts.last == Toast("Posted", kind: .success))
    }

    /// pick: a place attached while writing shows under the caption at once, with the
    /// pending mark, and goes with the post; a refusal opens the field again with it.
    @Test func aPostsPlaceShowsAtOnceWithThePendingMarkAndARefusalKeepsItAttached() throws {
        let seoul = PlaceInfo(
            placeID: "1835848", name: "Seoul", country: "South Korea", address: "Seoul, South Korea",
            latitude: 37.566, longitude: 126.978)
        let far = FarStore()
        let (model, toasts) = feed(far)
        model.startCompose()
        model.editCompose(.insert("lunch by the river"))
        #expect(model.canAttachPlace)
        model.attachPlace(seoul)
        #expect(model.state.attachedPlace?.name == "Seoul")
        model.submitCompose()
        #expect(model.state.attachedPlace == nil && model.state.compose == nil)
        #expect(model.state.sending.first?.place?.placeID == "1835848", "the place line shows at once")
        #expect(model.state.sending.first?.isPending == true)
        #expect(far.received.isEmpty, "nothing has reached the server yet")
        far.answerAll()
        #expect(far.received == ["post lunch by the river @1835848"])
        #expect(model.state.rows.first?.place?.name == "Seoul", "the stored post keeps its place")

        far.refusal = ServiceError.sessionNotValid
        model.startCompose()
        model.editCompose(.insert("refused"))
        model.attachPlace(seoul)
        model.submitCompose()
        far.answerAll()
        #expect(model.state.compose?.text == "refused")
        #expect(model.state.attachedPlace?.placeID == "1835848", "the place is still attached")
        #expect(toasts.last?.kind == .error)
        model.removeAttachedPlace()
        #expect(model.state.attachedPlace == nil)
    }

    @Test func anEditTakesNoPlace() throws {
        let far = FarStore()
        let (model, _) = feed(far)
        model.startCompose()
        model.editCompose(.insert("mine"))
        model.submitCompose()
        far.answerAll()
        model.startEditSelected()
        #expect(model.state.editingPostID != nil)
        #expect(!model.canAttachPlace)
        model.attachPlace(PlaceInfo(placeID: "1835848", name: "Seoul", latitude: 37.566, longitude: 126.978))
        #expect(model.state.attachedPlace == nil)
    }

    @Test func aRefusedPostOpensTheFieldAgainAsTyped() throws {
        let far = FarStore()
        let (model, toasts) = feed(far)
        far.refusal = ServiceError.sessionNotValid
        model.startCompose()
        model.editCompose(.insert("lost words"))
        model.submitCompose()
        #expect(model.state.sending.count == 1)
        far.answerAll()
        #expect(model.state.sending.isEmpty)
        #expect(model.state.rows.map(\.caption) == ["third", "second", "first"])
        #expect(model.state.compose?.text == "lost words")
        #expect(model.state.composeError == "Sign in again")
        #expect(toasts.last?.message == "Could not post: Sign in again")
    }

    /// A far store whose newest post ("third", p3) is the signed-in user's own.
    func ownFeed() -> (FarStore, FeedViewModel, Recorder<Toast>) {
        let far = FarStore()
        far.posts[0].uid = far.user.id
        let (model, toasts) = feed(far)
        return (far, model, toasts)
    }

    @Test func anEditShowsInItsRowAtOnceAsPendingAndIsSentOnce() throws {
        let (far, model, toasts) = ownFeed()
        model.startEditSelected()
        #expect(model.state.compose?.text == "third")
        model.editCompose(.insert(", edited"))
        model.submitCompose()
        #expect(model.state.compose == nil)
        #expect(model.state.rows[0].caption == "third, edited" && model.state.rows[0].isPending)
        #expect(far.received.isEmpty, "nothing has reached the server yet")
        far.answerAll()
        #expect(far.received == ["edit p3"])
        #expect(model.state.rows.map(\.caption) == ["third, edited", "second", "first"])
        #expect(!model.state.rows[0].isPending)
        #expect(toasts.last == Toast("Post saved", kind: .success))
    }

    @Test func aRefusedEditPutsTheTextBackAndOpensTheFieldWithTheReason() throws {
        let (far, model, toasts) = ownFeed()
        far.refusal = ServiceError.sessionNotValid
        model.startEditSelected()
        model.editCompose(.insert(", edited"))
        model.submitCompose()
        #expect(model.state.rows[0].caption == "third, edited" && model.state.rows[0].isPending)
        far.answerAll()
        #expect(far.received.isEmpty)
        #expect(model.state.rows[0].caption == "third" && !model.state.rows[0].isPending)
        #expect(model.state.compose?.text == "third, edited" && model.state.editingPostID == "p3")
        #expect(model.state.composeError == "Sign in again")
        #expect(toasts.last?.message == "Could not edit the post: Sign in again")
    }

    @Test func aDeletionShowsPendingAtOnceAndTheRowGoesOnceSent() throws {
        let (far, model, toasts) = ownFeed()
        model.askDeleteSelected()
        model.confirmDelete()
        #expect(model.state.rows.map(\.id) == ["p3", "p2", "p1"] && model.state.rows[0].isPending)
        #expect(far.received.isEmpty)
        // Keys typed meanwhile are answered at once; the row on its way cannot be deleted twice.
        model.askDeleteSelected()
        #expect(model.state.deleting == nil)
        far.answerAll()
        #expect(far.received == ["delete p3"])
        #expect(model.state.rows.map(\.id) == ["p2", "p1"])
        #expect(model.state.rows.allSatisfy { !$0.isPending })
        #expect(toasts.last == Toast("Post deleted", kind: .success))
    }

    @Test func aRefusedDeletionKeepsTheRowWithTheReason() throws {
        let (far, model, toasts) = ownFeed()
        far.refusal = ServiceError.sessionNotValid
        model.askDeleteSelected()
        model.confirmDelete()
        #expect(model.state.rows[0].isPending)
        far.answerAll()
        #expect(model.state.rows.map(\.id) == ["p3", "p2", "p1"] && !model.state.rows[0].isPending)
        #expect(toasts.last?.message == "Could not delete the post: Sign in again")
    }

    @Test func writesRefusedOnReplayShowTheStoresStateAgain() throws {
        let (far, model, _) = ownFeed()
        far.queuesOnly = true
        model.startEditSelected()
        model.editCompose(.insert(", edited"))
        model.submitCompose()
        far.answerAll()
        model.toggleLike()
        far.answerAll()
        #expect(far.received == ["queued edit p3", "queued like p3"])
        #expect(model.state.rows[0].caption == "third, edited" && model.state.rows[0].didLike)
        model.writeDropped(path: SyncPaths.post("p3"))
        #expect(model.state.rows[0].caption == "third" && model.state.rows[0].didLike)
        model.writeDropped(path: SyncPaths.like(postID: "p3", uid: far.user.id))
        #expect(!model.state.rows[0].didLike && model.state.rows[0].likes == 1)
    }

    @Test func theSyncStatusMarksRowsWithUnsentWrites() throws {
        let far = FarStore()
        let (model, _) = feed(far)
        model.setPendingPaths([SyncPaths.like(postID: "p2", uid: far.user.id)])
        #expect(model.state.rows.map(\.isPending) == [false, true, false])
        model.setPendingPaths([])
        #expect(model.state.rows.allSatisfy { !$0.isPending })
    }

    @Test func aSaveInPlacesShowsPendingThenConfirmedOrRolledBack() throws {
        let far = FarStore()
        let places = CatalogPlaces(catalog: World.catalog, home: (37.5665, 126.9780))
        let model = PlaceSearchViewModel(
            places: places, favorites: far, events: far.events, writes: far.writes, now: far.clock.read)
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.setUser(far.user.id)
        far.answerAll()
        model.setQuery("Seoul")
        let id = try #require(model.state.selectedRow?.place.placeID)
        model.toggleSave()
        #expect(model.state.rows[0].isSaved && model.state.rows[0].isPending)
        model.editQuery(.insert("x"))
        model.editQuery(.backspace)
        #expect(model.state.selectedRow?.place.placeID == id, "typing is answered meanwhile")
        far.answerAll()
        #expect(far.received == ["save \(id)"])
        #expect(model.state.rows[0].isSaved && !model.state.rows[0].isPending)

        far.refusal = ServiceError.sessionNotValid
        model.toggleSave()
        #expect(!model.state.rows[0].isSaved && model.state.rows[0].isPending)
        far.answerAll()
        #expect(model.state.rows[0].isSaved && !model.state.rows[0].isPending)
        #expect(toasts.last?.message.hasSuffix(": Sign in again") == true)
    }

    /// Issue 25, point 1: Places states its save, its removal and its undo as intents, once each.
    @Test func placesStatesASaveARemovalAndAnUndoAsIntents() throws {
        let far = FarStore()
        let places = CatalogPlaces(catalog: World.catalog, home: (37.5665, 126.9780))
        let model = PlaceSearchViewModel(
            places: places, favorites: far, events: far.events, writes: far.writes, now: far.clock.read)
        model.setUser(far.user.id)
        far.answerAll()
        model.setQuery("Seoul")
        far.answerAll()
        let place = try #require(model.state.selectedRow?.place)
        model.toggleSave()
        far.answerAll()
        model.toggleSave()
        far.answerAll()
        #expect(far.received == ["save \(place.placeID)", "remove \(place.placeID)"])
        #expect(far.intents == [.saveFavorite(place.favoriteCandidate), .removeFavorite(placeID: place.placeID)])
        model.undoUnsave()
        far.answerAll()
        guard case .editFavorites(.restore(let restored))? = far.intents.last else {
            Issue.record("the undo is not a restore: \(far.intents)")
            return
        }
        #expect(restored.placeID == place.placeID && far.intents.count == 3)
    }

    @Test func aProfileEditShowsAtOnceAndARefusalOpensTheFormWithTheReason() throws {
        let far = FarStore()
        let model = ProfileViewModel(
            accounts: far, feed: far, work: BackgroundWork(queue: far.events, executor: far.held),
            writes: far.writes)
        let toasts = Recorder<Toast>()
        model.onToast = toasts.record
        model.start()
        far.answerAll()
        model.startEdit()
        model.focusField(2)
        model.editField(.clear)
        model.editField(.insert("on a train"))
        model.submitForm()
        #expect(model.state.form == nil)
        #expect(model.state.user?.bio == "on a train" && model.state.isUserPending)
        far.answerAll()
        #expect(far.user.bio == "on a train")
        #expect(!model.state.isUserPending && model.state.user?.bio == "on a train")

        far.refusal = ServiceError.usernameTaken("bob")
        model.startEdit()
        model.focusField(1)
        model.editField(.clear)
        model.editField(.insert("bob"))
        model.submitForm()
        #expect(model.state.user?.username == "bob" && model.state.isUserPending)
        far.answerAll()
        #expect(model.state.user?.username == "ann" && !model.state.isUserPending)
        #expect(model.state.form?.text(.username) == "bob")
        #expect(model.state.form?.fields[1].error == "Username @bob is taken")
        #expect(toasts.last?.message == "Could not save the profile: Username @bob is taken")
    }

    @Test func aSignInKeepsThePostsOnScreenAndLikeableWhileTheyAreReadAgain() throws {
        let far = FarStore()
        let model = FeedViewModel(feed: far, events: far.events, writes: far.writes)
        model.setUser(nil)
        far.answerAll()
        #expect(model.state.rows.count == 3)
        model.author = far.user
        model.setUser(far.user.id)
        #expect(far.held.waiting > 0, "the posts are read again for the new viewer on a worker")
        #expect(model.state.rows.map(\.caption) == ["third", "second", "first"], "meanwhile the list stays")
        model.toggleLike()
        #expect(model.state.rows[0].didLike && model.state.rows[0].isPending, "and a key acts on it")
        far.answerAll()
        #expect(far.received == ["like p3"])
        #expect(model.state.rows[0].didLike && !model.state.rows[0].isPending)
    }
}
