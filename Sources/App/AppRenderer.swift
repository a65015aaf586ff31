import Foundation
import Localization
import TerminalUI
import ViewModels

/// Turns the view models' state into a frame: header, the current screen, footer or toast,
/// and the help overlay. It only reads state: where a list was scrolled to goes back to
/// its view model through the frame's layout (`EventLoop.draw`).
public final class AppRenderer {
    public let app: AppViewModel
    public var markers: Markers
    public var now: () -> Date
    /// The people's decoded pictures; a picture decoded on its worker redraws the screen.
    public var faces = FaceCache()
    /// Whether the terminal draws true colour (`COLORTERM`), for the faces' half blocks.
    public var trueColor = FaceDrawing.isTrueColor(ProcessInfo.processInfo.environment)
    /// False draws no faces at all (the bench's baseline).
    public var showsFaces = true
    /// The terminal draws kitty graphics (it answered the query at start-up): faces are
    /// pictures placed over their cells.
    public var kittyGraphics = false
    private let pictures = FacePictures()

    public init(app: AppViewModel, markers: Markers = .utf8, now: @escaping () -> Date = Date.init) {
        self.app = app
        self.markers = markers
        self.now = now
        // The view model is touched only inside the posted event, on the loop's thread.
        let target = Handoff(app)
        faces.onDecoded = { [events = app.events] in
            events.post(.storeChanged { target.value.onChange() })
        }
    }

    /// Draws the whole screen at `size`.
    public func frame(size: Size) -> Frame {
        var buffer = Buffer(size: size)
        buffer.ellipsis = markers.ellipsis
        buffer.lineSymbols = markers == .ascii ? .ascii : .unicode
        var layout = ScreenLayout()
        var cursor: Position?
        let area = buffer.area
        guard !area.isEmpty else { return Frame(buffer: buffer, cursor: nil, layout: layout) }
        let (headerArea, rest) = area.split(top: 1)
        let (body, footerArea) = rest.split(bottom: 1)
        let drawing =
            showsFaces
            ? FaceDrawing.current(
                isUTF8: markers != .ascii, theme: Theme.current, trueColor: trueColor, kittyGraphics: kittyGraphics)
            : .hidden
        pictures.reset()
        let context = ScreenContext(
            markers: markers, now: now(), isStale: app.state.sync.isStale, faces: faces, faceDrawing: drawing,
            pictures: pictures)
        drawHeader(in: headerArea, into: &buffer, layout: &layout, context: context)
        cursor = app.state.tab.route.body(app, context).render(in: body, into: &buffer, layout: &layout)
        if app.state.tab != .favorites, let prompt = app.favorites.state.prompt {
            // Saving from Places into a chosen folder: the folder picker over the bottom rows.
            let favorites = FavoritesScreen(
                state: app.favorites.state, context: context,
                koreanName: { [places = app.places] in places.koreanName(of: $0) })
            let area = body.split(bottom: min(max(0, body.height - 1), favorites.promptHeight(prompt))).bottom
            buffer.fill(area)
            cursor = favorites.drawPrompt(prompt, in: area, into: &buffer)
        }
        if let question = AppKeyMap.question(for: app) {
            let hints = AppKeyMap.current(for: app).footerHints
            Line(
                [Span(question, style: Theme.error)]
                    + hints.flatMap {
                        [Span("  " + $0.keys, style: Theme.title), Span(" " + $0.help, style: Theme.dim)]
                    }
            ).render(in: footerArea, into: &buffer)
        } else if let toast = app.state.toast {
            let kind = Self.kind(toast.kind)
            let message = toast.signIn.map(AppKeyMap.signInMessage) ?? toast.message
            ToastView(message, kind: kind, style: Theme.current.toast(kind)).render(in: footerArea, into: &buffer)
        } else {
            // The legend of a mark on screen goes before the sync key: a hint that does not fit is left out.
            let syncHints = app.state.sync.pendingWrites > 0 ? AppKeyMap.syncHints : []
            FooterView(
                hints: AppKeyMap.current(for: app).footerHints + (app.hasPendingMarks ? [pendingLegend] : [])
                    + syncHints,
                keyStyle: Theme.title, helpStyle: Theme.dim
            )
            .render(in: footerArea, into: &buffer)
        }
        if app.state.isHelpVisible {
            let legend = HelpSection(tr(.helpMarkers), [KeyHint(keys: markers.pending, help: tr(.legendPendingHelp))])
            let help = HelpOverlayView(
                title: tr(.helpTitle, ["screen": app.state.tab.title]),
                sections: AppKeyMap.helpSections(for: app) + [legend], closeHint: tr(.helpClose),
                borderStyle: Theme.current.border, offset: app.state.helpOffset, moreHint: tr(.helpMoreBelow))
            help.render(in: area, into: &buffer)
            layout.helpMaxOffset = help.maxOffset(in: area)
            cursor = nil
            layout.itemRows = []
            layout.listArea = nil
            layout.listOffset = nil
        }
        let images = drawing == .pixels ? pictures.placements(in: &buffer) : nil
        return Frame(buffer: buffer, cursor: cursor, layout: layout, images: images)
    }

