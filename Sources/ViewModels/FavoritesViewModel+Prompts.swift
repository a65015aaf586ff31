import Domain
import Foundation
import Localization
import PlainText
import TerminalUI

/// The Favorites screen's questions: folder names, memos, folder pickers, delete confirmation.
extension FavoritesViewModel {
    /// `n`: asks for the name of a new folder.
    public func beginCreateFolder() {
        guard requireSignIn() else { return }
        open(
            .folderName(
                FolderNameForm(renaming: nil, input: TextEditor(limit: FavoriteFolder.nameMaxLength), error: nil)))
    }

    /// `r`: asks for a new name of the selected folder.
    public func beginRenameFolder() {
        guard requireSignIn(), !refusesFollowedFolder(), let folder = state.selectedFolder else { return }
        open(
            .folderName(
                FolderNameForm(
                    renaming: folder, input: TextEditor(folder.name, limit: FavoriteFolder.nameMaxLength),
                    error: nil)))
    }

    /// `D`: deletes the selected folder; one holding places asks what happens to them first.
    public func beginDeleteFolder() {
        guard requireSignIn(), !refusesFollowedFolder(),
            let row = state.folders.indices.contains(state.folderIndex) ? state.folders[state.folderIndex] : nil
        else { return }
        guard !row.folder.isDefault else {
            onToast(Toast.error(FavoritesError.defaultFolderKept))
            return
        }
        if row.count == 0 {
            // Nothing was asked, so nothing is lost: `u` brings the folder back.
            guard perform(.deleteFolder(id: row.folder.id, deletion: .movePlacesToDefault)) else {
                publish()
                return
            }
            state.undoableFolder = row.folder
            state.undoable = nil
            undoFolderID = nil
            onToast(Toast(tr(.toastFolderDeletedUndo, ["folder": row.folder.shownName]), kind: .info))
            publish()
        } else {
            open(.confirmDelete(folder: row.folder, count: row.count, deletesPlaces: false))
        }
    }

    /// Answers the delete confirmation: the places move to the default folder, or go too.
    public func confirmDelete(deletingPlaces: Bool) {
        guard case .confirmDelete(let folder, _, _) = state.prompt else { return }
        state.prompt = nil
        deleteFolder(folder, deletion: deletingPlaces ? .deletePlaces : .movePlacesToDefault)
    }

    /// `u` after an empty folder was deleted: the folder comes back as it was, selected.
    func undoFolderDeletion(_ folder: FavoriteFolder) {
        guard perform(.restoreFolder(folder)) else { return }
        state.undoableFolder = nil
        folderToSelect = folder.name
        changed(listing)
        onToast(Toast(tr(.toastFolderRestored, ["folder": folder.shownName]), kind: .success))
        publish()
    }

    private func deleteFolder(_ folder: FavoriteFolder, deletion: FolderDeletion) {
        if perform(.deleteFolder(id: folder.id, deletion: deletion)) {
            onToast(Toast(tr(.toastFolderDeleted, ["folder": folder.shownName]), kind: .success))
        }
        publish()
    }

    /// `e`: edits the selected place's memo.
    public func beginMemo() {
        guard requireSignIn(), !refusesFollowedFolder(), let item = state.selectedItem else { return }
        let text = item.memo.replacingOccurrences(of: "\n", with: MemoForm.lineBreak)
        open(
            .memo(
                MemoForm(
                    placeID: item.placeID, placeName: item.placeName,
                    input: TextEditor(text, limit: FavoriteText.memoMaxLength),
                    error: nil)))
    }

    /// `m` / `c`: picks the folder the selected place moves or is copied to.
    public func beginMoveOrCopy(copying: Bool) {
        guard requireSignIn(), !refusesFollowedFolder(), let folder = state.selectedFolder,
            let item = state.selectedItem
        else { return }
        let others = state.ownFolders.filter { $0.folder.id != folder.id }
        guard !others.isEmpty else {
            onToast(Toast(tr(.toastCreateFolderFirst), kind: .info))
            return
        }
        let purpose: FolderPick.Purpose =
            copying
            ? .copy(placeID: item.placeID, placeName: item.placeName)
            : .move(placeID: item.placeID, placeName: item.placeName, fromFolderID: folder.id)
        open(.pickFolder(FolderPick(purpose: purpose, folders: others, selected: 0)))
    }

