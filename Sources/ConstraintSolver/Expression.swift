// The values a constraint is written in: variables, terms (coefficient * variable) and linear
// expressions (a sum of terms plus a constant). Variables and constraints are compared by identity:
// two variables with the same name are two variables.

/// An unknown of the system. After `Solver.updateVariables()` its `value` is the solver's answer
/// (0 for a variable the solver has never seen). A solver, its variables and constraints are used
/// from one thread at a time (UIKit's main actor); they are `Sendable` only so errors can carry them.
public final class Variable: CustomStringConvertible, @unchecked Sendable {
    /// A label for messages only.
    public let name: String
    /// The solved value, as of the last `Solver.updateVariables()`.
    public internal(set) var value: Double = 0

    public init(_ name: String = "v") { self.name = name }

    public var description: String { name }
}

/// `coefficient * variable`.
public struct Term {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// `terms[0] + terms[1] + ... + constant`. A variable may appear in several terms: they add.
public struct Expression: CustomStringConvertible {
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

/// What can stand on either side of a constraint's relation: `Variable`, `Term`, `Expression`.
public protocol LinearExpression {
    var linearExpression: Expression { get }
}

extension Variable: LinearExpression {
    public var linearExpression: Expression { Expression(self) }
}

extension Term: LinearExpression {
    public var linearExpression: Expression { Expression([self]) }
}

extension Expression: LinearExpression {
    public var linearExpression: Expression { self }
}

// Arithmetic, so constraints read as written: `x + 2 * y == 10`, `width >= 44`.

public func + <L: LinearExpression, R: LinearExpression>(lhs: L, rhs: R) -> Expression {
    let l = lhs.linearExpression, r = rhs.linearExpression
    return Expression(l.terms + r.terms, constant: l.constant + r.constant)
}

public func + <L: LinearExpression>(lhs: L, rhs: Double) -> Expression {
    let l = lhs.linearExpression
    return Expression(l.terms, constant: l.constant + rhs)
}

public func + <R: LinearExpression>(lhs: Double, rhs: R) -> Expression { rhs + lhs }

public prefix func - <E: LinearExpression>(operand: E) -> Expression { operand * -1 }

public func - <L: LinearExpression, R: LinearExpression>(lhs: L, rhs: R) -> Expression { lhs + -rhs }

public func - <L: LinearExpression>(lhs: L, rhs: Double) -> Expression { lhs + -rhs }

public func - <R: LinearExpression>(lhs: Double, rhs: R) -> Expression { -rhs + lhs }

public func * <E: LinearExpression>(lhs: E, rhs: Double) -> Expression {
    let e = lhs.linearExpression
    return Expression(e.terms.map { Term($0.variable, $0.coefficient * rhs) }, constant: e.constant * rhs)
}

public func * <E: LinearExpression>(lhs: Double, rhs: E) -> Expression { rhs * lhs }

public func / <E: LinearExpression>(lhs: E, rhs: Double) -> Expression { lhs * (1 / rhs) }

public func == <L: LinearExpression, R: LinearExpression>(lhs: L, rhs: R) -> Constraint { Constraint(lhs, .equal, rhs) }
public func == <L: LinearExpression>(lhs: L, rhs: Double) -> Constraint { Constraint(lhs, .equal, Expression(constant: rhs)) }
public func == <R: LinearExpression>(lhs: Double, rhs: R) -> Constraint { Constraint(Expression(constant: lhs), .equal, rhs) }
public func <= <L: LinearExpression, R: LinearExpression>(lhs: L, rhs: R) -> Constraint { Constraint(lhs, .lessThanOrEqual, rhs) }
public func <= <L: LinearExpression>(lhs: L, rhs: Double) -> Constraint { Constraint(lhs, .lessThanOrEqual, Expression(constant: rhs)) }
public func <= <R: LinearExpression>(lhs: Double, rhs: R) -> Constraint { Constraint(Expression(constant: lhs), .lessThanOrEqual, rhs) }
public func >= <L: LinearExpression, R: LinearExpression>(lhs: L, rhs: R) -> Constraint { Constraint(lhs, .greaterThanOrEqual, rhs) }
public func >= <L: LinearExpression>(lhs: L, rhs: Double) -> Constraint { Constraint(lhs, .greaterThanOrEqual, Expression(constant: rhs)) }
public func >= <R: LinearExpression>(lhs: Double, rhs: R) -> Constraint { Constraint(Expression(constant: lhs), .greaterThanOrEqual, rhs) }
