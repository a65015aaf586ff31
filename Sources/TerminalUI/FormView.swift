import PlainText

/// One labelled field of a form.
public struct FormField: Hashable, Sendable {
    public var label: String
    public var state: TextEditor
    public var placeholder: String
    public var isSecure: Bool
    /// Shown in red beside the field (or under it when there is no room).
    public var error: String?
    /// Whether a counter (`12/160`) shows beside the field while it has focus, and always
    /// once it is full, so a field never stops taking characters without saying why.
    public var showsCount: Bool

    public init(
        label: String, state: TextEditor = TextEditor(), placeholder: String = "",
        isSecure: Bool = false, error: String? = nil, showsCount: Bool = false
    ) {
        self.label = label
        self.state = state
        self.placeholder = placeholder
        self.isSecure = isSecure
        self.error = error
        self.showsCount = showsCount
    }

    /// The counter's text, when it shows.
    func counter(isFocused: Bool) -> String? {
        let isFull = state.text.count >= state.limit
        guard showsCount, error == nil, isFocused || isFull else { return nil }
        return "\(state.text.count)/\(state.limit)"
    }
}

/// A form: an optional title, labelled fields one per row with a blank row between them,
/// errors beside their fields, and a message line at the end (such as the submit hint or
/// an error from the service).
public struct FormView: Widget {
    public var title: String
    public var fields: [FormField]
    public var focused: Int
    public var message: String
    public var messageStyle: Style
    /// The widest a field gets.
    public var fieldWidth: Int
    /// What a password field shows per character (`Markers.passwordDot`).
    public var secureSymbol: String
    /// The style of a field's error.
    public var errorStyle: Style

    public init(
        title: String = "", fields: [FormField], focused: Int = 0, message: String = "",
        messageStyle: Style = .dim, fieldWidth: Int = 32, secureSymbol: String = Markers.utf8.passwordDot,
        errorStyle: Style = Style(foreground: .red, bold: true)
    ) {
        self.errorStyle = errorStyle
        self.title = title
        self.fields = fields
        self.focused = focused
        self.message = message
        self.messageStyle = messageStyle
        self.fieldWidth = fieldWidth
        self.secureSymbol = secureSymbol
    }

    /// How many rows the form is scrolled up so that the focused field (and the row under it,
    /// for its error) stays inside `area` on a short terminal.
    func scroll(in area: Rect) -> Int {
        let focusedRow = area.row + (title.isEmpty ? 0 : 2) + max(0, focused) * 2
        return max(0, focusedRow + 2 - area.bottom)
    }

    /// Where each field is drawn in `area`, and where its error goes; rows scrolled out of
    /// `area` have no height.
    func layout(in area: Rect) -> [(field: Rect, error: Rect)] {
        let labelWidth = min((fields.map { TextWidth.of($0.label) }.max() ?? 0) + 2, max(0, area.width / 3))
        var row = area.row + (title.isEmpty ? 0 : 2) - scroll(in: area)
        return fields.map { field in
            let visible = row >= area.row && row < area.bottom
            let rowRect = Rect(row: row, column: area.column, width: area.width, height: visible ? 1 : 0)
            let (_, rest) = rowRect.split(left: labelWidth)
            let width = min(fieldWidth, rest.width)
            let (fieldRect, afterField) = rest.split(left: width)
            var errorRect = afterField.inset(left: 1)
            let errorWidth = TextWidth.of(field.error ?? field.counter(isFocused: true) ?? "")
            if errorWidth > errorRect.width {
                let below = row + 1
                errorRect = Rect(
                    row: below, column: fieldRect.column, width: rest.width,
                    height: below >= area.row && below < area.bottom ? 1 : 0)
            }
            row += 2
            return (fieldRect, errorRect)
        }
    }

    /// The screen row of each field as drawn in `area` (scrolled), nil for a field scrolled
    /// out of it: what a mouse click hits.
    public func fieldRows(in area: Rect) -> [Int?] {
        layout(in: area).map { $0.field.height > 0 ? $0.field.row : nil }
    }

    /// Where the cursor goes: in the focused field.
    public func cursorPosition(in area: Rect) -> Position? {
        guard fields.indices.contains(focused) else { return nil }
        let rects = layout(in: area)
        return fieldView(focused).cursorPosition(in: rects[focused].field)
    }

    func fieldView(_ index: Int) -> TextFieldView {
        let field = fields[index]
        return TextFieldView(
            state: field.state, placeholder: field.placeholder, isSecure: field.isSecure,
            isFocused: index == focused, secureSymbol: secureSymbol)
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.fill(area)
        if !title.isEmpty, scroll(in: area) == 0 {
            buffer.setString(
                title, at: Position(row: area.row, column: area.column), style: .bold,
                maxWidth: area.width, ellipsis: true)
        }
        let rects = layout(in: area)
        for (index, field) in fields.enumerated() {
            let (fieldRect, errorRect) = rects[index]
            guard fieldRect.height > 0 || errorRect.height > 0 else { continue }
            let labelWidth = fieldRect.column - area.column
            if labelWidth > 0, fieldRect.height > 0 {
                buffer.setString(
                    field.label, at: Position(row: fieldRect.row, column: area.column),
                    style: index == focused ? .bold : .plain, maxWidth: labelWidth - 1, ellipsis: true)
            }
            fieldView(index).render(in: fieldRect, into: &buffer)
            if let error = field.error, !errorRect.isEmpty {
                buffer.setString(
                    error, at: Position(row: errorRect.row, column: errorRect.column),
                    style: errorStyle, maxWidth: errorRect.width, ellipsis: true)
            } else if let counter = field.counter(isFocused: index == focused), !errorRect.isEmpty {
                let isFull = field.state.text.count >= field.state.limit
                buffer.setString(
                    counter, at: Position(row: errorRect.row, column: errorRect.column),
                    style: isFull ? errorStyle : .dim, maxWidth: errorRect.width, ellipsis: true)
            }
        }
        let messageRow = area.row + (title.isEmpty ? 0 : 2) + fields.count * 2 - scroll(in: area)
        // The message is shown whole, wrapped over the rows below (a hint or an error a person
        // must act on); only the rows past the area are cut, the last of them with `…`.
        guard !message.isEmpty else { return }
        let lines = TextWidth.wrap(message, width: max(1, area.width))
        for (index, line) in lines.enumerated() {
            let row = messageRow + index
            guard row >= area.row else { continue }
            guard row < area.bottom else { break }
            let isLastShown = row == area.bottom - 1 && index < lines.count - 1
            buffer.setString(
                isLastShown ? line + "…" : line, at: Position(row: row, column: area.column), style: messageStyle,
                maxWidth: area.width, ellipsis: true)
        }
    }
}
