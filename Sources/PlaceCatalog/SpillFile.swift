import Foundation
import Localization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A temporary file written through a megabyte buffer and read back in pieces or mapped: where
/// a chunked build keeps what would not fit in memory at once. Removed with the object (an
/// error or Ctrl-C anywhere leaves no file behind), unless `keep()` hands it on.
final class SpillFile {
    let path: String
    private let descriptor: Int32
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: PlaceImporter.chunkSize, alignment: 8)
    private var filled = 0
    private var failed = false
    private var kept = false
    /// Bytes appended so far.
    private(set) var count = 0

    init(path: String) throws {
        self.path = path
        descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            buffer.deallocate()
            throw CatalogFile.FormatError(description: tr(.errorCatalogCannotWrite, ["path": path]))
        }
    }

    deinit {
        buffer.deallocate()
        close(descriptor)
        if !kept { unlink(path) }
    }

    func append(_ bytes: UnsafeRawBufferPointer) {
        var rest = bytes
        while !rest.isEmpty {
            if filled == buffer.count { flushBuffer() }
            let piece = min(rest.count, buffer.count - filled)
            UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<(filled + piece)]).copyMemory(
                from: UnsafeRawBufferPointer(rebasing: rest[0..<piece]))
            filled += piece
            count += piece
            rest = UnsafeRawBufferPointer(rebasing: rest[piece...])
        }
    }

    func append<T>(_ values: [T]) { values.withUnsafeBytes { append($0) } }

    func append<T>(_ values: UnsafeBufferPointer<T>) { append(UnsafeRawBufferPointer(values)) }

    func append<T>(_ value: T) { withUnsafeBytes(of: value) { append($0) } }

    private func flushBuffer() {
        guard filled > 0 else { return }
        if !BodyWriter.write(descriptor, UnsafeRawBufferPointer(rebasing: buffer[0..<filled]), at: count - filled) {
            failed = true
        }
        filled = 0
    }

    /// Writes what is buffered; a failed write (a full disk) throws.
    func flush() throws {
        flushBuffer()
        if failed { throw CatalogFile.FormatError(description: tr(.errorCatalogCannotWrite, ["path": path])) }
    }

    /// Calls `body` with the file's bytes a megabyte at a time, in order.
    func forEachPiece(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        try flush()
        var offset = 0
        while offset < count {
            let piece = min(buffer.count, count - offset)
            guard pread(descriptor, buffer.baseAddress, piece, off_t(offset)) == piece else {
                throw CatalogFile.FormatError(description: tr(.errorCatalogCannotRead, ["path": path]))
            }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<piece]))
            offset += piece
        }
    }

    /// The file mapped read-only (after a flush), for reads here and there.
    func mapped() throws -> MappedFile {
        try flush()
        return try MappedFile(descriptor: descriptor, size: count, path: path)
    }

    /// Leaves the file in place when the object goes (it was renamed or is the caller's now).
    func keep() { kept = true }
}

/// A file mapped read-only. Its pages count in the process's resident memory once read, so
/// a reader that goes through a large file calls `release()` every so often: the pages stay
/// in the page cache, and a later read maps them again.
final class MappedFile {
    let bytes: UnsafeBufferPointer<UInt8>
    private let mapping: UnsafeMutableRawPointer?

    init(descriptor: Int32, size: Int, path: String) throws {
        guard size > 0 else {
            mapping = nil
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            throw CatalogFile.FormatError(description: tr(.errorCatalogCannotRead, ["path": path]))
        }
        mapping = mapped
        bytes = UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size)
    }

    convenience init(path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CatalogFile.FormatError(description: tr(.errorCatalogCannotRead, ["path": path]))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw CatalogFile.FormatError(description: tr(.errorCatalogCannotRead, ["path": path]))
        }
        try self.init(descriptor: descriptor, size: Int(info.st_size), path: path)
    }

    deinit { if let mapping { munmap(mapping, bytes.count) } }

    /// Drops the pages read so far from the process (not from the page cache).
    func release() {
        if let mapping { _ = madvise(mapping, bytes.count, MADV_DONTNEED) }
    }
}

/// Ids to small values, for telling repeated ids in files too large for a `[String: Int]`:
/// 64-bit hashes of the ids' bytes in an open-addressing table; two ids of the same hash are
/// told apart by `same`, which compares the ids themselves.
struct IDTable {
    private var hashes: [UInt64]
    private var values: [Int32]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        hashes = [UInt64](repeating: 0, count: size)
        values = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    /// FNV-1a over the bytes, never 0 (the empty slot's mark).
    @inline(__always) static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash | 1
    }

    /// The value of the id already there (`same` says which of the hash's values is it), or
    /// nil after adding `value` for it.
    @inline(__always) mutating func insert(_ hash: UInt64, value: Int32, same: (Int32) -> Bool) -> Int32? {
        if (count + 1) * 2 > hashes.count { grow() }
        var index = Int(truncatingIfNeeded: hash >> 7) & mask
        while hashes[index] != 0 {
            if hashes[index] == hash && same(values[index]) { return values[index] }
            index = (index + 1) & mask
        }
        hashes[index] = hash
        values[index] = value
        count += 1
        return nil
    }

    private mutating func grow() {
        let oldHashes = hashes
        let oldValues = values
        hashes = [UInt64](repeating: 0, count: oldHashes.count * 2)
        values = [Int32](repeating: -1, count: oldHashes.count * 2)
        mask = hashes.count - 1
        for (index, hash) in oldHashes.enumerated() where hash != 0 {
            var target = Int(truncatingIfNeeded: hash >> 7) & mask
            while hashes[target] != 0 { target = (target + 1) & mask }
            hashes[target] = hash
            values[target] = oldValues[index]
        }
    }
}
