// The board view: an ARIA grid of 81 cells, each saying what it holds, redrawn from the state's view.

import { $, h } from './dom.js';
import { HOUSES, PEERS, boxOf, colOf, houseIndex, noteDigits, rowOf } from './rules.js';
import { hintShown } from './hint.js';

const cells = [];
/** The cursor cell's name last drawn: a change in place (a digit typed) is read out, a move of the cursor is not. */
let spoken = { cursor: -1, text: '' };
/** What each cell last drew, to touch the DOM only where something changed. */
const drawn = new Array(81).fill('');

export function buildBoard() {
  const board = $('board');
  for (let r = 0; r < 9; r++) {
    const row = h('div', { role: 'row', class: 'board-row' });
    for (let c = 0; c < 9; c++) {
      const i = r * 9 + c;
      const cell = h('div', {
        role: 'gridcell', class: 'cell', tabindex: i === 0 ? '0' : '-1', 'data-i': i, 'aria-selected': 'false',
      });
      if (c % 3 === 2 && c < 8) cell.classList.add('box-r');
      if (r % 3 === 2 && r < 8) cell.classList.add('box-b');
      cells.push(cell);
      row.append(cell);
    }
    board.append(row);
  }
}

export const cellEl = (i) => cells[i];

/** The cell index of an element inside the board, or -1. */
export function cellIndexOf(el) {
  const cell = el && el.closest ? el.closest('.cell') : null;
  return cell ? Number(cell.dataset.i) : -1;
}

/** Gives the keyboard focus to a cell (roving tabindex: only the cursor cell is in the tab order). */
export function focusCell(i, move = true) {
  cells.forEach((c, k) => c.setAttribute('tabindex', k === i ? '0' : '-1'));
  if (move) cells[i].focus({ preventScroll: false });
}

/** The hint's marks at its current stage: houses, cells, and digits to place or remove, per cell. */
function hintMarks(hint) {
  const marks = { houses: new Set(), cells: new Set(), place: new Map(), remove: new Map() };
  if (!hint || hint.stage >= 3) return marks;
  for (const house of hint.houses || []) {
    const k = houseIndex(house);
    if (k >= 0) for (const i of HOUSES[k]) marks.houses.add(i);
  }
  if ((hint.stage || 0) >= 2) {
    for (const i of hint.cells || []) marks.cells.add(i);
    for (const [i, d] of hint.placements || []) marks.place.set(i, d);
    for (const [i, d] of hint.eliminations || []) {
      if (!marks.remove.has(i)) marks.remove.set(i, new Set());
      marks.remove.get(i).add(d);
    }
  }
  return marks;
}

const SPOKEN_COLOURS = ['', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'grey'];

/** The cells whose digit repeats that of a cell marked wrong: the other side of each conflict (givens too). */
function clashes(view) {
  const out = new Set();
  for (const i of view.errors) {
    const v = view.values[i];
    for (const p of PEERS[i]) if (v && view.values[p] === v) out.add(p);
  }
  return out;
}

function label(v, i, given, wrong, clash, notes, corners, color, place, remove) {
  const parts = [`row ${rowOf(i) + 1}, column ${colOf(i) + 1}: ${v ? v : 'empty'}`];
  if (given) parts.push('given');
  if (wrong) parts.push('wrong');
  else if (clash) parts.push('repeated');
  if (!v && notes.length) parts.push(`notes ${notes.join(' ')}`);
  if (!v && corners.length) parts.push(`corner notes ${corners.join(' ')}`);
  if (color) parts.push(`colour ${color} ${SPOKEN_COLOURS[color]}`);
  if (place) parts.push(`hint: ${place} goes here`);
  if (remove) parts.push(`hint: remove ${[...remove].join(' ')}`);
  return parts.join(', ');
}

