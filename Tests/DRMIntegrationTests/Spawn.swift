#if canImport(Glibc)
    import Glibc
#endif

/// Runs `path` with `arguments` as a separate process (posix_spawn) and returns its exit status
/// and standard output.
func spawnAndWait(_ path: String, _ arguments: [String]) -> (status: Int32, output: String) {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return (-1, "") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    posix_spawn_file_actions_destroy(&actions)
    close(fds[1])
    guard spawned == 0 else {
        close(fds[0])
        return (-spawned, "")
    }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 512)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
        if count > 0 {
            output += buffer[0..<count]
        } else if count == 0 || errno != EINTR {
            break
        }
    }
    close(fds[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return (exitStatus, String(decoding: output, as: UTF8.self))
}
