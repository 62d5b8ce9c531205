import Foundation
import SystemCalls
import SystemPackage
import Testing

@Suite("CPU-latency request (/dev/cpu_dma_latency)")
struct CPULatencyRequestTests {
    /// A new empty file in the temporary directory, removed by the caller.
    static func emptyFile() throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("cpu-latency-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        return path
    }

    @Test("a limit and a release are written as the kernel reads them: one 32-bit value each, 0 then -1")
    func wireFormat() throws {
        let path = try Self.emptyFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let request = try CPULatencyRequest.open(path: path)
        try request.limit(toMicroseconds: 0)
        try request.release()
        try request.limit(toMicroseconds: 250)
        try request.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let values = stride(from: 0, to: bytes.count, by: 4).map { offset in
            bytes[offset..<offset + 4].withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
        }
        #expect(values == [0, CPULatencyRequest.noLimit, 250])
        #expect(CPULatencyRequest.noLimit == -1)
    }

    @Test("a path that cannot be opened for writing fails with its errno")
    func unopenable() throws {
        #expect(throws: Errno.noSuchFileOrDirectory) {
            try CPULatencyRequest.open(path: "/nonexistent/cpu_dma_latency")
        }
        #expect(throws: Errno.isDirectory) { try CPULatencyRequest.open(path: "/") }
    }

    @Test("calls on a closed request fail with EBADF")
    func closed() throws {
        let request = CPULatencyRequest(try closedDescriptor(at: 930))
        #expect(throws: Errno.badFileDescriptor) { try request.limit(toMicroseconds: 0) }
        #expect(throws: Errno.badFileDescriptor) { try request.release() }
        #expect(throws: Errno.badFileDescriptor) { try request.close() }
    }

    /// The kernel's own answer: reading the device gives the limit in force for the whole machine,
    /// the least of every open request. Needs the right to open it (root here).
    @Test(
        "on the real device, a limit of 0 is in force for the whole machine at once",
        .enabled(
            if: access(CPULatencyRequest.devicePath, W_OK) == 0, "needs write access to /dev/cpu_dma_latency")
    )
    func realDevice() throws {
        let request = try CPULatencyRequest.open()
        defer { try? request.close() }
        try request.limit(toMicroseconds: 0)
        #expect(try Self.limitInForce() == 0)
        try request.release()
    }

    /// The machine's CPU-latency limit now, in microseconds, as the device reads.
    static func limitInForce() throws -> Int32 {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: CPULatencyRequest.devicePath))
        defer { try? handle.close() }
        let bytes = try #require(try handle.read(upToCount: 4))
        return bytes.withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
    }
}
