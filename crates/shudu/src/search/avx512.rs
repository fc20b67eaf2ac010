//! The band update of the AVX-512 engine: each band's nine digits in the first nine lanes of one 512-bit register,
//! kept in registers for the whole propagation.
//!
//! A sweep visits the three bands in turn. A band is updated only when one of its nine words differs from the
//! band's value at its last update (one compare into a mask register, one test: three tests a sweep instead of the
//! portable sweep's 27), and then all nine digits are updated at once with the bit arithmetic of the x86-64-v3 wide
//! update (`super::wide`), which the compiler folds into three-input VPTERNLOGD operations. A digit's column locks
//! strike the same lane of the other two bands' registers; the cells the band's digits solved are gathered across
//! the lanes and cleared from the band's other digits. Lanes 9 to 15 hold every cell: they strike nothing, solve
//! nothing and are never empty.

use super::{State, BAND};
use std::arch::x86_64::*;

/// The lanes that hold a band's nine digits.
const DIGITS: __mmask16 = 0x1ff;

/// Band `b`'s nine words from `words` (`bands` or `prev` of a state), every cell in lanes 9 to 15.
///
/// # Safety
///
/// The CPU must have AVX-512F.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f,avx512bw,avx512vl,avx512dq,avx512cd")]
unsafe fn load(words: &[u32; 32], b: usize) -> __m512i {
    let b = b.min(2);
    // SAFETY: AVX-512F is enabled; the mask reads lanes 0 to 8, words `9 * b` to `9 * b + 8`, inside the 32 (the
    // masked-off lanes are not read, so they cannot fault).
    unsafe { _mm512_mask_loadu_epi32(_mm512_set1_epi32(BAND as i32), DIGITS, words.as_ptr().add(9 * b) as *const i32) }
}

/// Stores lanes 0 to 8 of `v` as band `b`'s nine words of `words`.
///
/// # Safety
///
/// The CPU must have AVX-512F.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f,avx512bw,avx512vl,avx512dq,avx512cd")]
unsafe fn store(words: &mut [u32; 32], b: usize, v: __m512i) {
    let b = b.min(2);
    // SAFETY: AVX-512F is enabled; the mask writes lanes 0 to 8, words `9 * b` to `9 * b + 8`, inside the 32.
    unsafe { _mm512_mask_storeu_epi32(words.as_mut_ptr().add(9 * b) as *mut i32, DIGITS, v) }
}

