import Synchronization

// The values a constraint is written in: variables, terms (coefficient * variable) and linear
// expressions (a sum of terms plus a constant). Variables and constraints are compared by identity:
// two variables with the same name are two variables.

/// An unknown of the system. After `Solver.updateVariables()` its `value` is the solver's answer
/// (0 for a variable the solver has never seen). A solver is used from one thread at a time
/// (UIKit's main actor); its variables and constraints are Sendable because a `SolverError`
/// carries them (UIKit finds a refused constraint's owner by its identity), and the compiler
/// checks it: the value is an atomic (relaxed: a plain load and store), so a reader on another
/// thread sees some value the solver wrote, never a torn one.
public final class Variable: CustomStringConvertible, Sendable {
    /// A label for messages only.
    public let name: String
    /// `value`'s bits.
    private let bits = Atomic<UInt64>(0)
    /// The solved value, as of the last `Solver.updateVariables()`.
    public internal(set) var value: Double {
        get { Double(bitPattern: bits.load(ordering: .relaxed)) }
        set { bits.store(newValue.bitPattern, ordering: .relaxed) }
    }

    public init(_ name: String = "v") { self.name = name }

    public var description: String { name }
}

/// `coefficient * variable`.
public struct Term: Sendable {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// `terms[0] + terms[1] + ... + constant`. A variable may appear in several terms: they add.
/// (Not `Expression`: Foundation has a type of that name.)
public struct LinearExpression: CustomStringConvertible, Sendable {
    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: Variable) { self.init([Term(variable)]) }

    public init(constant: Double) { self.init([], constant: constant) }

    /// True when the constant and every coefficient are finite numbers (not NaN or infinite).
    public var isFinite: Bool { constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite } }

    public var description: String {
        var text = ""
        for term in terms {
            let c = term.coefficient
            let sign = c < 0 ? "-" : "+"
            let magnitude = abs(c) == 1 ? "" : "\(formatNumber(abs(c)))*"
            text += text.isEmpty ? (c < 0 ? "-" : "") + magnitude + term.variable.name : " \(sign) \(magnitude)\(term.variable.name)"
        }
        if text.isEmpty { return formatNumber(constant) }
        if constant != 0 { text += (constant < 0 ? " - " : " + ") + formatNumber(abs(constant)) }
        return text
    }
}

/// `1` for 1.0, `0.5` for 0.5: numbers in messages without a needless `.0`.
func formatNumber(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return "\(value)"
}

// Arithmetic, so constraints read as written: `x + 2 * y == 10`, `width >= 44`. Concrete overloads
// on `Variable` and `LinearExpression` only (no generics, no `Term` operands): every overload of
// `+` is a candidate the type checker weighs in each arithmetic expression of a file importing
// this module, and generic ones made plain `Double` sums too slow to type-check.

extension Variable {
    public var linearExpression: LinearExpression { LinearExpression(self) }
}

extension LinearExpression {
    public var linearExpression: LinearExpression { self }

    static func sum(_ l: LinearExpression, _ r: LinearExpression) -> LinearExpression {
        LinearExpression(l.terms + r.terms, constant: l.constant + r.constant)
    }

    static func scaled(_ e: LinearExpression, _ factor: Double) -> LinearExpression {
        LinearExpression(e.terms.map { Term($0.variable, $0.coefficient * factor) }, constant: e.constant * factor)
    }
}

