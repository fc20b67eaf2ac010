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
#[inline(never)]
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
        // Three-input logic in one VPTERNLOGD; the immediate is the function's truth table on the inputs' columns
        // 0xf0, 0xcc and 0xaa: 0xfe `a | b | c`, 0xe8 the majority, 0xca `a ? b : c`, 0xea `a & b | c`, 0x20
        // `a & !b & c`, 0x10 `a & !(b | c)`. Written out, ORs of disjoint shifts became multiplications (VPMULLD, ten
        // cycles) on the update's critical path.
        macro_rules! t {
            ($imm:literal, $a:expr, $b:expr, $c:expr) => {
                _mm512_ternarylogic_epi32::<$imm>($a, $b, $c)
            };
        }
        // Each low-form bit copied to the two cells above it: a segment's three cells.
        macro_rules! spread3 {
            ($x:expr) => {{
                let x = $x;
                t!(0xfe, x, sll!(x, 1), sll!(x, 2))
            }};
        }
        // Box rotations in the low form: box k takes box k + 1 (`k1`) or box k + 2 (`k2`), in every row. Bits off the
        // low form are left as they fall: the result is only used under the segments `m`.
        let box_next = v!(0o011_011_011);
        let box_prev = v!(0o001_001_001);
        macro_rules! k1 {
            ($x:expr) => {{
                let x = $x;
                t!(0xca, box_next, srl!(x, 3), sll!(x, 6))
            }};
        }
        macro_rules! k2 {
            ($x:expr) => {{
                let x = $x;
                t!(0xca, box_prev, srl!(x, 6), sll!(x, 3))
            }};
        }
        let low_bits = v!(0o111_111_111);
        let row = v!(0x1ff);
        let box_low = v!(0o111);
        let row_low = v!(0o001_001_001);
        // Lanes 0 to 8: every bit set; lanes 9 to 15 none (their words keep every cell).
        let digits = _mm512_maskz_mov_epi32(DIGITS, v!(-1));
        // For the union across the nine lanes: each lane's two partners in its group of three, then the lanes three
        // and six further on (mod 9). Lanes 9 to 15 take lane 0's.
        let group1 = _mm512_setr_epi32(1, 2, 0, 4, 5, 3, 7, 8, 6, 0, 0, 0, 0, 0, 0, 0);
        let group2 = _mm512_setr_epi32(2, 0, 1, 5, 3, 4, 8, 6, 7, 0, 0, 0, 0, 0, 0, 0);
        let next3 = _mm512_setr_epi32(3, 4, 5, 6, 7, 8, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0);
        let next6 = _mm512_setr_epi32(6, 7, 8, 0, 1, 2, 3, 4, 5, 0, 0, 0, 0, 0, 0, 0);
        // One band update on every lane (see `super::wide::propagate`): the band with its segments off every
        // permutation removed, the columns locked (spread over the three rows), and the solved cells; `bad` gains
        // the lanes left empty.
        let mut bad: __mmask16 = 0;
        macro_rules! update {
            ($a:expr) => {{
                let a = $a;
                let m = and!(t!(0xfe, a, srl!(a, 1), srl!(a, 2)), low_bits);
                let r1 = or!(srl!(m, 9), sll!(m, 18));
                let r2 = or!(srl!(m, 18), sll!(m, 9));
                let kept = and!(m, t!(0xea, k1!(r1), k2!(r2), and!(k2!(r1), k1!(r2))));
                let a = and!(a, spread3!(kept));
                bad |= _mm512_testn_epi32_mask(a, a);
                let cols = t!(0xfe, a, srl!(a, 9), srl!(a, 18));
                let multi = and!(t!(0xe8, cols, srl!(cols, 1), srl!(cols, 2)), box_low);
                let lock = t!(0x20, cols, spread3!(multi), row);
                let lock = t!(0xfe, lock, sll!(lock, 9), sll!(lock, 18));
                let multi_rows = and!(t!(0xe8, kept, srl!(kept, 3), srl!(kept, 6)), row_low);
                let multi_rows = t!(0xfe, multi_rows, sll!(multi_rows, 3), sll!(multi_rows, 6));
                let multi_boxes = t!(0xfe, multi, sll!(multi, 9), sll!(multi, 18));
                let solved = and!(a, spread3!(t!(0x10, kept, multi_rows, multi_boxes)));
                (a, lock, solved)
            }};
        }
        // The union over the nine lanes, in each of them.
        macro_rules! across {
            ($x:expr) => {{
                let x = $x;
                let x = t!(0xfe, x, _mm512_permutexvar_epi32(group1, x), _mm512_permutexvar_epi32(group2, x));
                t!(0xfe, x, _mm512_permutexvar_epi32(next3, x), _mm512_permutexvar_epi32(next6, x))
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
                        $b = andn!(a, t!(0x20, all, solved, digits));
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
