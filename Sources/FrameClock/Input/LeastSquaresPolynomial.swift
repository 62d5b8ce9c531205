/// The least-squares fit of a polynomial of degree 1 or 2 to points (t, v): the normal equations,
/// solved by Gaussian elimination with partial pivoting. The caller scales t to about -1...1 so that
/// they stay well conditioned.
enum LeastSquaresPolynomial {
    /// A determinant below this (of the scaled normal equations) means the times do not determine a
    /// fit of that degree (too few distinct times).
    static let singularPivot = 1e-12

    /// The coefficients c₀, c₁, … of the fit of `degree` (1 or 2) to `times` and `values`, lowest
    /// first; nil when there are fewer distinct times than coefficients.
    static func fit(times: [Double], values: [Double], degree: Int) -> [Double]? {
        let size = degree + 1
        guard times.count >= size else { return nil }
        // The normal equations: Σ t^(i+j) · c_j = Σ t^i · v.
        var matrix = [[Double]](repeating: [Double](repeating: 0, count: size + 1), count: size)
        for (t, value) in zip(times, values) {
            var powers = [Double](repeating: 1, count: 2 * size - 1)
            for index in 1..<powers.count { powers[index] = powers[index - 1] * t }
            for row in 0..<size {
                for column in 0..<size { matrix[row][column] += powers[row + column] }
                matrix[row][size] += powers[row] * value
            }
        }
        return solve(&matrix)
    }

    /// Solves the augmented system `matrix` in place; nil when it is singular.
    private static func solve(_ matrix: inout [[Double]]) -> [Double]? {
        let size = matrix.count
        for pivotRow in 0..<size {
            let best = (pivotRow..<size).max { abs(matrix[$0][pivotRow]) < abs(matrix[$1][pivotRow]) }!
            guard abs(matrix[best][pivotRow]) > singularPivot else { return nil }
            matrix.swapAt(pivotRow, best)
            for row in (pivotRow + 1)..<size {
                let factor = matrix[row][pivotRow] / matrix[pivotRow][pivotRow]
                for column in pivotRow...size { matrix[row][column] -= factor * matrix[pivotRow][column] }
            }
        }
        var solution = [Double](repeating: 0, count: size)
        for row in stride(from: size - 1, through: 0, by: -1) {
            var sum = matrix[row][size]
            for column in (row + 1)..<size { sum -= matrix[row][column] * solution[column] }
            solution[row] = sum / matrix[row][row]
        }
        return solution
    }
}
