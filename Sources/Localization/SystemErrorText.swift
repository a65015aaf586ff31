import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The operating system's reason for a failed call (an errno), in the run's language: the
/// system's own words in English, the catalogue's line for the errno elsewhere.
public enum SystemErrorText {
    public static func describe(_ code: Int32) -> String {
        tr(key(code), ["engine": String(cString: strerror(code)), "code": "errno \(code)"])
    }

    /// A failed file operation of Foundation's: the errno under it, else its own words.
    public static func describe(_ error: Error) -> String {
        let error = error as NSError
        let posix = error.domain == NSPOSIXErrorDomain ? error : error.userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix, posix.domain == NSPOSIXErrorDomain { return describe(Int32(posix.code)) }
        // Foundation's own codes for the same reasons (it often gives no errno).
        let cocoa: [Int: Int32] = [
            NSFileNoSuchFileError: ENOENT, NSFileReadNoSuchFileError: ENOENT, NSFileReadNoPermissionError: EACCES,
            NSFileWriteNoPermissionError: EACCES, NSFileWriteOutOfSpaceError: ENOSPC,
            NSFileWriteVolumeReadOnlyError: EROFS,
            NSFileWriteFileExistsError: EEXIST,
        ]
        if error.domain == NSCocoaErrorDomain, let code = cocoa[error.code] { return describe(code) }
        return error.localizedDescription
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
