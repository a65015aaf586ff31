import Domain
import Localization
import PlainText
import TerminalUI
import ViewModels

/// Favorites: the folders with their counts on the left (from 60 columns), the selected
/// folder's places on the right (`★ placeName  address  latitude, longitude`, the memo's
/// first line under it), and from 100 columns a mini-map of the places held. A form,
/// picker or confirmation takes the bottom rows while it is open.
struct FavoritesScreen: TabScreen {
    var state: FavoritesState
    var context: ScreenContext
    /// The catalog's Korean name of a saved place, shown beside the name it was saved with.
    var koreanName: (String) -> String? = { _ in nil }
    /// Whose folder this is (someone else's, read-only, opened from their profile): the
    /// title names them and the folder column is left out; nil for one's own Favorites.
    var owner: String?
    /// Someone else's folder the viewer follows (`F`): the title says so, with the pending
    /// mark while the follow is unconfirmed.
    var followed = false
    var followPending = false

    static let folderColumnWidth = 24
    static let mapColumnWidth = 34

    func render(in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout) -> Position? {
        guard !area.isEmpty else { return nil }
        let (titleRow, rest) = area.split(top: 1)
        drawTitle(
            context.listTitle(title), position: state.items.isEmpty ? nil : state.position,
            in: titleRow, into: &buffer)
        var body = rest
        var cursor: Position?
        if let prompt = state.prompt {
            let height = min(max(0, body.height - 1), promptHeight(prompt))
            let split = body.split(bottom: height)
            body = split.rest
            cursor = drawPrompt(prompt, in: split.bottom, into: &buffer)
        }
        if state.isSignedIn && owner == nil && body.width >= 60 {
            let (folderArea, placesArea) = body.split(left: Self.folderColumnWidth)
            drawFolders(in: folderArea.inset(right: 2), into: &buffer)
            body = placesArea
        }
        if state.isSignedIn && body.width >= 60 + Self.mapColumnWidth / 2, !state.items.isEmpty {
            let (placesArea, mapArea) = body.split(right: Self.mapColumnWidth)
            drawMap(in: mapArea.inset(left: 1), into: &buffer)
            body = placesArea
        }
        drawList(
            count: state.items.count, item: row, list: state.list, in: body, into: &buffer,
            layout: &layout, emptyText: emptyText)
        return cursor
    }

    /// `Favorites · 제주 여행 (2) · newest first`.
    var title: String {
        if let owner, let folder = state.selectedFolder {
            let mark = followPending ? " " + context.markers.pending : ""
            let followedText = followed ? " · " + tr(.othersFolderFollowedMark) + mark : mark
            return tr(
                state.position.total == 1 ? .othersFolderTitleOne : .othersFolderTitle,
                [
                    "user": owner, "folder": folder.shownName, "count": grouped(state.position.total),
                    "order": folder.sort.label,
                ]) + followedText
        }
        guard state.isSignedIn, let row = state.selectedRow else { return tr(.favoritesTitle) }
        return tr(
            .favoritesFolderTitle,
            ["folder": row.shownName, "count": grouped(state.position.total), "order": row.folder.sort.label])
    }

    var emptyText: String {
        guard state.isSignedIn else { return tr(.favoritesSignedOut) }
        if owner != nil { return tr(.othersFolderEmpty) }
        return state.selectedFolder?.isDefault == false ? tr(.favoritesFolderEmpty) : tr(.favoritesEmpty)
    }

    func row(_ index: Int) -> [Line] {
        let item = state.items[index]
        let savedAgo = tr(.favoriteSavedAgo, ["time": RelativeTime.describe(item.savedAt, now: context.now)])
        let markerStyle =
            item.color.map(Self.style(for:)) ?? state.selectedFolder.map { Self.style(for: $0.color) }
            ?? Theme.savedMarker
        var lines = [
            Line(
                [Span(context.markers.saved, style: markerStyle)]
                    + pendingSpans(state.pendingPlaceIDs.contains(item.placeID), context: context)
                    + [" ", Span(item.placeName, style: Theme.title)]
                    + koreanSpans(item)
                    // When it was saved before the coordinates, which give way first in a narrow list.
                    + [
                        Span("  " + item.address, style: Theme.dim),
                        Span("  " + savedAgo, style: Theme.dim),
                        Span("  " + coordinateText(item.coordinate.latitude, item.coordinate.longitude)),
                    ])
        ]
        if let memo = item.memo.split(separator: "\n").first {
            let more = item.memo.contains("\n") ? " " + context.markers.ellipsis : ""
            lines.append(Line([Span("  " + memo + more, style: Theme.dim)]))
        }
        return lines
    }

