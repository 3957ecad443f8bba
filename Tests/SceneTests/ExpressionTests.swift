import Raster
import XCTest
@testable import Scene

/// The expression language: grammar, types, functions, errors at the character.
final class ExpressionTests: XCTestCase {
    func scope(_ extra: [String: ValueKind] = [:]) -> ExpressionScope {
        var s = ExpressionScope.withBuiltins()
        for (name, kind) in extra.sorted(by: { $0.key < $1.key }) { s.declare(name, kind) }
        return s
    }

    func eval(_ source: String, offset: Double = 0, _ vars: [String: Double] = [:]) throws -> Double {
        let sc = scope(vars.mapValues { _ in .number })
        let e = try CompiledExpression.compile(source, scope: sc)
        var env = sc.makeEnvironment()
        env[.offset] = offset
        for (name, v) in vars { env.numbers[sc[name]!.slot] = v }
        return e.number(env)
    }

    func error(_ source: String) -> ExpressionError? {
        do {
            _ = try CompiledExpression.compile(source, scope: scope())
            XCTFail("\(source) compiled")
            return nil
        } catch let e as ExpressionError {
            return e
        } catch {
            XCTFail("\(error)")
            return nil
        }
    }

    func testArithmeticAndPrecedence() throws {
        XCTAssertEqual(try eval("1 + 2 * 3"), 7)
        XCTAssertEqual(try eval("(1 + 2) * 3"), 9)
        XCTAssertEqual(try eval("10 - 4 - 3"), 3)
        XCTAssertEqual(try eval("12 / 3 / 2"), 2)
        XCTAssertEqual(try eval("-2 * -3"), 6)
        XCTAssertEqual(try eval("1.5e2 + .5"), 150.5)
        XCTAssertEqual(try eval("max(0, 260 - offset)", offset: -40), 300)
        XCTAssertEqual(try eval("max(0, 260 - offset)", offset: 400), 0)
    }

    func testComparisonsLogicAndConditional() throws {
        XCTAssertEqual(try eval("offset > 100 ? 1 : 0", offset: 150), 1)
        XCTAssertEqual(try eval("offset > 100 ? 1 : 0", offset: 100), 0)
        XCTAssertEqual(try eval("offset <= 100 && offset >= 0", offset: 50), 1)
        XCTAssertEqual(try eval("offset < 0 || offset == 7", offset: 7), 1)
        XCTAssertEqual(try eval("!(offset != 3)", offset: 3), 1)
        // Right-associative: a ? b : c ? d : e
        XCTAssertEqual(try eval("offset < 0 ? 1 : offset < 10 ? 2 : 3", offset: 5), 2)
    }

    func testFunctions() throws {
        XCTAssertEqual(try eval("clamp((offset - 150) / 62, 0, 1)", offset: 181), 0.5)
        XCTAssertEqual(try eval("min(3, 1, 2)"), 1)
        XCTAssertEqual(try eval("max(3, 1, 2)"), 3)
        XCTAssertEqual(try eval("abs(-4)"), 4)
        XCTAssertEqual(try eval("floor(-1.5) + ceil(1.2) + round(2.5) + round(-2.5)"), -2 + 2 + 3 - 3)
        XCTAssertEqual(try eval("sqrt(16)"), 4)
        XCTAssertEqual(try eval("pow(2, 10)"), 1024)
        XCTAssertEqual(try eval("pow(2, -2)"), 0.25)
        XCTAssertEqual(try eval("pow(4, 0.5)"), 2, accuracy: 1e-12)
        XCTAssertTrue(try eval("pow(-4, 0.5)").isNaN)
        XCTAssertEqual(try eval("mod(7, 3) + mod(-1, 4)"), 1 + 3)
        XCTAssertEqual(try eval("mix(10, 20, 0.25)"), 12.5)
        XCTAssertEqual(try eval("smoothstep(0, 10, 5)"), 0.5)
        XCTAssertEqual(try eval("smoothstep(0, 10, -5) + smoothstep(0, 10, 50)"), 1)
        XCTAssertEqual(try eval("step(5, 4) + step(5, 5)"), 1)
    }