public func + (lhs: Variable, rhs: Variable) -> LinearExpression { .sum(lhs.linearExpression, rhs.linearExpression) }
public func - (lhs: Variable, rhs: Variable) -> LinearExpression { .sum(lhs.linearExpression, .scaled(rhs.linearExpression, -1)) }
public func + (lhs: Variable, rhs: LinearExpression) -> LinearExpression { .sum(lhs.linearExpression, rhs) }
public func - (lhs: Variable, rhs: LinearExpression) -> LinearExpression { .sum(lhs.linearExpression, .scaled(rhs, -1)) }
public func + (lhs: LinearExpression, rhs: Variable) -> LinearExpression { .sum(lhs, rhs.linearExpression) }
public func - (lhs: LinearExpression, rhs: Variable) -> LinearExpression { .sum(lhs, .scaled(rhs.linearExpression, -1)) }
public func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { .sum(lhs, rhs) }
public func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { .sum(lhs, .scaled(rhs, -1)) }
public func + (lhs: Variable, rhs: Double) -> LinearExpression { .sum(lhs.linearExpression, LinearExpression(constant: rhs)) }
public func + (lhs: Double, rhs: Variable) -> LinearExpression { .sum(LinearExpression(constant: lhs), rhs.linearExpression) }
public func - (lhs: Variable, rhs: Double) -> LinearExpression { .sum(lhs.linearExpression, LinearExpression(constant: -rhs)) }
public func - (lhs: Double, rhs: Variable) -> LinearExpression { .sum(LinearExpression(constant: lhs), .scaled(rhs.linearExpression, -1)) }
public prefix func - (operand: Variable) -> LinearExpression { .scaled(operand.linearExpression, -1) }
public func * (lhs: Variable, rhs: Double) -> LinearExpression { .scaled(lhs.linearExpression, rhs) }
public func * (lhs: Double, rhs: Variable) -> LinearExpression { .scaled(rhs.linearExpression, lhs) }
public func / (lhs: Variable, rhs: Double) -> LinearExpression { .scaled(lhs.linearExpression, 1 / rhs) }
public func + (lhs: LinearExpression, rhs: Double) -> LinearExpression { .sum(lhs, LinearExpression(constant: rhs)) }
public func + (lhs: Double, rhs: LinearExpression) -> LinearExpression { .sum(LinearExpression(constant: lhs), rhs) }
public func - (lhs: LinearExpression, rhs: Double) -> LinearExpression { .sum(lhs, LinearExpression(constant: -rhs)) }
public func - (lhs: Double, rhs: LinearExpression) -> LinearExpression { .sum(LinearExpression(constant: lhs), .scaled(rhs, -1)) }
public prefix func - (operand: LinearExpression) -> LinearExpression { .scaled(operand, -1) }
public func * (lhs: LinearExpression, rhs: Double) -> LinearExpression { .scaled(lhs, rhs) }
public func * (lhs: Double, rhs: LinearExpression) -> LinearExpression { .scaled(rhs, lhs) }
public func / (lhs: LinearExpression, rhs: Double) -> LinearExpression { .scaled(lhs, 1 / rhs) }
public func == (lhs: Variable, rhs: Variable) -> Constraint { Constraint(lhs.linearExpression, .equal, rhs.linearExpression) }
public func == (lhs: Variable, rhs: LinearExpression) -> Constraint { Constraint(lhs.linearExpression, .equal, rhs) }
public func == (lhs: Variable, rhs: Double) -> Constraint { Constraint(lhs.linearExpression, .equal, LinearExpression(constant: rhs)) }
public func == (lhs: Double, rhs: Variable) -> Constraint { Constraint(LinearExpression(constant: lhs), .equal, rhs.linearExpression) }
public func == (lhs: LinearExpression, rhs: Variable) -> Constraint { Constraint(lhs, .equal, rhs.linearExpression) }
public func == (lhs: LinearExpression, rhs: LinearExpression) -> Constraint { Constraint(lhs, .equal, rhs) }
public func == (lhs: LinearExpression, rhs: Double) -> Constraint { Constraint(lhs, .equal, LinearExpression(constant: rhs)) }
public func == (lhs: Double, rhs: LinearExpression) -> Constraint { Constraint(LinearExpression(constant: lhs), .equal, rhs) }
public func <= (lhs: Variable, rhs: Variable) -> Constraint { Constraint(lhs.linearExpression, .lessThanOrEqual, rhs.linearExpression) }
public func <= (lhs: Variable, rhs: LinearExpression) -> Constraint { Constraint(lhs.linearExpression, .lessThanOrEqual, rhs) }
public func <= (lhs: Variable, rhs: Double) -> Constraint { Constraint(lhs.linearExpression, .lessThanOrEqual, LinearExpression(constant: rhs)) }
public func <= (lhs: Double, rhs: Variable) -> Constraint { Constraint(LinearExpression(constant: lhs), .lessThanOrEqual, rhs.linearExpression) }
public func <= (lhs: LinearExpression, rhs: Variable) -> Constraint { Constraint(lhs, .lessThanOrEqual, rhs.linearExpression) }
public func <= (lhs: LinearExpression, rhs: LinearExpression) -> Constraint { Constraint(lhs, .lessThanOrEqual, rhs) }
public func <= (lhs: LinearExpression, rhs: Double) -> Constraint { Constraint(lhs, .lessThanOrEqual, LinearExpression(constant: rhs)) }
public func <= (lhs: Double, rhs: LinearExpression) -> Constraint { Constraint(LinearExpression(constant: lhs), .lessThanOrEqual, rhs) }
public func >= (lhs: Variable, rhs: Variable) -> Constraint { Constraint(lhs.linearExpression, .greaterThanOrEqual, rhs.linearExpression) }
public func >= (lhs: Variable, rhs: LinearExpression) -> Constraint { Constraint(lhs.linearExpression, .greaterThanOrEqual, rhs) }
public func >= (lhs: Variable, rhs: Double) -> Constraint { Constraint(lhs.linearExpression, .greaterThanOrEqual, LinearExpression(constant: rhs)) }
public func >= (lhs: Double, rhs: Variable) -> Constraint { Constraint(LinearExpression(constant: lhs), .greaterThanOrEqual, rhs.linearExpression) }
public func >= (lhs: LinearExpression, rhs: Variable) -> Constraint { Constraint(lhs, .greaterThanOrEqual, rhs.linearExpression) }
public func >= (lhs: LinearExpression, rhs: LinearExpression) -> Constraint { Constraint(lhs, .greaterThanOrEqual, rhs) }
public func >= (lhs: LinearExpression, rhs: Double) -> Constraint { Constraint(lhs, .greaterThanOrEqual, LinearExpression(constant: rhs)) }
public func >= (lhs: Double, rhs: LinearExpression) -> Constraint { Constraint(LinearExpression(constant: lhs), .greaterThanOrEqual, rhs) }
