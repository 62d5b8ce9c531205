import CGLibCheck
import Dispatch

/// The sequence numbers of blocks and tasks as the main thread ran them.
@MainActor private var ranOnMain: [Int] = []
@MainActor private var ranOffMainThread = 0

@MainActor private func record(_ index: Int) {
    ranOnMain.append(index)
    if check_is_main_thread() == 0 { ranOffMainThread += 1 }
}

/// Enqueues `count` `DispatchQueue.main.async` blocks from the caller's thread and waits for them:
/// whether they all ran, in order, on the main thread.
func mainQueueBlocksRunInOrder(count: Int) async -> Bool {
    await MainActor.run {
        ranOnMain = []
        ranOffMainThread = 0
    }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        for index in 0..<count {
            DispatchQueue.main.async { MainActor.assumeIsolated { record(index) } }
        }
        DispatchQueue.main.async { done.resume() }
    }
    return await MainActor.run { ranOnMain == Array(0..<count) && ranOffMainThread == 0 }
}

/// Starts `count` `Task { @MainActor in … }` from the caller and waits for them: whether they all
/// ran, in the order they were started, on the main thread.
func mainActorTasksRunInOrder(count: Int) async -> Bool {
    await MainActor.run {
        ranOnMain = []
        ranOffMainThread = 0
    }
    let tasks = (0..<count).map { index in Task { @MainActor in record(index) } }
    for task in tasks { await task.value }
    return await MainActor.run { ranOnMain == Array(0..<count) && ranOffMainThread == 0 }
}