    /// Places' save-to-folder key: picks the folder `place` is saved into.
    public func beginSave(_ place: FavoriteCandidate) {
        guard requireSignIn() else { return }
        open(.pickFolder(FolderPick(purpose: .save(place), folders: state.ownFolders, selected: 0)))
    }

    /// Typing in the open form.
    public func editPrompt(_ edit: TextEditor.Edit) {
        switch state.prompt {
        case .folderName(var form):
            if let cut = form.input.apply(edit) { onToast(Toast(cut.description)) }
            form.error = nil
            state.prompt = .folderName(form)
        case .memo(var form):
            if let cut = form.input.apply(edit) { onToast(Toast(cut.description)) }
            form.error = nil
            state.prompt = .memo(form)
        default: return
        }
        publish()
    }

    /// Whether `j` / `k` choose in a picker or the delete confirmation rather than move in the list.
    public var isPicking: Bool {
        switch state.prompt {
        case .pickFolder, .confirmDelete: return true
        default: return false
        }
    }

    /// `j` / `k` in the folder picker or the delete confirmation.
    public func movePick(by delta: Int) {
        switch state.prompt {
        case .pickFolder(var pick):
            pick.selected = FavoritesViewModel.clampedIndex(pick.selected + delta, count: pick.folders.count)
            state.prompt = .pickFolder(pick)
        case .confirmDelete(let folder, let count, _):
            state.prompt = .confirmDelete(folder: folder, count: count, deletesPlaces: delta > 0)
        default: return
        }
        publish()
    }

    /// Enter: creates or renames the folder, saves the memo, or uses the picked folder.
    /// A refused value keeps the form open with the reason under it.
    public func submitPrompt() {
        switch state.prompt {
        case .folderName(var form):
            let edit: FavoritesEdit =
                form.renaming.map { .renameFolder(id: $0.id, name: form.input.text) }
                ?? .createFolder(name: form.input.text)
            if let error = attempt(edit) {
                form.error = error
                state.prompt = .folderName(form)
            } else {
                state.prompt = nil
                if form.renaming == nil {
                    folderToSelect = form.input.text
                    changed(listing)
                }
            }
        case .memo(var form):
            let memo = form.input.text.replacingOccurrences(of: MemoForm.lineBreak, with: "\n")
            if let error = attempt(.setMemo(placeID: form.placeID, memo: memo)) {
                form.error = error
                state.prompt = .memo(form)
            } else {
                state.prompt = nil
            }
        case .pickFolder(let pick):
            guard pick.folders.indices.contains(pick.selected) else { return cancelPrompt() }
            let target = pick.folders[pick.selected].folder
            state.prompt = nil
            switch pick.purpose {
            case .move(let placeID, let name, let source):
                if perform(.move(placeID: placeID, fromFolderID: source, toFolderID: target.id)) {
                    onToast(Toast(tr(.toastMovedTo, ["place": name, "folder": target.name]), kind: .success))
                }
            case .copy(let placeID, let name):
                if perform(.copy(placeID: placeID, folderID: target.id)) {
                    onToast(Toast(tr(.toastCopiedTo, ["place": name, "folder": target.name]), kind: .success))
                }
            case .save(let place):
                if perform(.save(place, folderID: target.id)) {
                    onToast(
                        Toast(tr(.toastSavedTo, ["place": place.placeName, "folder": target.name]), kind: .success))
                }
            }
        case .confirmDelete(_, _, let deletesPlaces):
            confirmDelete(deletingPlaces: deletesPlaces)
            return
        case nil:
            return
        }
        publish()
    }

    /// Esc: closes the question, changing nothing.
    public func cancelPrompt() {
        guard state.prompt != nil else { return }
        state.prompt = nil
        publish()
    }

    /// The edit's refusal as one line, nil when it was done.
    private func attempt(_ edit: FavoritesEdit) -> String? {
        guard let uid else { return SignInRequired(.saveFavorites).description }
        return send(edit, uid: uid)
    }

    private func open(_ prompt: FavoritesPrompt) {
        state.prompt = prompt
        publish()
    }

    private func requireSignIn() -> Bool {
        guard uid != nil else {
            onToast(Toast.signIn(.saveFavorites))
            return false
        }
        return true
    }
}
