//! Exact building blocks: strongly connected components, and linear systems over an exact
//! field as nalgebra matrices, solved by our own elimination.

use nalgebra::{DMatrix, DVector, Scalar};
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::ops::{MulAssign, SubAssign};

/// What exact Gaussian elimination needs of its numbers: the rationals, and rational
/// functions of the threat probability (`RatFunc`, implemented where it is defined, in the
/// study layer). A nalgebra [`Scalar`], so that systems are nalgebra matrices.
pub(crate) trait Field:
    Scalar + Zero + One + for<'a> MulAssign<&'a Self> + for<'a> SubAssign<&'a Self>
{
    fn inverse(&self) -> Self;
}

impl Field for BigRational {
    fn inverse(&self) -> BigRational {
        self.recip()
    }
}

/// Strongly connected components of a graph on `0..n`, each listed once, in reverse
/// topological order (a component comes after every component it reaches).
pub(crate) fn sccs(n: usize, successors: impl FnMut(usize, &mut Vec<usize>)) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    each_scc(n, successors, |comp| out.push(comp.to_vec()));
    out
}

/// [`sccs`] without collecting: each component goes to `visit` as it is found, so a graph of
/// millions of nodes needs no list of lists. Iterative Tarjan, so deep graphs do not
/// overflow the stack.
pub(crate) fn each_scc(
    n: usize,
    mut successors: impl FnMut(usize, &mut Vec<usize>),
    mut visit: impl FnMut(&[usize]),
) {
    const UNSEEN: u32 = u32::MAX;
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut comp = Vec::new();
    let mut next = 0u32;
    // Each frame: node, its successors, how many of them are done.
    let mut frames: Vec<(usize, Vec<usize>, usize)> = Vec::new();
    let mut spare: Vec<Vec<usize>> = Vec::new();
    for root in 0..n {
        if index[root] != UNSEEN {
            continue;
        }
        let mut pending = Some(root);
        loop {
            if let Some(v) = pending.take() {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
                let mut buf = spare.pop().unwrap_or_default();
                buf.clear();
                successors(v, &mut buf);
                frames.push((v, buf, 0));
            }
            let Some(frame) = frames.last_mut() else {
                break;
            };
            let v = frame.0;
            if frame.2 < frame.1.len() {
                let w = frame.1[frame.2];
                frame.2 += 1;
                if index[w] == UNSEEN {
                    pending = Some(w);
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            let (_, buf, _) = frames.pop().expect("frame");
            spare.push(buf);
            if let Some(parent) = frames.last() {
                let p = parent.0;
                low[p] = low[p].min(low[v]);
            }
            if low[v] == index[v] {
                comp.clear();
                loop {
                    let w = stack.pop().expect("tarjan stack");
                    on_stack[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                visit(&comp);
            }
        }
    }
}

/// Solves `a·x = b` exactly by Gauss–Jordan elimination (each pivot the first nonzero entry
/// of its column, every row reduced by it); `None` if `a` is singular. The matrices are
/// nalgebra's, over an exact field: its own decompositions work in floating point, which no
/// value may ever pass through.
pub(crate) fn solve_linear<T: Field>(a: DMatrix<T>, b: DVector<T>) -> Option<DVector<T>> {
    let never = || Ok::<(), std::convert::Infallible>(());
    match solve_linear_until(a, b, never) {
        Ok(x) => x,
        Err(never) => match never {},
    }
}

/// [`solve_linear`], asking `go_on` before each row it reduces and stopping with its error:
/// a large system costs the cube of its size, far past a time limit if not stopped.
pub(crate) fn solve_linear_until<T: Field, E>(
    mut a: DMatrix<T>,
    mut b: DVector<T>,
    go_on: impl Fn() -> Result<(), E>,
) -> Result<Option<DVector<T>>, E> {
    let n = b.len();
    debug_assert_eq!(a.shape(), (n, n), "a square system");
    for col in 0..n {
        go_on()?;
        let Some(pivot) = (col..n).find(|&r| !a[(r, col)].is_zero()) else {
            return Ok(None);
        };
        a.swap_rows(col, pivot);
        b.swap_rows(col, pivot);
        let inv = a[(col, col)].inverse();
        for j in col..n {
            a[(col, j)] *= &inv;
        }
        b[col] *= &inv;
        for r in 0..n {
            if r != col && !a[(r, col)].is_zero() {
                go_on()?;
                let factor = a[(r, col)].clone();
                for j in col..n {
                    let mut delta = a[(col, j)].clone();
                    delta *= &factor;
                    a[(r, j)] -= &delta;
                }
                let mut delta = b[col].clone();
                delta *= &factor;
                b[r] -= &delta;
            }
        }
    }
    Ok(Some(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn components_come_sinks_first() {
        // 0 -> 1 <-> 2 -> 3
        let edges = [vec![1], vec![2], vec![1, 3], vec![]];
        let comps = sccs(4, |v, buf| buf.extend_from_slice(&edges[v]));
        assert_eq!(comps.len(), 3);
        assert_eq!(comps[0], vec![3]);
        let mut mid = comps[1].clone();
        mid.sort();
        assert_eq!(mid, vec![1, 2]);
        assert_eq!(comps[2], vec![0]);
    }

    #[test]
    fn deep_chain_does_not_overflow() {
        let n = 200_000;
        let comps = sccs(n, |v, buf| {
            if v + 1 < n {
                buf.push(v + 1)
            }
        });
        assert_eq!(comps.len(), n);
        assert_eq!(comps[0], vec![n - 1]);
    }

    #[test]
    fn source_example_two() {
        // y = z/2, z = y/2 + 1/2  =>  y = 1/3, z = 2/3.
        let a = DMatrix::from_row_slice(2, 2, &[r(1, 1), r(-1, 2), r(-1, 2), r(1, 1)]);
        let b = DVector::from_vec(vec![r(0, 1), r(1, 2)]);
        let x = DVector::from_vec(vec![r(1, 3), r(2, 3)]);
        assert_eq!(solve_linear(a, b).unwrap(), x);
    }

    #[test]
    fn singular_is_none() {
        let a = DMatrix::from_row_slice(2, 2, &[r(1, 1), r(1, 1), r(2, 1), r(2, 1)]);
        let b = DVector::from_vec(vec![r(1, 1), r(2, 1)]);
        assert!(solve_linear(a, b).is_none());
    }

    #[test]
    fn a_stop_ends_the_elimination() {
        let a = DMatrix::from_row_slice(2, 2, &[r(1, 1), r(-1, 2), r(-1, 2), r(1, 1)]);
        let b = DVector::from_vec(vec![r(0, 1), r(1, 2)]);
        assert_eq!(solve_linear_until(a, b, || Err("stop")), Err("stop"));
    }
}
