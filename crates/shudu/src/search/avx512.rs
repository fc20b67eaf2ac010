//! The AVX-512 engine's logic for a branch of the search: each band's nine digits in the first nine lanes of one
//! 512-bit register, kept in registers from the branch's start to its fixed point (band update, naked singles,
//! column claims), then stored once.
//!
//! A sweep visits the three bands in turn, starting with the band of the last guess. A band is updated only when one
//! of its nine words differs from the band's value at its last update (one compare into a mask register, one test:
//! three tests a sweep instead of the portable sweep's 27), and then all nine digits are updated at once: the
//! segments the band holds, the six permutations of its boxes tested against them with VPTESTNMD (each a mask of
//! the lanes where it survives), the kept cells gathered by masked ORs, the locked columns and the rows left with
//! one cell by bit arithmetic in VPTERNLOGD. A digit's column locks strike the same lane of the other two bands'
//! registers; the cells the band's digits solved are gathered across the lanes (VPERMD) and cleared from the band's
//! other digits. Lanes 9 to 15 hold every cell: they strike nothing, solve nothing and are never empty. The result
//! is the fixed point the other engines reach, so the guesses and results are theirs (the collection test checks it).
//!
//! The AVX-512 intrinsics and target features this module uses are stable since Rust 1.89, the workspace's
//! `rust-version`.

use super::{spread, State, BAND, PLACE_CLEARS};
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
    unsafe {
        _mm512_mask_loadu_epi32(
            _mm512_set1_epi32(BAND as i32),
            DIGITS,
            words.as_ptr().add(9 * b) as *const i32,
        )
    }
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

