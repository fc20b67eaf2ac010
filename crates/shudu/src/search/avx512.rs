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
//! Where the CPU also has VPOPCNTDQ and VBMI2, the cell to guess on is scored here too, sixteen cells to a register,
//! from the registers the branch ends with ([`guess_pair`]): the same score and the same cell as `State::guess_cell`.
//!
//! The AVX-512 intrinsics and target features this module uses are stable since Rust 1.89, the workspace's
//! `rust-version`.

use super::{spread, State, BAND, PEERS_IN_BAND, PLACE_CLEARS};
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

/// The nine words of the bands `first`, `first + 1` and `first + 2` (mod 3), in the first nine lanes of `v`, laid
/// out as `State::bands`: its words 0 to 15 and 16 to 31 (those past 26 hold every cell).
///
/// # Safety
///
/// The CPU must have AVX-512F.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f,avx512bw,avx512vl,avx512dq,avx512cd")]
unsafe fn in_order(v: [__m512i; 3], first: usize) -> [__m512i; 2] {
    // Band `j` is in register `j - first` (mod 3).
    let (k1, k2): (__mmask16, __mmask16) = (if first == 1 { 0xffff } else { 0 }, if first == 2 { 0xffff } else { 0 });
    let c0 = _mm512_mask_blend_epi32(k2, _mm512_mask_blend_epi32(k1, v[0], v[2]), v[1]);
    let c1 = _mm512_mask_blend_epi32(k2, _mm512_mask_blend_epi32(k1, v[1], v[0]), v[2]);
    let c2 = _mm512_mask_blend_epi32(k2, _mm512_mask_blend_epi32(k1, v[2], v[1]), v[0]);
    [
        _mm512_permutex2var_epi32(
            c0,
            _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 16, 17, 18, 19, 20, 21, 22),
            c1,
        ),
        _mm512_permutex2var_epi32(
            c1,
            _mm512_setr_epi32(7, 8, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29),
            c2,
        ),
    ]
}

/// Runs the logic of a branch of the search to its fixed point, with the band words in registers throughout: the
/// band update, naked singles and column claims, as `Search::run_with` does on the other engines (the same fixed
/// point, so the same guesses). The branch starts from `source` (the parent's state, `s` a fresh one to fill) or, when
/// `source` is null, from `s`, with the guess `placement` (digit, band, bit), if any, to place first; the sweeps
/// start with band `first` (that of the guess). `false` on a contradiction; else `s` holds the fixed point (its band
/// words, their last updates and its unsolved cells) and `pairs` each band's cells with two candidates. When `guess`
/// is given and some cell has two candidates, it gets the cell to guess on ([`guess_pair`]), as `32 × band + bit`.
///
/// # Safety
///
/// The CPU must have AVX-512F, BW, VL, DQ and CD besides the x86-64-v3 features (`super::has_v4`), and VPOPCNTDQ and
/// VBMI2 as well if `guess` is given (`super::has_v4_guess`); `source` must be null or point to a live state that
/// nothing writes during the call.
#[inline]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f,avx512bw,avx512vl,avx512dq,avx512cd")]
pub(super) unsafe fn settle(
    s: &mut State,
    source: *const State,
    placement: Option<(usize, usize, u32)>,
    pairs: &mut [u32; 3],
    first: usize,
    guess: Option<&mut u32>,
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
        if let Some(guess) = guess {
            if pairs[0] | pairs[1] | pairs[2] != 0 {
                // SAFETY: `guess` is given only where the CPU has VPOPCNTDQ and VBMI2 (the caller's promise).
                if let Some((b, bit)) = guess_pair(in_order([b0, b1, b2], i0), s.unsolved, pairs) {
                    *guess = 32 * b as u32 + bit;
                }
            }
        }
        true
    }
}

/// For each cell of a band (bit `i`), its column over the band's three rows, and bit 31 (see [`guess_pair`]).
static COLUMNS: [u32; 32] = {
    let mut t = [1 << 31; 32];
    let mut i = 0;
    while i < 27 {
        t[i] |= spread(1 << (i % 9));
        i += 1;
    }
    t
};

