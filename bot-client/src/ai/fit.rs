//! Logistic regression by Newton's method, for fitting a learned evaluation's weights to
//! game outcomes (`examples/train_vfw_eval.rs`). Small and dependency-free: the models have
//! a dozen or so features and tens of thousands of positions, so each Newton step is one
//! pass over the data and one small linear solve.

/// One position: its features and whether the side the model speaks for won (1) or not (0).
#[derive(Clone, Debug)]
pub struct Sample {
    pub x: Vec<f64>,
    pub y: f64,
}

/// A linear model's log-odds: `w · x`.
pub fn logit(w: &[f64], x: &[f64]) -> f64 {
    w.iter().zip(x).map(|(a, b)| a * b).sum()
}

/// The logistic function.
pub fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Mean log loss of `w` on `samples` (lower is better; ln 2 is a coin toss).
pub fn log_loss(w: &[f64], samples: &[Sample]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(logit(w, &s.x)).clamp(1e-9, 1.0 - 1e-9);
            -(s.y * p.ln() + (1.0 - s.y) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The weights minimising log loss plus `l2`/2 times their squared norm (the bias, the
/// first feature, unpenalised), from zero by Newton steps until they settle.
pub fn fit_logistic(samples: &[Sample], l2: f64) -> Vec<f64> {
    let n = samples.first().map_or(0, |s| s.x.len());
    let mut w = vec![0.0; n];
    for _ in 0..50 {
        let mut grad = vec![0.0; n];
        let mut hess = vec![vec![0.0; n]; n];
        for s in samples {
            let p = sigmoid(logit(&w, &s.x));
            let r = p - s.y;
            let v = p * (1.0 - p);
            for (i, row) in hess.iter_mut().enumerate() {
                grad[i] += r * s.x[i];
                for (h, xj) in row.iter_mut().zip(&s.x).take(i + 1) {
                    *h += v * s.x[i] * xj;
                }
            }
        }
        for i in 0..n {
            // The lower triangle was summed; mirror it.
            let lower: Vec<f64> = hess[i][..i].to_vec();
            for (j, h) in lower.into_iter().enumerate() {
                hess[j][i] = h;
            }
            if i > 0 {
                grad[i] += l2 * w[i];
                hess[i][i] += l2;
            }
            // Keeps the system solvable when a feature never varies in the data.
            hess[i][i] += 1e-9;
        }
        let Some(step) = solve(hess, grad) else {
            break;
        };
        let mut largest: f64 = 0.0;
        for (wi, d) in w.iter_mut().zip(&step) {
            *wi -= d;
            largest = largest.max(d.abs());
        }
        if largest < 1e-8 {
            break;
        }
    }
    w
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; `None` when singular.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-15 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..n {
            let f = a[row][col] / a[col][col];
            if f == 0.0 {
                continue;
            }
            let pivot_row = a[col].clone();
            for (x, p) in a[row].iter_mut().zip(&pivot_row).skip(col) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let rest: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn the_fit_recovers_the_weights_that_made_the_data() {
        let truth = [-0.5, 2.0, -1.0];
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let samples: Vec<Sample> = (0..20_000)
            .map(|_| {
                let x = vec![
                    1.0,
                    rng.random_range(-1.0..1.0),
                    rng.random_range(-1.0..1.0),
                ];
                let p = sigmoid(logit(&truth, &x));
                let y = f64::from(u8::from(rng.random_bool(p)));
                Sample { x, y }
            })
            .collect();
        let w = fit_logistic(&samples, 0.0);
        for (got, want) in w.iter().zip(truth) {
            assert!(
                (got - want).abs() < 0.1,
                "fitted {w:?}, made with {truth:?}"
            );
        }
        assert!(log_loss(&w, &samples) < log_loss(&[0.0; 3], &samples));
    }

    #[test]
    fn a_singular_system_is_refused() {
        assert!(solve(vec![vec![1.0, 2.0], vec![2.0, 4.0]], vec![1.0, 2.0]).is_none());
        let x = solve(vec![vec![2.0, 1.0], vec![1.0, 3.0]], vec![3.0, 5.0]).expect("solvable");
        assert!((x[0] - 0.8).abs() < 1e-12 && (x[1] - 1.4).abs() < 1e-12);
    }
}
