import Domain
import Localization
import TerminalUI
import ViewModels

/// Activity: the title with the unread count, then one line per group of notifications,
/// newest first, unread ones marked.
struct ActivityScreen: TabScreen {
    var state: ActivityState
    var context: ScreenContext

    func render(in area: Rect, into buffer: inout Buffer, layout: inout ScreenLayout) -> Position? {
        guard !area.isEmpty else { return nil }
        let (titleRow, rest) = area.split(top: 1)
        var title = tr(.activityTitle)
        if state.unread > 0 { title += " · " + tr(.activityUnread, ["count": Formats.number(state.unread)]) }
        drawTitle(
            context.listTitle(title),
            position: state.groups.isEmpty ? nil : ListPosition(index: state.list.selected, total: state.groups.count),
            in: titleRow, into: &buffer)
        let empty: String
        if !state.isSignedIn {
            empty = tr(.signInToSeeNotifications)
        } else if !state.hasLoaded {
            empty = tr(.loading)
        } else {
            empty = tr(.activityEmpty)
        }
        drawList(
            count: state.groups.count, item: { [line] in [line(state.groups[$0], rest.width)] }, list: state.list,
            in: rest, into: &buffer, layout: &layout, emptyText: empty)
        return nil
    }

    /// `• @mina and 3 others liked your post          5m`: the time at the right edge.
    func line(_ group: NotificationGroup, _ width: Int) -> Line {
        let mark = Span(group.read ? "  " : "• ", style: Theme.label)
        let time = Formats.relativeTime(group.newest, now: context.now)
        let text = NotificationText.line(group)
        let gap = max(1, width - mark.width - TextWidth.of(text) - TextWidth.of(time))
        return Line([
            mark, Span(text, style: group.read ? .plain : Theme.title),
            Span(String(repeating: " ", count: gap) + time, style: Theme.dim),
        ])
    }
}
