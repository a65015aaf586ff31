#if canImport(Glibc)
import Glibc
#endif

/// The operating system's reason for a failed call (an errno), in the run's language: the
/// system's own words in English, the catalogue's line for the errno elsewhere.
public enum SystemErrorText {
    public static func describe(_ code: Int32) -> String {
        tr(key(code), ["engine": String(cString: strerror(code)), "code": "errno \(code)"])
    }

    static func key(_ code: Int32) -> TextKey {
        switch code {
        case EACCES, EPERM: .systemNoPermission
        case ENOENT: .systemNoSuchFile
        case ENOSPC, EDQUOT: .systemNoSpace
        case EROFS: .systemReadOnly
        case EISDIR: .systemIsDirectory
        case ENOTDIR: .systemNotDirectory
        case ELOOP: .systemTooManyLinks
        case EEXIST: .systemExists
        default: .systemOther
        }
    }
}
