/// `expression relation 0`, at a strength. Immutable; compared by identity (adding the same
/// constraint twice is an error, two equal-looking constraints are two constraints).
public final class Constraint: CustomStringConvertible, Sendable {
    public enum Relation: String, Sendable {
        case equal = "=="
        case lessThanOrEqual = "<="
        case greaterThanOrEqual = ">="
    }

    /// `lhs - rhs` of the constraint as written.
    public let expression: LinearExpression
    public let relation: Relation
    public let strength: Strength
    /// A label for messages (UIKit's `identifier`), or nil.
    public let identifier: String?

    /// `expression relation 0`.
    public init(_ expression: LinearExpression, _ relation: Relation, strength: Strength = .required, identifier: String? = nil) {
        self.expression = expression
        self.relation = relation
        self.strength = strength
        self.identifier = identifier
    }

    /// `lhs relation rhs`, e.g. `Constraint(LinearExpression(width), .greaterThanOrEqual, LinearExpression(constant: 44))`.
    public convenience init(
        _ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression, strength: Strength = .required, identifier: String? = nil
    ) {
        self.init(lhs - rhs, relation, strength: strength, identifier: identifier)
    }

    /// The same constraint at another strength (a new constraint: the solver's are immutable).
    public func withStrength(_ strength: Strength) -> Constraint {
        Constraint(expression, relation, strength: strength, identifier: identifier)
    }

    /// The same constraint at a UIKit priority: `(x == 10).withPriority(750)`.
    public func withPriority(_ priority: Double) -> Constraint { withStrength(Strength(priority)) }

    /// The same constraint with a label.
    public func withIdentifier(_ identifier: String) -> Constraint {
        Constraint(expression, relation, strength: strength, identifier: identifier)
    }

    public var description: String {
        let label = identifier.map { "'\($0)' " } ?? ""
        return "\(label)\(expression) \(relation.rawValue) 0 \(strength)"
    }
}
