/// The `capacity` smallest elements seen, by a total order `less`, kept in a max-heap as they
/// arrive (memory and work bounded by the capacity, not by the number of matches); `sorted()`
/// equals sorting every element seen and taking the first `capacity`.
public struct BoundedSelection<Element> {
    public let capacity: Int
    private let less: (Element, Element) -> Bool
    /// A max-heap by `less`: the root is the worst element kept, the first to give way.
    private var heap: [Element] = []

    public init(capacity: Int, by less: @escaping (Element, Element) -> Bool) {
        self.capacity = max(0, capacity)
        self.less = less
        heap.reserveCapacity(min(self.capacity, 1024))
    }

    public mutating func insert(_ element: Element) {
        if heap.count < capacity {
            heap.append(element)
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard less(heap[parent], heap[child]) else { break }
                heap.swapAt(parent, child)
                child = parent
            }
        } else if capacity > 0 && less(element, heap[0]) {
            heap[0] = element
            var parent = 0
            while true {
                var largest = parent
                let left = 2 * parent + 1
                let right = left + 1
                if left < heap.count && less(heap[largest], heap[left]) { largest = left }
                if right < heap.count && less(heap[largest], heap[right]) { largest = right }
                if largest == parent { break }
                heap.swapAt(parent, largest)
                parent = largest
            }
        }
    }

    /// The kept elements, smallest first.
    public func sorted() -> [Element] { heap.sorted(by: less) }
}