function drawContent(el, v, notes, corners, place, remove) {
  el.classList.toggle('has-corners', !v && corners.length > 0);
  if (v) {
    el.replaceChildren(h('span', { class: 'digit', 'aria-hidden': 'true', text: String(v) }));
    return;
  }
  if (place) {
    // The digit a hint places stands alone: the notes under it would only blur it.
    el.classList.remove('has-corners');
    el.replaceChildren(h('span', { class: 'digit place', 'aria-hidden': 'true', text: String(place) }));
    return;
  }
  const parts = [];
  const centre = new Set(notes);
  const ghosts = remove ? [...remove].filter((d) => !centre.has(d)) : [];
  const shown = [...new Set([...notes, ...ghosts])].sort();
  if (shown.length) {
    const cn = h('span', { class: `cn n${shown.length}`, 'aria-hidden': 'true' });
    for (const d of shown) {
      const cls = [`note d${d}`];
      if (remove && remove.has(d)) cls.push('elim');
      if (!centre.has(d)) cls.push('ghost');
      cn.append(h('span', { class: cls.join(' '), 'data-d': d, text: String(d) }));
    }
    parts.push(cn);
  }
  if (corners.length) {
    const kn = h('span', { class: 'kn', 'aria-hidden': 'true' });
    corners.forEach((d, k) => kn.append(h('span', { class: `note k${k}`, 'data-d': d, text: String(d) })));
    parts.push(kn);
  }
  el.replaceChildren(...parts);
}

export function renderBoard(s) {
  const board = $('board');
  const view = s.view;
  board.classList.toggle('notes-compact', s.settings.note_style === 'compact');
  board.classList.toggle('paused', s.paused);
  board.classList.toggle('solved', !!view && view.status === 'solved');
  board.setAttribute('aria-readonly', view && view.status === 'solved' ? 'true' : 'false');
  if (!view) return;
  board.dataset.puzzle = view.puzzle.join('');
  board.dataset.values = view.values.join('');
  const marks = hintMarks(hintShown() ? view.hint : null);
  const clash = clashes(view);
  const cursor = s.cursor;
  const focusDigit = s.settings.highlight_digit ? view.values[cursor] : 0;
  const houses = s.settings.highlight_houses && !s.paused;
  for (let i = 0; i < 81; i++) {
    const el = cells[i];
    const v = view.values[i];
    const given = !!view.puzzle[i];
    const wrong = view.errors.has(i);
    const notes = noteDigits(view.notes[i]);
    const corners = noteDigits(view.corners[i]);
    const color = view.colors[i];
    const place = v ? 0 : marks.place.get(i) || 0;
    const remove = v ? null : marks.remove.get(i) || null;
    const key = `${v}|${notes}|${corners}|${place}|${remove ? [...remove] : ''}`;
    if (drawn[i] !== key) {
      drawn[i] = key;
      drawContent(el, v, notes, corners, place, remove);
    }
    const text = label(v, i, given, wrong, clash.has(i), notes, corners, color, place, remove);
    if (el.getAttribute('aria-label') !== text) el.setAttribute('aria-label', text);
    if (i === cursor) {
      if (spoken.cursor === i && spoken.text !== text && document.activeElement === el) $('board-live').textContent = text;
      spoken = { cursor: i, text };
    }
    const selected = s.selection.has(i);
    el.setAttribute('aria-selected', selected ? 'true' : 'false');
    if (given) el.setAttribute('aria-readonly', 'true');
    else el.removeAttribute('aria-readonly');
    const cl = el.classList;
    cl.toggle('given', given);
    cl.toggle('player', !!v && !given);
    cl.toggle('sel', selected);
    cl.toggle('cursor', i === cursor);
    cl.toggle('err', wrong);
    cl.toggle('clash', !wrong && clash.has(i));
    cl.toggle(
      'peer',
      houses && i !== cursor &&
        (rowOf(i) === rowOf(cursor) || colOf(i) === colOf(cursor) || boxOf(i) === boxOf(cursor)),
    );
    cl.toggle('same', !!focusDigit && v === focusDigit);
    cl.toggle('hint-house', marks.houses.has(i));
    cl.toggle('hint-cell', marks.cells.has(i));
    for (let k = 1; k <= 9; k++) cl.toggle(`col${k}`, color === k);
    if (focusDigit) {
      for (const n of el.querySelectorAll('.note')) n.classList.toggle('hl', Number(n.dataset.d) === focusDigit);
    } else {
      for (const n of el.querySelectorAll('.note.hl')) n.classList.remove('hl');
    }
  }
}
