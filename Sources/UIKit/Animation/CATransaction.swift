import Foundation

/// One transaction: its settings (nil: the enclosing transaction's, then the defaults) and its
/// completion, called when the animations added while it was open have ended or been removed.
@MainActor final class TransactionRecord {
    var duration: Double?
    var timingFunction: CAMediaTimingFunction?
    var disableActions: Bool?
    var completion: (() -> Void)?
    /// Animations added while open and not yet ended.
    var pending = 0
    var committed = false
    var done = false
    let order: Int
    init(order: Int) { self.order = order }
}

/// Groups layer changes: the animations they trigger take its duration and timing function, its
/// completion block runs when they have all ended, and actions can be turned off. Outside
/// `begin()`/`commit()` the frame's implicit transaction is used (committed when the frame ends).
/// https://developer.apple.com/documentation/quartzcore/catransaction
@preconcurrency @MainActor open class CATransaction: NSObject {
    /// https://developer.apple.com/documentation/quartzcore/catransaction/1448231-begin
    open class func begin() { AnimationClock.current.beginTransaction() }

    /// Ends the innermost transaction; its completion runs at the first frame after its
    /// animations have ended (the next frame when it added none).
    /// https://developer.apple.com/documentation/quartzcore/catransaction/1448230-commit
    open class func commit() { AnimationClock.current.commitTransaction() }

    /// 0.25 s unless a transaction sets it.
    /// https://developer.apple.com/documentation/quartzcore/catransaction/1448263-animationduration
    open class func animationDuration() -> CFTimeInterval { AnimationClock.current.lookup(\.duration) ?? 0.25 }
    /// https://developer.apple.com/documentation/quartzcore/catransaction/1448245-setanimationduration
    open class func setAnimationDuration(_ dur: CFTimeInterval) { AnimationClock.current.innermostTransaction().duration = dur }

    /// Nil unless set: the actions it triggers are then paced linearly.
    /// https://developer.apple.com/documentation/quartzcore/catransaction/1448250-animationtimingfunction
    open class func animationTimingFunction() -> CAMediaTimingFunction? { AnimationClock.current.lookup(\.timingFunction) }
    /// https://developer.apple.com/documentation/quartzcore/catransaction/1448287-setanimationtimingfunction
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) { AnimationClock.current.innermostTransaction().timingFunction = function }

    /// https://developer.apple.com/documentation/quartzcore/catransaction/1448266-disableactions
    open class func disableActions() -> Bool { AnimationClock.current.lookup(\.disableActions) ?? false }
    /// True: a change to a standalone layer's property is not animated.
    /// https://developer.apple.com/documentation/quartzcore/catransaction/1448262-setdisableactions
    open class func setDisableActions(_ flag: Bool) { AnimationClock.current.innermostTransaction().disableActions = flag }

    /// https://developer.apple.com/documentation/quartzcore/catransaction/1448274-completionblock
    open class func completionBlock() -> (() -> Void)? { AnimationClock.current.innermostTransaction().completion }
    /// https://developer.apple.com/documentation/quartzcore/catransaction/1448281-setcompletionblock
    open class func setCompletionBlock(_ block: (() -> Void)?) { AnimationClock.current.innermostTransaction().completion = block }
}

extension AnimationClock {
    func beginTransaction() { transactionStack.append(TransactionRecord(order: nextOrder())) }

    func commitTransaction() {
        guard let record = transactionStack.popLast() else {
            Diagnostics.once("ca-commit", "CATransaction.commit() without a begin() is ignored")
            return
        }
        record.committed = true
        settled(record)
    }

    /// The innermost open transaction (the frame's implicit one outside begin/commit).
    func innermostTransaction() -> TransactionRecord {
        if let last = transactionStack.last { return last }
        if let implicit = implicitTransaction { return implicit }
        let record = TransactionRecord(order: nextOrder())
        implicitTransaction = record
        return record
    }

    /// A setting, from the innermost transaction that has it.
    func lookup<T>(_ key: KeyPath<TransactionRecord, T?>) -> T? {
        for record in transactionStack.reversed() { if let v = record[keyPath: key] { return v } }
        return implicitTransaction?[keyPath: key]
    }

    /// The transactions an animation added now belongs to.
    func openTransactions() -> [TransactionRecord] {
        [innermostTransaction()] + transactionStack.dropLast().reversed()
    }

    /// A committed transaction whose animations have all ended is due.
    func settled(_ record: TransactionRecord) {
        guard record.committed, record.pending <= 0, !record.done else { return }
        record.done = true
        if record.completion != nil { dueTransactions.append(record) }
    }

    /// An animation ended or was removed: its transactions wait for one fewer.
    func ended(_ anim: CAAnimation) {
        for record in anim.transactions {
            record.pending -= 1
            settled(record)
        }
        anim.transactions = []
    }
}

extension CALayer {
    /// A change of an animatable property of a standalone layer (one that backs no view, is in a
    /// layer tree and was made before this frame) is animated, as Core Animation's default
    /// actions do: a CABasicAnimation under the property's name from the old value, with the
    /// transaction's duration (0.25 s) and timing function (linear unless set). None when the
    /// transaction disables actions or inside `UIView.performWithoutAnimation`; a view's own
    /// layer has none.
    func implicitAction(_ key: String, from old: @autoclosure () -> Any?) {
        guard owner == nil, superlayer != nil, createdAt < ScreenEnvironment.time, !AnimationCapture.withoutAnimation,
            !CATransaction.disableActions()
        else { return }
        let anim = CABasicAnimation(keyPath: key)
        anim.fromValue = old()
        anim.timingFunction = CATransaction.animationTimingFunction()
        add(anim, forKey: key)
    }
}
