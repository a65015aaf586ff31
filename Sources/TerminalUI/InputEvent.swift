/// Mouse input: a click at a cell, or the wheel.
public enum MouseEvent: Hashable, Sendable {
    case click(Position)
    case wheelUp(Position)
    case wheelDown(Position)
}

/// Something the terminal reports: a key, the mouse, a paste, or a new size.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// Text the terminal marked as pasted (bracketed paste), handled as one edit.
    case paste(String)
    case resize(Size)
}