    /// `  (서울)` when the catalog knows a Korean name other than the saved one.
    func koreanSpans(_ item: FavoritePlace) -> [Span] {
        guard let korean = koreanName(item.placeID), !korean.isEmpty, korean != item.placeName else { return [] }
        return [Span("  (" + korean + ")")]
    }

    /// `● Favorites   3`, the selected folder highlighted; `⇄` marks a shared folder, and
    /// `@mina/카페 ↗` (`>` in ASCII) one followed from someone else, `◌` beside it while the
    /// follow is unconfirmed. The column scrolls so that the selected folder is drawn, and
    /// `↑` `↓` just right of it mark folders hidden above and below.
    func drawFolders(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let offset = Self.folderOffset(selected: state.folderIndex, count: state.folders.count, height: area.height)
        let shown = state.folders.indices.dropFirst(offset).prefix(area.height)
        let marks = Position(row: area.row, column: area.right)
        if offset > 0 { buffer.setString(buffer.lineSymbols.moreAbove, at: marks, style: Theme.dim) }
        if shown.upperBound < state.folders.count {
            buffer.setString(
                buffer.lineSymbols.moreBelow, at: Position(row: area.bottom - 1, column: marks.column), style: Theme.dim
            )
        }
        for index in shown {
            let row = state.folders[index]
            let line = area.line(index - offset)
            let count = String(row.count)
            let pending = row.followID.map(state.pendingFollowIDs.contains) == true ? " " + context.markers.pending : ""
            let shared =
                row.owner != nil
                ? " " + context.markers.followedFolder + pending : row.folder.visibility == .shared ? " ⇄" : ""
            let isSelected = index == state.folderIndex
            let base = isSelected ? Theme.selected : Style.plain
            buffer.setString(
                String(repeating: " ", count: line.width), at: Position(row: line.row, column: line.column), style: base
            )
            buffer.setString(
                "●", at: Position(row: line.row, column: line.column), style: Self.style(for: row.folder.color))
            let nameWidth = max(0, line.width - 3 - TextWidth.of(count) - TextWidth.of(shared))
            // The name gives way first, so the marks after it always show.
            let drawn = buffer.setString(
                row.shownName, at: Position(row: line.row, column: line.column + 2), style: base,
                maxWidth: nameWidth, ellipsis: true)
            let marksColumn = line.column + 2 + drawn
            buffer.setString(shared, at: Position(row: line.row, column: marksColumn), style: base)
            buffer.setString(
                count, at: Position(row: line.row, column: line.column + line.width - TextWidth.of(count)), style: base)
        }
    }

    /// The first folder drawn: the top one until the selection would fall below the column.
    static func folderOffset(selected: Int, count: Int, height: Int) -> Int {
        guard height > 0, count > height else { return 0 }
        return min(max(0, selected - height + 1), count - height)
    }

    /// The places held (the window around the selection, at most a few hundred) on a
    /// braille map, the selected one marked.
    func drawMap(in area: Rect, into buffer: inout Buffer) {
        var mapArea = area
        mapArea.height = min(mapArea.height, 14)
        guard mapArea.height >= 3, mapArea.width >= 6 else { return }
        let box = BoxView(title: tr(.placesMap), style: Theme.dim)
        box.render(in: mapArea, into: &buffer)
        let points = state.items.map { GeoPoint(latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude) }
        let selected = state.selectedItem.map {
            GeoPoint(latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude)
        }
        MapView(
            points: points, selected: selected, dotStyle: Theme.mapDots, selectedStyle: Theme.mapSelected, margin: 0.1
        ).render(in: box.inner(of: mapArea), into: &buffer)
    }

    func promptHeight(_ prompt: FavoritesPrompt) -> Int {
        switch prompt {
        case .folderName, .memo: return 4
        case .confirmDelete: return 5
        case .pickFolder(let pick): return min(pick.folders.count, 8) + 3
        }
    }

