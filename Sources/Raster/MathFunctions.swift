// Elementary functions computed here instead of by the C library, so motion and shapes do not
// depend on the libm version of the machine: frames are byte-identical everywhere.

/// e^x.
public func exponential(_ x: Double) -> Double { expApprox(x) }

/// The natural logarithm of x > 0 (argument reduction by powers of two, then
/// ln(m) = 2 atanh((m - 1) / (m + 1)) as a series). Accurate to about 1e-15 relative.
public func naturalLog(_ x: Double) -> Double {
    precondition(x > 0, "naturalLog of a non-positive number")
    var m = x
    var e = 0
    while m > 1.5 { m /= 2; e += 1 }
    while m < 0.75 { m *= 2; e -= 1 }
    let z = (m - 1) / (m + 1), z2 = z * z
    var term = z, sum = 0.0
    var k = 1.0
    for _ in 0..<30 { sum += term / k; term *= z2; k += 2 }
    return 2 * sum + Double(e) * 0.6931471805599453
}

public func sine(_ x: Double) -> Double { sinApprox(x) }
public func cosine(_ x: Double) -> Double { sinApprox(x + .pi / 2) }
