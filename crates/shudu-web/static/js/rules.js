// The board as the page holds it, and the moves applied to it the way the server applies them (crates/shudu-game),
// so the page can show a move at once, before the server's answer replaces its copy.

export const ALL_NOTES = 0x1ff;
export const bit = (d) => 1 << (d - 1);
export const rowOf = (i) => Math.floor(i / 9);
export const colOf = (i) => i % 9;
export const boxOf = (i) => Math.floor(rowOf(i) / 3) * 3 + Math.floor(colOf(i) / 3);

/** The 27 houses as lists of cells: rows 0–8, columns 9–17, boxes 18–26. */
export const HOUSES = (() => {
  const houses = Array.from({ length: 27 }, () => []);
  for (let i = 0; i < 81; i++) {
    houses[rowOf(i)].push(i);
    houses[9 + colOf(i)].push(i);
    houses[18 + boxOf(i)].push(i);
  }
  return houses;
})();

/** Each cell's 20 peers. */
export const PEERS = Array.from({ length: 81 }, (_, i) => {
  const set = new Set([...HOUSES[rowOf(i)], ...HOUSES[9 + colOf(i)], ...HOUSES[18 + boxOf(i)]]);
  set.delete(i);
  return [...set];
});

/** A house of the API ({kind, index}) as an index into HOUSES. */
export function houseIndex(house) {
  const base = { row: 0, column: 9, col: 9, box: 18 }[house.kind];
  return base === undefined ? -1 : base + house.index;
}

const digits = (text) => Array.from(text || '', (ch) => (ch >= '1' && ch <= '9' ? ch.charCodeAt(0) - 48 : 0));
const list81 = (a) => Array.from({ length: 81 }, (_, i) => (Array.isArray(a) ? a[i] | 0 : 0));

/** The page's model of a game answered by the server. */
export function fromGame(g) {
  return {
    id: g.id,
    puzzle: digits(g.puzzle),
    values: digits(g.values),
    notes: list81(g.notes),
    corners: list81(g.corners),
    colors: list81(g.colors),
    errors: new Set(Array.isArray(g.errors) ? g.errors : []),
    status: g.status,
    hint: g.hint || null,
    canUndo: !!g.can_undo,
    canRedo: !!g.can_redo,
  };
}

export function clone(m) {
  return {
    ...m,
    values: m.values.slice(),
    notes: m.notes.slice(),
    corners: m.corners.slice(),
    colors: m.colors.slice(),
    errors: new Set(m.errors),
  };
}

/** The digits a cell's peers leave it. */
export function candidates(m, i) {
  let bits = ALL_NOTES;
  for (const p of PEERS[i]) if (m.values[p]) bits &= ~bit(m.values[p]);
  return bits;
}

/** Cells that are not givens and whose digit repeats in a peer. */
export function conflicts(m) {
  const out = new Set();
  for (let i = 0; i < 81; i++) {
    const v = m.values[i];
    if (v && !m.puzzle[i] && PEERS[i].some((p) => m.values[p] === v)) out.add(i);
  }
  return out;
}

/** How many of each digit (index 1–9) are still to be placed. */
export function remaining(m) {
  const left = [0, 9, 9, 9, 9, 9, 9, 9, 9, 9];
  for (const v of m.values) if (v) left[v] = Math.max(0, left[v] - 1);
  return left;
}

/**
 * Applies a move (the body sent to the server) to `m` in place, as the server's rules do; returns whether anything
 * changed. Undo and redo are left to the server (the page keeps no history of its own).
 */
export function applyMove(m, move, settings) {
  const cells = [...new Set(move.cells || [])].filter((i) => i >= 0 && i < 81);
  const before = JSON.stringify([m.values, m.notes, m.corners, m.colors]);
  switch (move.action) {
    case 'place': {
      const d = move.digit;
      const targets = cells.filter((i) => !m.puzzle[i] && m.values[i] !== d);
      for (const i of targets) m.values[i] = d;
      if (settings.auto_remove_notes) {
        for (const i of targets) {
          for (const p of PEERS[i]) {
            if (!m.values[p]) {
              m.notes[p] &= ~bit(d);
              m.corners[p] &= ~bit(d);
            }
          }
        }
      }
      break;
    }
    case 'note':
    case 'corner': {
      const layer = move.action === 'note' ? m.notes : m.corners;
      const empty = cells.filter((i) => !m.values[i]);
      const b = bit(move.digit);
      const allHave = empty.length > 0 && empty.every((i) => layer[i] & b);
      for (const i of empty) layer[i] = allHave ? layer[i] & ~b : layer[i] | b;
      break;
    }
    case 'color': {
      const c = move.color;
      const allHave = cells.every((i) => m.colors[i] === c);
      for (const i of cells) m.colors[i] = allHave ? 0 : c;
      break;
    }
    case 'clear': {
      const placed = cells.filter((i) => !m.puzzle[i] && m.values[i]);
      const noted = cells.filter((i) => !m.puzzle[i] && (m.notes[i] | m.corners[i]));
      if (placed.length) for (const i of placed) m.values[i] = 0;
      else if (noted.length) for (const i of noted) m.notes[i] = m.corners[i] = 0;
      else for (const i of cells) m.colors[i] = 0;
      break;
    }
    case 'fill':
      if (settings.fill_candidates) {
        for (let i = 0; i < 81; i++) if (!m.values[i]) m.notes[i] = candidates(m, i);
      }
      break;
    default:
      return false;
  }
  const changed = JSON.stringify([m.values, m.notes, m.corners, m.colors]) !== before;
  if (changed) {
    m.hint = null;
    m.canUndo = true;
    m.canRedo = false;
  }
  return changed;
}

/** Whether a move can be shown before the server answers. */
export const isLocal = (move) => ['place', 'note', 'corner', 'color', 'clear', 'fill'].includes(move.action);

/** The notes of a cell as its digits, ascending. */
export function noteDigits(bits) {
  const out = [];
  for (let d = 1; d <= 9; d++) if (bits & bit(d)) out.push(d);
  return out;
}
