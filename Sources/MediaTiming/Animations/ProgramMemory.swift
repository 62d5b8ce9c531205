/// Where animation programs live: carved from large blocks, so that the programs of layers made
/// one after another lie one after another in memory, as a renderer then reads them.
///
/// Each layer's program is a separate allocation. From the general-purpose allocator they would
/// be scattered among every other allocation made while the scene was built (layers, paths, the
/// animations themselves), and a frame that reads 10,000 of them would touch a different memory
/// page for nearly every layer: more pages than the processor's address-translation cache holds,
/// which made a frame of 10,000 layers with three animations each about three times slower than
/// the same work on adjacent memory. Here programs are rounded up to whole cache lines and taken
/// from 256 KiB blocks, reusing freed programs of the same size first; programs above 4 KiB come
/// from the general-purpose allocator. Blocks are kept for reuse for the life of the process.
enum ProgramMemory {
    /// The granule: programs are whole cache lines, so that no two share one.
    static let lineSize = 64
    /// Size classes: 1 to `classCount` lines.
    private static let classCount = 64
    /// The largest program taken from the blocks.
    static let largestPooled = lineSize * classCount
    private static let blockSize = 256 * 1024

    private struct Pool {
        /// The unused tail of the current block.
        var next: UnsafeMutableRawPointer?
        var remaining = 0
        /// Per size class, the first free program; each free program holds the address of the next.
        var freeLists = [UInt](repeating: 0, count: classCount)
    }

    private static let pool = SharedState(Pool())

    /// Memory for a program of `byteCount` bytes (above 0), aligned to a cache line.
    static func allocate(byteCount: Int) -> UnsafeMutableRawPointer {
        guard byteCount <= largestPooled else {
            return UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: lineSize)
        }
        let sizeClass = (byteCount - 1) / lineSize
        let size = (sizeClass + 1) * lineSize
        return pool.withLock { pool in
            if let free = UnsafeMutableRawPointer(bitPattern: pool.freeLists[sizeClass]) {
                pool.freeLists[sizeClass] = free.load(as: UInt.self)
                return free
            }
            if pool.remaining < size {
                // The rest of the old block (less than one program) is left unused.
                pool.next = UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: lineSize)
                pool.remaining = blockSize
            }
            guard let memory = pool.next else { preconditionFailure("a block was just allocated") }
            pool.next = memory + size
            pool.remaining -= size
            return memory
        }
    }

    /// Returns the memory of a program of `byteCount` bytes for reuse.
    static func deallocate(_ memory: UnsafeMutableRawPointer, byteCount: Int) {
        guard byteCount <= largestPooled else {
            memory.deallocate()
            return
        }
        let sizeClass = (byteCount - 1) / lineSize
        pool.withLock { pool in
            memory.storeBytes(of: pool.freeLists[sizeClass], as: UInt.self)
            pool.freeLists[sizeClass] = UInt(bitPattern: memory)
        }
    }
}
