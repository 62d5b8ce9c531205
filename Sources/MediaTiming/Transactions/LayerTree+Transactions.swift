extension LayerTree {
    /// Core Animation's default duration of an implicit animation: 0.25 s.
    public static let defaultAnimationDuration = 0.25

    /// Opens a transaction, nested in any open one (`CATransaction.begin()`). Settings made until
    /// the matching ``commitTransaction()`` apply to the changes made in it; those not set are read
    /// from the enclosing transactions, then Core Animation's defaults.
    ///
    /// Every animation added while the outermost transaction is open begins at the same time: the
    /// tree's ``currentTime`` when it opened. Prefer ``performTransaction(animationDuration:timingFunction:disableActions:completion:_:)``,
    /// which cannot be left open.
    public func beginTransaction() {
        if openTransactions.isEmpty { transactionTime = currentTime }
        openTransactions.append(OpenTransaction(isImplicit: false))
    }

    /// Closes the innermost open transaction (`CATransaction.commit()`). Its completion, if it has
    /// one, runs once every animation added in it has stopped, in the ``advance(to:)`` that notices
    /// the last stop; with no animation added, in the next ``advance(to:)``. Does nothing when no
    /// transaction is open.
    public func commitTransaction() {
        guard let transaction = openTransactions.popLast() else { return }
        if openTransactions.isEmpty { transactionTime = nil }
        close(transaction.completion)
    }

    /// Runs `body` in a transaction with the given settings (`nil`: as the enclosing transaction,
    /// or Core Animation's default) and commits it, also when `body` throws: the scoped form of
    /// ``beginTransaction()`` and ``commitTransaction()``.
    ///
    /// ```swift
    /// tree.performTransaction(animationDuration: 0.5, timingFunction: .easeIn, completion: { done() }) {
    ///     card.position = Point(x: 200, y: 120)
    ///     card.opacity = 1
    /// }
    /// ```
    @discardableResult
    public func performTransaction<Result, Failure: Error>(
        animationDuration: Double? = nil, timingFunction: TimingFunction? = nil, disableActions: Bool? = nil,
        completion: (() -> Void)? = nil, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        beginTransaction()
        defer { commitTransaction() }
        if let animationDuration { self.animationDuration = animationDuration }
        if let timingFunction { animationTimingFunction = timingFunction }
        if let disableActions { self.disableActions = disableActions }
        if let completion { self.completion = completion }
        return try body()
    }

    /// The duration of the implicit animations of the changes made now
    /// (`CATransaction.animationDuration()`): the innermost open transaction's setting, or Core
    /// Animation's 0.25 s. Setting it with no transaction open opens the implicit transaction,
    /// which the next ``advance(to:)`` commits. A duration that is 0, negative or NaN reads as
    /// 0.25 s when an animation is made (as ``TimingParameters/duration`` reads it); use
    /// ``disableActions`` to change a property without animation.
    public var animationDuration: Double {
        get {
            openTransactions.last { $0.animationDuration != nil }?.animationDuration
                ?? Self.defaultAnimationDuration
        }
        set { modifyInnermostTransaction { $0.animationDuration = newValue } }
    }

    /// The timing function of the implicit animations of the changes made now
    /// (`CATransaction.animationTimingFunction()`): the innermost open transaction's setting, or
    /// ``TimingFunction/default``, Core Animation's curve for implicit animations. Setting it with
    /// no transaction open opens the implicit transaction.
    public var animationTimingFunction: TimingFunction {
        get {
            openTransactions.last { $0.animationTimingFunction != nil }?.animationTimingFunction ?? .default
        }
        set { modifyInnermostTransaction { $0.animationTimingFunction = newValue } }
    }

    /// Whether changes made now are not animated (`CATransaction.disableActions()`): the innermost
    /// open transaction's setting, or `false`. Setting it with no transaction open opens the
    /// implicit transaction.
    public var disableActions: Bool {
        get { openTransactions.last { $0.disableActions != nil }?.disableActions ?? false }
        set { modifyInnermostTransaction { $0.disableActions = newValue } }
    }

    /// The innermost open transaction's completion (`CATransaction.completionBlock()`): it runs
    /// once, in ``advance(to:)``, after every animation added to the tree from now until the
    /// transaction is committed has stopped (finished or removed); animations added in nested
    /// transactions count. Setting another completion closes the count of the one it replaces,
    /// which then runs when the animations it counted have stopped (at the next ``advance(to:)``
    /// if none). Setting it with no transaction open opens the implicit transaction.
    public var completion: (() -> Void)? {
        get {
            openTransactions.last?.completion?.body
        }
        set {
            modifyInnermostTransaction { transaction in
                close(transaction.completion)
                transaction.completion = newValue.map { TransactionCompletion($0) }
            }
        }
    }

    /// The completions that count an animation added now: those of every open transaction.
    func countAnimationForOpenCompletions() -> [TransactionCompletion] {
        var counting: [TransactionCompletion] = []
        for transaction in openTransactions {
            guard let completion = transaction.completion else { continue }
            completion.count()
            counting.append(completion)
        }
        return counting
    }

    /// Changes the innermost open transaction, opening the implicit one when none is open.
    private func modifyInnermostTransaction(_ change: (inout OpenTransaction) -> Void) {
        if openTransactions.isEmpty {
            transactionTime = currentTime
            openTransactions.append(OpenTransaction(isImplicit: true))
        }
        change(&openTransactions[openTransactions.count - 1])
    }

    /// Closes `completion`'s count; queues it to run at the next ``advance(to:)`` if nothing is
    /// left to wait for.
    private func close(_ completion: TransactionCompletion?) {
        guard let completion else { return }
        completion.close()
        if completion.isDue { dueCompletions.append(completion) }
    }
}
