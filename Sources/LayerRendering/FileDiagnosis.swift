#if canImport(Glibc)
    internal import Glibc
#else
    internal import Darwin
#endif

/// Why a file cannot be written or read, in words a user can act on, found by looking at the file
/// system after Cairo has failed (Cairo says only "error while writing to output stream").
enum FileDiagnosis {
    /// What is at a path.
    private enum Entry {
        case nothing, folder, file
    }

    /// The reason `path` cannot be written, or `nil` when the file system shows none.
    static func whyCannotWrite(_ path: String) -> String? {
        if entry(at: path) == .folder { return "it is a folder" }
        let folder = parentFolder(of: path)
        switch entry(at: folder) {
        case .nothing: return "the folder \(folder) does not exist"
        case .file: return "\(folder) is not a folder"
        case .folder: break
        }
        if access(folder, W_OK) != 0 { return "the folder \(folder) is not writable" }
        if entry(at: path) == .file && access(path, W_OK) != 0 {
            return "the file exists and is not writable"
        }
        return nil
    }

    /// The reason `path` cannot be read, or `nil` when the file system shows none.
    static func whyCannotRead(_ path: String) -> String? {
        switch entry(at: path) {
        case .nothing:
            let folder = parentFolder(of: path)
            return entry(at: folder) == .nothing
                ? "the folder \(folder) does not exist" : "the file does not exist"
        case .folder: return "it is a folder, not a PNG file"
        case .file: return access(path, R_OK) != 0 ? "the file is not readable" : nil
        }
    }

    /// The folder `path` is in: everything before its last `/`, `/` for a file at the root, `.`
    /// for a bare file name.
    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = path[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    private static func entry(at path: String) -> Entry {
        var status = stat()
        guard stat(path, &status) == 0 else { return .nothing }
        return status.st_mode & S_IFMT == S_IFDIR ? .folder : .file
    }
}