/// Runs the band update to a fixed point; `false` on a contradiction. As with the x86-64-v3 wide update, two digits
/// that both solved one cell in the same update keep it, which [`State::naked_singles`] checks.
///
/// # Safety
///
/// The CPU must have AVX-512F, BW, VL, DQ and CD besides the x86-64-v3 features (`super::has_v4`).
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f,avx512bw,avx512vl,avx512dq,avx512cd")]
pub(super) unsafe fn propagate(s: &mut State) -> bool {
    // SAFETY: the features are enabled; every load and store goes through `load` and `store`.
    unsafe {
        macro_rules! v {
            ($x:expr) => {
                _mm512_set1_epi32($x as i32)
            };
        }
        macro_rules! srl {
            ($x:expr, $n:literal) => {
                _mm512_srli_epi32::<$n>($x)
            };
        }
        macro_rules! sll {
            ($x:expr, $n:literal) => {
                _mm512_slli_epi32::<$n>($x)
            };
        }
        macro_rules! or {
            ($a:expr, $b:expr) => {
                _mm512_or_si512($a, $b)
            };
        }
        macro_rules! and {
            ($a:expr, $b:expr) => {
                _mm512_and_si512($a, $b)
            };
        }
        // `$a & !$b`
        macro_rules! andn {
            ($a:expr, $b:expr) => {
                _mm512_andnot_si512($b, $a)
            };
        }
        // Each low-form bit copied to the two cells above it: a segment's three cells.
        macro_rules! spread3 {
            ($x:expr) => {{
                let x = $x;
                or!(x, or!(sll!(x, 1), sll!(x, 2)))
            }};
        }
        // Box rotations in the low form: box k takes box k + 1 (`k1`) or box k + 2 (`k2`), in every row.
        macro_rules! k1 {
            ($x:expr) => {{
                let x = $x;
                or!(and!(srl!(x, 3), v!(0o011_011_011)), and!(sll!(x, 6), v!(0o100_100_100)))
            }};
        }
        macro_rules! k2 {
            ($x:expr) => {{
                let x = $x;
                or!(and!(srl!(x, 6), v!(0o001_001_001)), and!(sll!(x, 3), v!(0o110_110_110)))
            }};
        }
        // One band update on every lane (see `super::wide::propagate`): the band with its segments off every
        // permutation removed, the columns locked (spread over the three rows), and the solved cells; `bad` gains
        // the lanes left empty.
        let mut bad: __mmask16 = 0;
        macro_rules! update {
            ($a:expr) => {{
                let a = $a;
                let m = and!(or!(a, or!(srl!(a, 1), srl!(a, 2))), v!(0o111_111_111));
                let r1 = or!(srl!(m, 9), sll!(m, 18));
                let r2 = or!(srl!(m, 18), sll!(m, 9));
                let kept = and!(m, or!(and!(k1!(r1), k2!(r2)), and!(k2!(r1), k1!(r2))));
                let a = and!(a, spread3!(kept));
                bad |= _mm512_testn_epi32_mask(a, a);
                let cols = and!(or!(a, or!(srl!(a, 9), srl!(a, 18))), v!(0x1ff));
                let c1 = srl!(cols, 1);
                let c2 = srl!(cols, 2);
                let multi = and!(or!(and!(cols, or!(c1, c2)), and!(c1, c2)), v!(0o111));
                let lock = andn!(cols, spread3!(multi));
                let lock = or!(lock, or!(sll!(lock, 9), sll!(lock, 18)));
                let s1 = srl!(kept, 3);
                let s2 = srl!(kept, 6);
                let multi_rows = and!(or!(and!(kept, or!(s1, s2)), and!(s1, s2)), v!(0o001_001_001));
                let multi_rows = or!(multi_rows, or!(sll!(multi_rows, 3), sll!(multi_rows, 6)));
                let multi_boxes = or!(multi, or!(sll!(multi, 9), sll!(multi, 18)));
                let solved = and!(a, spread3!(andn!(kept, or!(multi_rows, multi_boxes))));
                (a, lock, solved)
            }};
        }
        // The union over the sixteen lanes, in every lane.
        macro_rules! across {
            ($x:expr) => {{
                let x = $x;
                let x = or!(x, _mm512_shuffle_i32x4::<0x4e>(x, x));
                let x = or!(x, _mm512_shuffle_i32x4::<0xb1>(x, x));
                let x = or!(x, _mm512_shuffle_epi32::<0x4e>(x));
                or!(x, _mm512_shuffle_epi32::<0xb1>(x))
            }};
        }
        let (mut b0, mut b1, mut b2) = (load(&s.bands, 0), load(&s.bands, 1), load(&s.bands, 2));
        let (mut p0, mut p1, mut p2) = (load(&s.prev, 0), load(&s.prev, 1), load(&s.prev, 2));
        let zero = _mm512_setzero_si512();
        let mut solved_all = [zero; 3];
        loop {
            let mut changed = false;
            macro_rules! band {
                ($b:ident, $p:ident, $o1:ident, $o2:ident, $k:literal) => {
                    if _mm512_cmpneq_epi32_mask($b, $p) != 0 {
                        changed = true;
                        let (a, lock, solved) = update!($b);
                        $o1 = andn!($o1, lock);
                        $o2 = andn!($o2, lock);
                        let all = across!(solved);
                        $p = a;
                        // Lanes 9 to 15 keep every cell: the clear is masked to the digits' lanes.
                        $b = andn!(a, _mm512_maskz_andnot_epi32(DIGITS, solved, all));
                        solved_all[$k] = or!(solved_all[$k], all);
                    }
                };
            }
            band!(b0, p0, b1, b2, 0);
            band!(b1, p1, b0, b2, 1);
            band!(b2, p2, b0, b1, 2);
            if bad != 0 {
                return false;
            }
            if !changed {
                break;
            }
        }
        store(&mut s.bands, 0, b0);
        store(&mut s.bands, 1, b1);
        store(&mut s.bands, 2, b2);
        store(&mut s.prev, 0, p0);
        store(&mut s.prev, 1, p1);
        store(&mut s.prev, 2, p2);
        for (b, solved) in solved_all.iter().enumerate() {
            s.unsolved[b] &= !(_mm512_cvtsi512_si32(*solved) as u32);
        }
        true
    }
}
