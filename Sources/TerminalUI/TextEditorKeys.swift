import PlainText

extension TextEditor.Edit {
    /// The edit a key makes in a focused field (characters, Backspace, Delete, Ctrl-W,
    /// Left, Right, Home/Ctrl-A, End/Ctrl-E, Ctrl-U), or nil for keys a field does not
    /// handle, such as Enter or Esc.
    public init?(key: Key) {
        switch key {
        case .character(let character): self = .insert(String(character))
        case .backspace: self = .backspace
        case .delete: self = .deleteForward
        case .ctrl("w"): self = .deleteWordBackward
        case .left: self = .left
        case .right: self = .right
        case .home, .ctrl("a"): self = .home
        case .end, .ctrl("e"): self = .end
        case .ctrl("u"): self = .clear
        default: return nil
        }
    }
}
