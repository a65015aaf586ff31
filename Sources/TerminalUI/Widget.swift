/// Something that draws itself into a rectangle of a buffer. Widgets clip to `area` and
/// draw nothing into an empty one, so any terminal size is safe.
public protocol Widget {
    func render(in area: Rect, into buffer: inout Buffer)
}
