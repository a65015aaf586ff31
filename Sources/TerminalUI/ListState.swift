/// Which item is selected and which is first on screen. Kept by the view model; the
/// methods clamp, so any key sequence leaves a valid state.
public struct ListState: Hashable, Sendable {
    public var offset: Int
    public var selected: Int

    public init(offset: Int = 0, selected: Int = 0) {
        self.offset = offset
        self.selected = selected
    }

    /// Moves the selection by `delta` items within `0..<count`.
    public mutating func move(by delta: Int, count: Int) {
        select(selected + delta, count: count)
    }

    /// Selects `index`, clamped to `0..<count` (0 when empty).
    public mutating func select(_ index: Int, count: Int) {
        selected = count == 0 ? 0 : min(max(0, index), count - 1)
        if offset > selected { offset = selected }
    }

    /// Moves the selection a page (`height` rows less one, at least one) down for a positive
    /// `direction`, up for a negative one.
    public mutating func page(_ direction: Int, count: Int, height: Int) {
        move(by: direction.signum() * max(1, height - 1), count: count)
    }

    public mutating func selectFirst(count: Int) { select(0, count: count) }
    public mutating func selectLast(count: Int) { select(count - 1, count: count) }

    /// The state with the selection clamped to `count` items and the offset moved so that
    /// the selected item is fully visible in `height` rows, given each item's height.
    public func clamped(count: Int, height: Int, itemHeight: (Int) -> Int = { _ in 1 }) -> ListState {
        var state = self
        state.selected = count == 0 ? 0 : min(max(0, selected), count - 1)
        state.offset = count == 0 ? 0 : min(max(0, offset), count - 1)
        guard count > 0, height > 0 else { return state }
        if state.offset > state.selected { state.offset = state.selected }
        while state.offset < state.selected {
            var used = 0
            for index in state.offset...state.selected { used += max(1, itemHeight(index)) }
            if used <= height { break }
            state.offset += 1
        }
        // Do not leave empty rows at the bottom when earlier items could fill them.
        var used = 0
        for index in state.offset..<count {
            used += max(1, itemHeight(index))
            if used > height { break }
        }
        while state.offset > 0 && used + max(1, itemHeight(state.offset - 1)) <= height {
            state.offset -= 1
            used += max(1, itemHeight(state.offset))
        }
        return state
    }

    /// Clamps in place; see `clamped(count:height:itemHeight:)`.
    public mutating func clamp(count: Int, height: Int, itemHeight: (Int) -> Int = { _ in 1 }) {
        self = clamped(count: count, height: height, itemHeight: itemHeight)
    }
}