    func testVariablesAndDottedNames() throws {
        XCTAssertEqual(try eval("H - offset", offset: 10, ["H": 300]), 290)
        let sc = scope()
        let e = try CompiledExpression.compile("screen.width / 2 + safeArea.top", scope: sc)
        XCTAssertEqual(e.reads, ["screen.width", "safeArea.top"])
    }

    func testColors() throws {
        let sc = scope()
        var env = sc.makeEnvironment()
        let e = try CompiledExpression.compile("mix(#000000, #FFFFFF80, offset)", scope: sc)
        XCTAssertEqual(e.kind, .color)
        env[.offset] = 0.5
        XCTAssertEqual(e.color(env).color, Color(r: 128, g: 128, b: 128, a: 192))
        let c = try CompiledExpression.compile("offset > 0 ? #F00 : rgba(0, 0, 255, 0.5)", scope: sc)
        XCTAssertEqual(c.color(env).color, Color(r: 255, g: 0, b: 0))
        env[.offset] = -1
        XCTAssertEqual(c.color(env).color, Color(r: 0, g: 0, b: 255, a: 128))
    }

    func testErrorsPointAtTheCharacter() {
        XCTAssertEqual(error("max(0, 260 - ofset)"), ExpressionError(position: 13, message: "unknown variable \"ofset\"; did you mean \"offset\"?"))
        XCTAssertEqual(error("clamp01(offset)")?.message, "unknown function \"clamp01\"; did you mean \"clamp\"?")
        XCTAssertEqual(error("clamp(offset, 1)")?.position, 15)
        XCTAssertEqual(error("pow(1, 2, 3)")?.position, 10)
        XCTAssertEqual(error("1 +")?.position, 3)
        XCTAssertEqual(error("(1 + 2")?.message, "expected \")\" to close the \"(\" at character 1, got end of the expression")
        XCTAssertEqual(error("1 2")?.position, 2)
        XCTAssertEqual(error("50%")?.position, 2)
        XCTAssertEqual(error("offset = 3")?.position, 7)
        XCTAssertEqual(error("#12")?.position, 0)
        XCTAssertEqual(error("1 + #FFFFFF")?.message, "the right side of + must be a number, got a color")
        XCTAssertEqual(error("offset > 0 ? 1 : #FFF")?.message, "the two branches of ? : must have one type, got a number and a color")
        XCTAssertEqual(error("max")?.message, "max is a function; call it as max(a, b, ...)")
        XCTAssertEqual(error("")?.message, "the expression is empty; write a number or a formula")
        XCTAssertEqual(error("1 +\u{7} 2")?.message, "unexpected control character U+0007; a number, a name, a color or \"(\" was expected")
    }

    func testLimitsKeepParsingBounded() {
        let deep = String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100)
        XCTAssertTrue(error(deep)?.message.contains("nests more than 64 levels") == true)
        let long = Array(repeating: "1", count: 1500).joined(separator: "+")
        XCTAssertTrue(error(long)?.message.contains("over the limit of 2000") == true)
        let unary = String(repeating: "-", count: 500) + "1"
        XCTAssertNotNil(error(unary))
        let chain = Array(repeating: "1", count: 300).joined(separator: "+")
        XCTAssertEqual(error(chain)?.message, "the expression is a chain of over 256 operations; split it into vars")
    }

    func testPowerIsOurOwnAndExact() {
        // Whole exponents by squaring: exact for small integers.
        XCTAssertEqual(deterministicPower(3, 13), 1_594_323)
        XCTAssertEqual(deterministicPower(10, -3), 0.001, accuracy: 1e-18)
        XCTAssertEqual(deterministicPower(2, 0.5), 2.0.squareRoot(), accuracy: 1e-14)
        XCTAssertEqual(deterministicPower(10, 400.5), .infinity)
        XCTAssertEqual(deterministicPower(0, -1), .infinity)
    }
}