    /// Draws the open form, picker or confirmation in a box; returns the text cursor.
    func drawPrompt(_ prompt: FavoritesPrompt, in area: Rect, into buffer: inout Buffer) -> Position? {
        guard area.height >= 3 else { return nil }
        let box = BoxView(title: promptTitle(prompt), style: Theme.current.border)
        box.render(in: area, into: &buffer)
        let inner = box.inner(of: area)
        switch prompt {
        case .folderName:
            guard case .folderName(let form) = prompt else { return nil }
            return drawField(
                form.input, placeholder: tr(.folderNamePlaceholder), error: form.error,
                hint: tr(.formSaveHint), in: inner, into: &buffer)
        case .memo(let form):
            return drawField(
                form.input, placeholder: tr(.memoPlaceholder), error: form.error,
                hint: tr(.memoHint, ["mark": MemoForm.lineBreak, "keys": Self.memoLineBreakKeys]), in: inner,
                into: &buffer)
        case .confirmDelete(_, _, let deletesPlaces):
            let choices = [
                tr(.deleteKeepPlaces, ["folder": state.folders.first?.folder.shownName ?? FavoriteFolder.defaultName]),
                tr(.deleteWithPlaces),
            ]
            drawChoices(choices.map { (nil, $0) }, selected: deletesPlaces ? 1 : 0, in: inner, into: &buffer)
            return nil
        case .pickFolder(let pick):
            drawChoices(
                pick.folders.map { (Self.style(for: $0.folder.color), "\($0.folder.shownName)  \($0.count)") },
                selected: pick.selected, in: inner, into: &buffer)
            return nil
        }
    }

    func promptTitle(_ prompt: FavoritesPrompt) -> String {
        switch prompt {
        case .folderName(let form):
            return form.renaming.map { tr(.folderRename, ["folder": $0.shownName]) } ?? tr(.folderNew)
        case .memo(let form): return tr(.memoTitle, ["place": form.placeName])
        case .confirmDelete(let folder, let count, _):
            return tr(.deleteFolderTitle, ["folder": folder.shownName, "count": grouped(count)])
        case .pickFolder(let pick):
            switch pick.purpose {
            case .move(_, let name, _): return tr(.pickMove, ["place": name])
            case .copy(_, let name): return tr(.pickCopy, ["place": name])
            case .save(let place): return tr(.pickSave, ["place": place.placeName])
            }
        }
    }

    private func drawField(
        _ input: TextEditor, placeholder: String, error: String?, hint: String, in area: Rect,
        into buffer: inout Buffer
    ) -> Position? {
        let field = TextFieldView(state: input, placeholder: placeholder, isFocused: true)
        field.render(in: area.line(0), into: &buffer)
        if area.height > 1 {
            // A full field says so instead of the hint; otherwise the hint ends in the count.
            let isFull = input.text.count >= input.limit
            let text =
                error
                ?? (isFull
                    ? TextEditor.Cut.tooLong(limit: input.limit).description
                    : "\(hint)  \(input.text.count)/\(input.limit)")
            buffer.setString(
                text, at: Position(row: area.row + 1, column: area.column),
                style: error == nil && !isFull ? Theme.dim : Theme.error, maxWidth: area.width, ellipsis: true)
        }
        return field.cursorPosition(in: area.line(0))
    }

    /// A folder colour as drawn: attributes only in the mono theme.
    static func style(for color: FavoriteColor) -> Style {
        guard Theme.current.name != "mono" else { return .bold }
        switch color {
        case .red: return Style(foreground: .red)
        case .orange: return Style(foreground: .indexed(208))
        case .yellow: return Style(foreground: .yellow)
        case .green: return Style(foreground: .green)
        case .blue: return Style(foreground: .blue)
        case .purple: return Style(foreground: .magenta)
        case .pink: return Style(foreground: .brightMagenta)
        case .gray: return Style(foreground: .brightBlack)
        }
    }
}

extension FavoritesScreen {
    /// The keys that write a memo's line break, as the key table has them (`Alt-Enter/Ctrl-J`).
    static var memoLineBreakKeys: String {
        let keys = AppKeyMap.bindings.actions.first { $0.name == "new-line" && $0.screen == .form }?.keys ?? []
        return keys.map(\.description).joined(separator: "/")
    }
}
