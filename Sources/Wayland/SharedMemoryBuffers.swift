internal import CWayland
internal import CWaylandProtocols
internal import SystemCalls
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A window's `wl_shm` buffers: one memfd mapped once, cut into equal buffers.
///
/// The pool is destroyed as soon as the buffers exist (they keep the memory alive in the compositor)
/// and the memfd is closed once sent; what remains is the mapping and the `wl_buffer`s, destroyed by
/// ``destroy()``. All state is guarded by the connection's lock.
final class SharedMemoryBuffers {
    /// Where a buffer is in its cycle.
    enum State {
        /// The window may draw into it.
        case free
        /// Drawn, waiting for the next commit.
        case drawn
        /// Committed: the compositor reads it until it sends `wl_buffer.release`.
        case held
    }

    let width: Int
    let height: Int
    let stride: Int
    let format: WaylandPixelFormat
    private let mapping: UnsafeMutableRawPointer
    private let mappingSize: Int
    private var proxies: [Proxy] = []
    private var isDestroyed = false
    private(set) var states: [State]

    /// Makes `count` buffers of `width` × `height` in `format` through `shm`. Call holding the lock.
    init(shm: Proxy, width: Int, height: Int, format: WaylandPixelFormat, count: Int) throws(WaylandError) {
        self.width = width
        self.height = height
        self.format = format
        stride = width * format.bytesPerPixel
        let bufferSize = stride * height
        mappingSize = bufferSize * count
        states = Array(repeating: .free, count: count)

        let descriptor: Int32
        do throws(Errno) {
            descriptor = try SystemCall.createMemoryFile(named: "wayland-window").rawValue
        } catch {
            throw .systemCall(name: "memfd_create", errno: error)
        }
        defer { _ = close(descriptor) }
        guard ftruncate(descriptor, off_t(mappingSize)) == 0 else {
            throw .systemCall(name: "ftruncate", errno: .current)
        }
        guard let mapped = mmap(nil, mappingSize, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
            mapped != MAP_FAILED
        else { throw .systemCall(name: "mmap", errno: .current) }
        mapping = mapped

        // libwayland duplicates the descriptor.
        guard
            let pool = shm.create(
                WaylandRequest.Shm.createPool, cwl_interface_wl_shm_pool(), version: shm.version,
                [wl_argument(n: 0), wl_argument(h: descriptor), wl_argument(i: Int32(mappingSize))])
        else {
            munmap(mapping, mappingSize)
            throw .systemCall(name: "wl_shm.create_pool", errno: .noMemory)
        }
        for index in 0..<count {
            let arguments = [
                wl_argument(n: 0), wl_argument(i: Int32(index * bufferSize)), wl_argument(i: Int32(width)),
                wl_argument(i: Int32(height)), wl_argument(i: Int32(stride)), wl_argument(u: format.rawValue),
            ]
            if let buffer = pool.create(
                WaylandRequest.ShmPool.createBuffer, cwl_interface_wl_buffer(), version: pool.version,
                arguments)
            {
                proxies.append(buffer)
            }
        }
        pool.destroy(sending: WaylandRequest.ShmPool.destroy)
        guard proxies.count == count else {
            destroy()
            throw .systemCall(name: "wl_shm_pool.create_buffer", errno: .noMemory)
        }
        for (index, buffer) in proxies.enumerated() {
            // Its one event, release: the compositor no longer reads it.
            buffer.listen { [unowned self] _, _ in
                if states[index] == .held { states[index] = .free }
            }
        }
    }

    /// The `wl_buffer` proxy of buffer `index`.
    func proxy(_ index: Int) -> Proxy { proxies[index] }

    /// A free buffer, preferring one other than `avoiding` (the one last committed), or nil.
    func freeBuffer(avoiding: Int?) -> Int? {
        let free = states.indices.filter { states[$0] == .free }
        return free.first { $0 != avoiding } ?? free.first
    }

    /// Moves buffer `index` to `state`.
    func set(_ index: Int, _ state: State) {
        states[index] = state
    }

    /// The pixels of buffer `index`.
    func pixels(_ index: Int) -> WaylandPixels {
        WaylandPixels(
            baseAddress: mapping + index * stride * height, stride: stride, width: width, height: height,
            format: format, bufferIndex: index)
    }

    /// Destroys the buffers and unmaps the memory. Idempotent.
    func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        for buffer in proxies { buffer.destroy(sending: WaylandRequest.Buffer.destroy) }
        proxies = []
        munmap(mapping, mappingSize)
    }
}