    /// `◌ pending`: the footer's legend for the pending mark, while one is on screen.
    private var pendingLegend: KeyHint { KeyHint(keys: markers.pending, help: tr(.legendPending)) }

    static func kind(_ kind: Toast.Kind) -> ToastView.Kind {
        switch kind {
        case .info: return .info
        case .success: return .success
        case .error: return .error
        }
    }

    /// The tabs, and at the right the sync status and `@you` with the signed-in person's face
    /// one row high (`FaceCells.headerRows`) just before it.
    private func drawHeader(
        in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout, context: ScreenContext
    ) {
        let label: String
        var face: [Span] = []
        if let user = app.state.user {
            label = user.username.isEmpty ? user.email : "@" + user.username
            face =
                context.face(
                    key: user.id, avatar: user.avatar, displayName: user.displayName,
                    username: user.username.isEmpty ? user.email : user.username, rows: FaceCells.headerRows
                ).first ?? []
        } else {
            label = tr(.guest)
        }
        TabHeaderView(
            titles: AppTab.allCases.map { $0 == .activity ? app.activity.tabTitle : $0.title },
            active: app.state.tab.rawValue, rightLabel: label,
            activeStyle: Theme.current.activeTab, labelStyle: Theme.label,
            status: Self.syncLabel(app.state.sync), face: face
        )
        .render(in: area, into: &buffer)
        layout.tabColumns = Self.tabColumns(in: buffer, row: area.row, width: area.width)
    }

    /// `offline · 3 pending`: what the header says of the store's connection and unsent
    /// writes; empty when online with nothing unsent (and always on the embedded store). Lists
    /// read from the local copy say `possibly stale` in their own titles.
    static func syncLabel(_ sync: SyncStatus) -> String {
        var parts: [String] = []
        if case .offline = sync.connection { parts.append(tr(.headerOffline)) }
        if sync.pendingWrites > 0 { parts.append(tr(.headerPending, ["count": grouped(sync.pendingWrites)])) }
        return parts.joined(separator: " · ")
    }

    /// Finds the tab numbers `1`…`4` on the header row, left to right: each tab runs from its
    /// number to the next one.
    static func tabColumns(in buffer: Buffer, row: Int, width: Int) -> [Range<Int>] {
        var starts: [Int] = []
        var column = 0
        for digit in ["1", "2", "3", "4"] {
            while column < width && buffer[row, column].symbol != digit { column += 1 }
            guard column < width else { break }
            starts.append(column)
            column += 1
        }
        return starts.enumerated().map { index, start in
            let end = index + 1 < starts.count ? starts[index + 1] : min(width, start + 12)
            return start..<max(start + 1, end)
        }
    }
}

/// `10,349,312`.
func grouped(_ number: Int) -> String {
    Formats.number(number)
}

/// `37.5665, 126.9780`.
func coordinateText(_ latitude: Double, _ longitude: Double) -> String {
    String(format: "%.4f, %.4f", latitude, longitude)
}