/// [`State::guess_cell`]'s choice among the cells with two candidates, sixteen cells at a time: the same score
/// (`2 × unsolved peers + (s1 + 1)(s2 + 1)`) and the same tie-break (the first cell in band order, then bit order),
/// so the same cell, as (band, bit); `None` when no cell has two candidates, or more than 64 have.
///
/// The cells with two candidates are gathered as bytes (`32 × band + bit`) by VPCOMPRESSB and VPEXPANDB, sixteen at
/// a time widened to the lanes of a register, and each lane looks up what it needs with VPERMT2D from 32-entry
/// tables (its peers, its column, the words of its band and digits) and counts with VPOPCNTD. Each lane's key is
/// its score above its order, so one unsigned maximum finds the cell.
///
/// It reads the state from registers: `words` are `State::bands`'s words 0 to 15 and 16 to 31 ([`in_order`]),
/// `unsolved` and `pairs` each band's unsolved cells and cells with two candidates. Read back from memory, the words
/// waited for [`settle`]'s masked stores to reach the cache (about 90 cycles a guess, measured with RDTSC).
///
/// # Safety
///
/// The CPU must have AVX-512 VPOPCNTDQ and VBMI2 besides the features of `super::has_v4` (`super::has_v4_guess`).
#[target_feature(
    enable = "avx2,bmi1,bmi2,popcnt,lzcnt,avx512f,avx512bw,avx512vl,avx512dq,avx512cd,avx512vpopcntdq,avx512vbmi2"
)]
unsafe fn guess_pair(words: [__m512i; 2], unsolved: [u32; 3], pairs: &[u32; 3]) -> Option<(usize, u32)> {
    // SAFETY: the features are enabled (the caller's promise); the loads read `PEERS_IN_BAND` and `COLUMNS`, 32
    // words each.
    unsafe {
        macro_rules! v {
            ($x:expr) => {
                _mm512_set1_epi32($x as i32)
            };
        }
        let pairs01 = pairs[0] as u64 | (pairs[1] as u64) << 32;
        let n01 = pairs01.count_ones();
        let n = n01 + pairs[2].count_ones();
        if n == 0 || n > 64 {
            return None;
        }
        // The cells in order, as bytes: bands 0 and 1 from one 64-bit mask, band 2's after them.
        let iota = _mm512_set_epi64(
            0x3f3e_3d3c_3b3a_3938,
            0x3736_3534_3332_3130,
            0x2f2e_2d2c_2b2a_2928,
            0x2726_2524_2322_2120,
            0x1f1e_1d1c_1b1a_1918,
            0x1716_1514_1312_1110,
            0x0f0e_0d0c_0b0a_0908,
            0x0706_0504_0302_0100,
        );
        let cells = _mm512_mask_expand_epi8(
            _mm512_maskz_compress_epi8(pairs01, iota),
            !0u64 << n01,
            _mm512_maskz_compress_epi8(pairs[2] as u64, _mm512_add_epi8(iota, _mm512_set1_epi8(64))),
        );
        let [lo, hi] = words;
        // The pair cells holding each digit, laid out as `bands` (words 0 to 8 band 0, 9 to 17 band 1, 18 to 26
        // band 2), and bit 31 set in every word (`a & b | c`): counted in the other bands' column (`COLUMNS` has
        // it too), it adds the 1 of `s + 1`.
        let (p0, p1, p2) = (v!(pairs[0]), v!(pairs[1]), v!(pairs[2]));
        let extra = v!(1u32 << 31);
        let pd_lo = _mm512_ternarylogic_epi32::<0xea>(lo, _mm512_mask_blend_epi32(0xfe00, p0, p1), extra);
        let pd_hi = _mm512_ternarylogic_epi32::<0xea>(hi, _mm512_mask_blend_epi32(0xfffc, p1, p2), extra);
        // For each digit, lane `b`: its word of band `b`.
        let by_digit: [__m512i; 9] = std::array::from_fn(|d| {
            let d = d as i32;
            _mm512_permutex2var_epi32(
                pd_lo,
                _mm512_setr_epi32(d, 9 + d, 18 + d, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
                pd_hi,
            )
        });
        let peers = (
            _mm512_loadu_si512(PEERS_IN_BAND.as_ptr() as *const _),
            _mm512_loadu_si512(PEERS_IN_BAND.as_ptr().add(16) as *const _),
        );
        let columns = (
            _mm512_loadu_si512(COLUMNS.as_ptr() as *const _),
            _mm512_loadu_si512(COLUMNS.as_ptr().add(16) as *const _),
        );
        let z = 0;
        let (u0, u1, u2) = (unsolved[0] as i32, unsolved[1] as i32, unsolved[2] as i32);
        // Lane `b`: band `b`'s unsolved cells, and those of its two other bands.
        let unsolved = (
            _mm512_setr_epi32(u0, u1, u2, z, z, z, z, z, z, z, z, z, z, z, z, z),
            _mm512_setr_epi32(u1, u0, u0, z, z, z, z, z, z, z, z, z, z, z, z, z),
            _mm512_setr_epi32(u2, u2, u1, z, z, z, z, z, z, z, z, z, z, z, z, z),
        );
        // Lane `b`: the first words of band `b` (bits 0 to 7), of its first other band (8 to 15) and of its second
        // (16 to 23). VPERMT2D reads the low five bits of an index, so a word's index is this shifted, plus the digit.
        let first = _mm512_setr_epi32(
            18 << 16 | 9 << 8,
            18 << 16 | 9,
            9 << 16 | 18,
            z,
            z,
            z,
            z,
            z,
            z,
            z,
            z,
            z,
            z,
            z,
            z,
            z,
        );
        let one = v!(1);
        let mut best = _mm512_setzero_si512();
        for chunk in 0..4 {
            if chunk * 16 >= n {
                break;
            }
            let ids = _mm512_cvtepu8_epi32(match chunk {
                0 => _mm512_castsi512_si128(cells),
                1 => _mm512_extracti32x4_epi32::<1>(cells),
                2 => _mm512_extracti32x4_epi32::<2>(cells),
                _ => _mm512_extracti32x4_epi32::<3>(cells),
            });
            let valid = if n - chunk * 16 >= 16 {
                0xffff
            } else {
                ((1u32 << (n - chunk * 16)) - 1) as __mmask16
            };
            let b = _mm512_srli_epi32::<5>(ids);
            let bit = _mm512_and_si512(ids, v!(31));
            // The low five bits of `ids` are the cell's bit.
            let peers = _mm512_permutex2var_epi32(peers.0, ids, peers.1);
            let col = _mm512_permutex2var_epi32(columns.0, ids, columns.1);
            let base = _mm512_permutexvar_epi32(b, first);
            let (base_o1, base_o2) = (_mm512_srli_epi32::<8>(base), _mm512_srli_epi32::<16>(base));
            let word = |at: __m512i| _mm512_permutex2var_epi32(pd_lo, at, pd_hi);
            // The other two bands' cells in the column, counted in one word (VPTERNLOGD 0xea: `a & b | c`): the
            // second band's moved up one bit, beside the first's (bits c, c + 9 and c + 18 against c + 1, c + 10 and
            // c + 19; bit 31 of the second leaves the word).
            let count = |x: __m512i, x1: __m512i, x2: __m512i| {
                let beside =
                    _mm512_ternarylogic_epi32::<0xea>(x1, col, _mm512_slli_epi32::<1>(_mm512_and_si512(x2, col)));
                _mm512_add_epi32(
                    _mm512_popcnt_epi32(_mm512_and_si512(x, peers)),
                    _mm512_popcnt_epi32(beside),
                )
            };
            let unsolved = count(
                _mm512_permutexvar_epi32(b, unsolved.0),
                _mm512_permutexvar_epi32(b, unsolved.1),
                _mm512_permutexvar_epi32(b, unsolved.2),
            );
            // The cell's two digits: the least and the greatest whose word holds it, each by a tree of minima or
            // maxima (a cell with two digits has its least below 8 and its greatest above 0).
            let mask = _mm512_sllv_epi32(one, bit);
            let held: [__mmask16; 9] =
                std::array::from_fn(|d| _mm512_test_epi32_mask(_mm512_permutexvar_epi32(b, by_digit[d]), mask));
            let low: [__m512i; 8] = std::array::from_fn(|d| _mm512_mask_mov_epi32(v!(8), held[d], v!(d)));
            let high: [__m512i; 8] = std::array::from_fn(|d| _mm512_maskz_mov_epi32(held[d + 1], v!(d + 1)));
            macro_rules! tree {
                ($x:expr, $f:ident) => {{
                    let x = $x;
                    $f(
                        $f($f(x[0], x[1]), $f(x[2], x[3])),
                        $f($f(x[4], x[5]), $f(x[6], x[7])),
                    )
                }};
            }
            let d1 = tree!(low, _mm512_min_epu32);
            let d2 = tree!(high, _mm512_max_epu32);
            let pair_peers = |d: __m512i| {
                count(
                    word(_mm512_add_epi32(base, d)),
                    word(_mm512_add_epi32(base_o1, d)),
                    word(_mm512_add_epi32(base_o2, d)),
                )
            };
            // Each count is `s + 1` (bit 31), at most 22: their product as the sum of the first shifted by the bits
            // of the second. A vector multiplication (VPMADDWD, VPMULLD), like VPLZCNTD, lowers this Xeon's clock
            // while it runs AVX-512 code, by about 7 % for everything else.
            let (f1, f2) = (pair_peers(d1), pair_peers(d2));
            let term = |j: u32, t: __m512i| _mm512_maskz_mov_epi32(_mm512_test_epi32_mask(f2, v!(1u32 << j)), t);
            let product = _mm512_add_epi32(
                _mm512_add_epi32(term(0, f1), term(1, _mm512_slli_epi32::<1>(f1))),
                _mm512_add_epi32(
                    _mm512_add_epi32(term(2, _mm512_slli_epi32::<2>(f1)), term(3, _mm512_slli_epi32::<3>(f1))),
                    term(4, _mm512_slli_epi32::<4>(f1)),
                ),
            );
            let score = _mm512_add_epi32(_mm512_add_epi32(unsolved, unsolved), product);
            let key = _mm512_or_si512(_mm512_slli_epi32::<7>(score), _mm512_sub_epi32(v!(127), ids));
            best = _mm512_mask_max_epu32(best, valid, best, key);
        }
        let cell = 127 - (_mm512_reduce_max_epu32(best) & 127);
        Some(((cell >> 5) as usize, cell & 31))
    }
}