/// Runs the logic of a branch of the search to its fixed point, with the band words in registers throughout: the
/// band update, naked singles and column claims, as `Search::run_with` does on the other engines (the same fixed
/// point, so the same guesses). The branch starts from `source` (the parent's state, `s` a fresh one to fill) or, when
/// `source` is null, from `s`, with the guess `placement` (digit, band, bit), if any, to place first; the sweeps
/// start with band `first` (that of the guess). `false` on a contradiction; else `s` holds the fixed point (its band
/// words, their last updates and its unsolved cells) and `pairs` each band's cells with two candidates.
///
/// # Safety
///
/// The CPU must have AVX-512F, BW, VL, DQ and CD besides the x86-64-v3 features (`super::has_v4`); `source` must be
/// null or point to a live state that nothing writes during the call.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f,avx512bw,avx512vl,avx512dq,avx512cd")]
pub(super) unsafe fn settle(
    s: &mut State,
    source: *const State,
    placement: Option<(usize, usize, u32)>,
    pairs: &mut [u32; 3],
    first: usize,
) -> bool {
    // SAFETY: the features are enabled; every load and store goes through `load` and `store`; `source`, when not
    // null, is a live state no one writes during the call (the caller's promise).
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
        // 0xf0, 0xcc and 0xaa: 0xfe `a | b | c`, 0xe8 the majority, 0x80 `a & b & c`, 0xa8 `(a | b) & c`, 0x57
        // `!((a | b) & c)`, 0xe0 `a & (b | c)`, 0x40 `a & b & !c`, 0x20 `a & !b & c`, 0x10 `a & !(b | c)`. Written out, ORs of disjoint shifts became multiplications (VPMULLD, ten
        // cycles) on the update's critical path.
        macro_rules! t {
            ($imm:literal, $a:expr, $b:expr, $c:expr) => {
                _mm512_ternarylogic_epi32::<$imm>($a, $b, $c)
            };
        }
        // Each low-form bit copied to the two cells above it: a segment's three cells (the claims' boxes).
        macro_rules! spread3 {
            ($x:expr) => {{
                let x = $x;
                t!(0xfe, x, sll!(x, 1), sll!(x, 2))
            }};
        }
        // The update works on the "high form" of a band's segments: bit `9 * row + 3 * box + 2` set while the
        // row-box segment holds a candidate. Shifts by an immediate take one port of the two that run 512-bit
        // operations, and they were the bulk of the update: the high form comes from a carry (the low two bits of
        // each segment plus 3 reach its top bit when either is set) instead of two shifts, and the segments on a
        // permutation are found by testing the six permutations (no shifts) instead of by rotating rows and boxes
        // (ten).
        let seg_low2 = v!(0o333_333_333);
        let high_bits = v!(0o444_444_444);
        // The six permutations of a band's three boxes over its three rows, in the high form.
        let perms = {
            const fn perm(p: [u32; 3]) -> u32 {
                1 << (3 * p[0] + 2) | 1 << (9 + 3 * p[1] + 2) | 1 << (18 + 3 * p[2] + 2)
            }
            [
                v!(perm([0, 1, 2])),
                v!(perm([0, 2, 1])),
                v!(perm([1, 0, 2])),
                v!(perm([1, 2, 0])),
                v!(perm([2, 0, 1])),
                v!(perm([2, 1, 0])),
            ]
        };
        // The same permutations' cells.
        let perm_cells = {
            const fn cells(p: [u32; 3]) -> u32 {
                7 << (3 * p[0]) | 7 << (9 + 3 * p[1]) | 7 << (18 + 3 * p[2])
            }
            [
                v!(cells([0, 1, 2])),
                v!(cells([0, 2, 1])),
                v!(cells([1, 0, 2])),
                v!(cells([1, 2, 0])),
                v!(cells([2, 0, 1])),
                v!(cells([2, 1, 0])),
            ]
        };
        let row_first = v!(0o001_001_001);
        let row_low8 = v!(0xff | 0xff << 9 | 0xff << 18);
        let row_top = v!(1 << 8 | 1 << 17 | 1 << 26);
        let row = v!(0x1ff);
        let box_low = v!(0o111);
        let box_high = v!(0o444);
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
                // The segments not held (and every bit off the high form).
                let missing = t!(0x57, _mm512_add_epi32(and!(a, seg_low2), seg_low2), a, high_bits);
                // The cells of the permutations the band still holds whole (no segment missing), each tested with
                // one VPTESTNMD into a mask register.
                let mut keep = _mm512_maskz_mov_epi32(_mm512_testn_epi32_mask(missing, perms[0]), perm_cells[0]);
                for i in 1..6 {
                    keep = _mm512_mask_or_epi32(
                        keep,
                        _mm512_testn_epi32_mask(missing, perms[i]),
                        keep,
                        perm_cells[i],
                    );
                }
                let a = and!(a, keep);
                bad |= _mm512_testn_epi32_mask(a, a);
                let cols = and!(t!(0xfe, a, srl!(a, 9), srl!(a, 18)), row);
                // Boxes with two or more columns, at the box's top bit.
                let multi = and!(t!(0xe8, cols, sll!(cols, 1), sll!(cols, 2)), box_high);
                // cols & !multi & !(multi's lower two columns)
                let lock = t!(0x10, cols, multi, _mm512_sub_epi32(multi, srl!(multi, 2)));
                let lock = t!(0xfe, lock, sll!(lock, 9), sll!(lock, 18));
                // Once the segments off every permutation are gone, a row with one segment in a box with one column
                // is a row with one cell: the digit's. Each row less its lowest cell (no row is empty unless the band
                // is), then the rows left with a cell, flagged at their top bit (the low eight bits plus 255 carry
                // into it) and spread over their nine cells.
                let rest = and!(a, _mm512_sub_epi32(a, row_first));
                let more = t!(
                    0xa8,
                    _mm512_add_epi32(and!(rest, row_low8), row_low8),
                    rest,
                    row_top
                );
                let solved = andn!(a, _mm512_sub_epi32(sll!(more, 1), srl!(more, 8)));
                (a, lock, solved)
            }};
        }
        // The union over the nine lanes, in each of them.
        macro_rules! across {
            ($x:expr) => {{
                let x = $x;
                let x = t!(
                    0xfe,
                    x,
                    _mm512_permutexvar_epi32(group1, x),
                    _mm512_permutexvar_epi32(group2, x)
                );
                t!(
                    0xfe,
                    x,
                    _mm512_permutexvar_epi32(next3, x),
                    _mm512_permutexvar_epi32(next6, x)
                )
            }};
        }
        // The bands in sweep order, `first` first: the update is the same for every band, so only the loads, the
        // stores and the indices of `unsolved` and `pairs` name them.
        let i0 = first % 3;
        let (i1, i2) = ((i0 + 1) % 3, (i0 + 2) % 3);
        // Read from the parent's state when given one (written a while ago, so no load waits on a store in flight,
        // as the loads of a fresh copy did), else from `s`.
        let from: &State = if source.is_null() { s } else { &*source };
        let (mut b0, mut b1, mut b2) = (load(&from.bands, i0), load(&from.bands, i1), load(&from.bands, i2));
        let (mut p0, mut p1, mut p2) = (load(&from.prev, i0), load(&from.prev, i1), load(&from.prev, i2));
        let (mut u0, mut u1, mut u2) = (from.unsolved[i0], from.unsolved[i1], from.unsolved[i2]);
        // The guess, placed in registers (see `State::place`): digit `d` at bit `bit` of band `b`, the first of the
        // sweep.
        if let Some((d, b, bit)) = placement {
            debug_assert_eq!(b % 3, i0);
            let lane: __mmask16 = 1 << (d % 9);
            b0 = _mm512_mask_andnot_epi32(b0, lane, v!(PLACE_CLEARS[bit as usize & 31]), b0);
            let col = v!(spread(1 << (bit % 9)));
            b1 = _mm512_mask_andnot_epi32(b1, lane, col, b1);
            b2 = _mm512_mask_andnot_epi32(b2, lane, col, b2);
        }
        loop {
            // The band update to a fixed point.
            loop {
                let mut changed = false;
                macro_rules! band {
                    ($b:ident, $p:ident, $o1:ident, $o2:ident, $u:ident) => {
                        if _mm512_cmpneq_epi32_mask($b, $p) != 0 {
                            changed = true;
                            let (a, lock, solved) = update!($b);
                            $o1 = andn!($o1, lock);
                            $o2 = andn!($o2, lock);
                            let all = across!(solved);
                            $p = a;
                            // Lanes 9 to 15 keep every cell: the clear is masked to the digits' lanes.
                            $b = andn!(a, t!(0x20, all, solved, digits));
                            $u &= !(_mm512_cvtsi512_si32(all) as u32);
                        }
                    };
                }
                band!(b0, p0, b1, b2, u0);
                band!(b1, p1, b0, b2, u1);
                band!(b2, p2, b0, b1, u2);
                if bad != 0 {
                    return false;
                }
                if !changed {
                    break;
                }
            }
            // Naked singles, from the cells with at least one, two and three candidates: across each group of
            // three lanes, then across the three groups.
            let mut placed = false;
            // Counted for the three bands before any single is placed (as the x86-64-v3 engine does; a count made
            // stale by a single placed in the same round defers a single or an empty cell to the next round, and
            // the guess follows a round that placed nothing). Each band's groups of three lanes first; then the
            // three bands packed into one register (band j's group g in lane 3g + j), and the groups summed for
            // all three at once.
            let group = |x: __m512i| {
                let (g1, g2) = (_mm512_permutexvar_epi32(group1, x), _mm512_permutexvar_epi32(group2, x));
                (t!(0xfe, x, g1, g2), t!(0xe8, x, g1, g2), t!(0x80, x, g1, g2))
            };
            let (x0, x1, x2) = (group(b0), group(b1), group(b2));
            let pack = |y0: __m512i, y1: __m512i, y2: __m512i| {
                _mm512_mask_blend_epi32(0o444, _mm512_mask_blend_epi32(0o222, y0, y1), y2)
            };
            let (c1, c2, c3) = (pack(x0.0, x1.0, x2.0), pack(x0.1, x1.1, x2.1), pack(x0.2, x1.2, x2.2));
            let (c1b, c1c) = (_mm512_permutexvar_epi32(next3, c1), _mm512_permutexvar_epi32(next6, c1));
            let (c2b, c2c) = (_mm512_permutexvar_epi32(next3, c2), _mm512_permutexvar_epi32(next6, c2));
            let (c3b, c3c) = (_mm512_permutexvar_epi32(next3, c3), _mm512_permutexvar_epi32(next6, c3));
            // At least two groups hold the cell; some group holds it twice; some thrice; all three.
            let two_groups = t!(0xe8, c1, c1b, c1c);
            let twice = t!(0xfe, c2, c2b, c2c);
            let thrice = t!(0xfe, c3, c3b, c3c);
            let lanes = |x: __m512i| {
                let x = _mm512_castsi512_si128(x);
                [
                    _mm_cvtsi128_si32(x) as u32,
                    _mm_extract_epi32::<1>(x) as u32,
                    _mm_extract_epi32::<2>(x) as u32,
                ]
            };
            let r1 = lanes(t!(0xfe, c1, c1b, c1c));
            let r2 = lanes(or!(two_groups, twice));
            let r3 = lanes(t!(0xfe, thrice, t!(0x80, c1, c1b, c1c), and!(two_groups, twice)));
            macro_rules! singles {
                ($b:ident, $o1:ident, $o2:ident, $u:ident, $k:expr, $j:literal) => {{
                    let (r1, r2, r3) = (r1[$j], r2[$j], r3[$j]);
                    let u = $u;
                    if u & !r1 != 0 {
                        return false;
                    }
                    // The band updates leave a cell two digits both solved with both: a contradiction.
                    if !u & r2 & BAND != 0 {
                        return false;
                    }
                    pairs[$k % 3] = u & r2 & !r3;
                    let mut cells = u & !r2;
                    while cells != 0 {
                        let bit = cells.trailing_zeros();
                        cells &= cells - 1;
                        let ds = _mm512_test_epi32_mask($b, v!(1u32 << bit)) & DIGITS;
                        if ds == 0 {
                            return false;
                        }
                        let lane = ds & ds.wrapping_neg();
                        $b = _mm512_mask_andnot_epi32($b, lane, v!(PLACE_CLEARS[bit as usize & 31]), $b);
                        let col = v!(spread(1 << (bit % 9)));
                        $o1 = _mm512_mask_andnot_epi32($o1, lane, col, $o1);
                        $o2 = _mm512_mask_andnot_epi32($o2, lane, col, $o2);
                        placed = true;
                    }
                }};
            }
            singles!(b0, b1, b2, u0, i0, 0);
            singles!(b1, b0, b2, u1, i1, 1);
            singles!(b2, b0, b1, u2, i2, 2);
            if placed {
                continue;
            }
            // Column claims (see `State::claim_columns`): lane for lane, a digit's columns in the other bands are
            // the same lane of their registers.
            let fold = |x: __m512i| and!(t!(0xfe, x, srl!(x, 9), srl!(x, 18)), row);
            let (f0, f1, f2) = (fold(b0), fold(b1), fold(b2));
            let mut wrong: __mmask16 = 0;
            let mut struck: __mmask16 = 0;
            macro_rules! claim {
                ($b:ident, $mine:expr, $theirs:expr) => {{
                    let (mine, theirs) = ($mine, $theirs);
                    wrong |= _mm512_cmpneq_epi32_mask(or!(mine, theirs), row);
                    let only = andn!(mine, theirs);
                    let (o1, o2) = (srl!(only, 1), srl!(only, 2));
                    wrong |= _mm512_test_epi32_mask(t!(0xe8, only, o1, o2), box_low);
                    let clear = andn!(spread3!(and!(t!(0xfe, only, o1, o2), box_low)), only);
                    struck |= _mm512_test_epi32_mask(mine, clear);
                    $b = andn!($b, t!(0xfe, clear, sll!(clear, 9), sll!(clear, 18)));
                }};
            }
            claim!(b0, f0, or!(f1, f2));
            claim!(b1, f1, or!(f0, f2));
            claim!(b2, f2, or!(f0, f1));
            if wrong != 0 {
                return false;
            }
            if struck == 0 {
                break;
            }
        }
        store(&mut s.bands, i0, b0);
        store(&mut s.bands, i1, b1);
        store(&mut s.bands, i2, b2);
        store(&mut s.prev, i0, p0);
        store(&mut s.prev, i1, p1);
        store(&mut s.prev, i2, p2);
        s.unsolved[i0] = u0;
        s.unsolved[i1] = u1;
        s.unsolved[i2] = u2;
        true
    }
}
