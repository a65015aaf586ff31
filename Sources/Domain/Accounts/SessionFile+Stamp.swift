import Foundation

extension SessionFile {
    /// What identifies the file's current version without reading it: device, inode, size
    /// and modification time (a sign-in renames a new file over it, a sign-out removes it),
    /// or nil when there is none. One `stat`, cheap enough for a timer in the event loop.
    public func stamp() -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}
