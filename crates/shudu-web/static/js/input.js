// Input: the keyboard, the pointer (click, Shift/Ctrl+click, drag) and the on-screen keypad and mode buttons, all
// turned into the same moves over the selection.

import { $, h } from './dom.js';
import { cellIndexOf, focusCell } from './board.js';
import { anyDialogOpen } from './dialogs.js';
import { requestHint, hideHint } from './hint.js';
import { remaining } from './rules.js';
import { changed, select, setMode, state } from './state.js';
import { sendMove } from './sync.js';
import { pause } from './timer.js';

const MODE_KEYS = { z: 'digit', x: 'centre', c: 'corner', v: 'colour' };
const COLOUR_NAMES = ['', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'grey'];

const selected = () => [...state.selection].sort((a, b) => a - b);

/** Enters digit `d` in `mode` over the selection. */
export function enter(d, mode = state.mode) {
  const cells = selected();
  if (!cells.length || !state.view) return;
  if (mode === 'colour') sendMove({ action: 'color', cells, color: d });
  else if (mode === 'centre') sendMove({ action: 'note', cells, digit: d });
  else if (mode === 'corner') sendMove({ action: 'corner', cells, digit: d });
  else sendMove({ action: 'place', cells, digit: d });
}

export const erase = () => state.selection.size && sendMove({ action: 'clear', cells: selected() });
export const undo = () => sendMove({ action: 'undo' });
export const redo = () => sendMove({ action: 'redo' });
export const fillNotes = () => sendMove({ action: 'fill' });

function moveCursor(dr, dc, extend) {
  const r = (Math.floor(state.cursor / 9) + dr + 9) % 9;
  const c = ((state.cursor % 9) + dc + 9) % 9;
  const i = r * 9 + c;
  if (extend) {
    state.selection.add(i);
    select(state.selection, i);
  } else {
    select([i], i);
  }
  const active = document.activeElement;
  const inBoard = active && $('board').contains(active);
  focusCell(i, inBoard || !active || active === document.body);
}

function isTyping(t) {
  return t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
}

const ARROWS = {
  arrowup: [-1, 0], w: [-1, 0], arrowdown: [1, 0], s: [1, 0],
  arrowleft: [0, -1], a: [0, -1], arrowright: [0, 1], d: [0, 1],
};

function onKey(e) {
  if (anyDialogOpen() || isTyping(e.target) || !state.game) return;
  const ctrl = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (state.paused) {
    if (key === 'p' && !ctrl) {
      pause(false);
      focusCell(state.cursor);
      e.preventDefault();
    }
    return;
  }
  const digit = /^(?:Digit|Numpad)([0-9])$/.exec(e.code);
  if (digit) {
    const d = Number(digit[1]);
    let mode = state.mode;
    if (e.shiftKey) mode = 'corner';
    else if (ctrl || e.altKey) mode = 'centre';
    if (d === 0) {
      if (mode === 'colour') sendMove({ action: 'color', cells: selected(), color: 0 });
      else erase();
    } else {
      enter(d, mode);
    }
    e.preventDefault();
    return;
  }
  if (ctrl && !e.altKey) {
    if (key === 'z' && !e.shiftKey) undo();
    else if (key === 'y' || (key === 'z' && e.shiftKey)) redo();
    else if (key === 'a') select([...Array(81).keys()], state.cursor);
    else return;
    e.preventDefault();
    return;
  }
  if (e.altKey || ctrl) return;
  if (ARROWS[key]) {
    const [dr, dc] = ARROWS[key];
    moveCursor(dr, dc, e.shiftKey);
    e.preventDefault();
  } else if (MODE_KEYS[key]) {
    setMode(MODE_KEYS[key]);
    e.preventDefault();
  } else if (key === 'backspace' || key === 'delete') {
    erase();
    e.preventDefault();
  } else if (key === 'h') {
    requestHint();
    e.preventDefault();
  } else if (key === 'p') {
    pauseAndFocus();
    e.preventDefault();
  } else if (key === 'escape') {
    select([state.cursor], state.cursor);
    hideHint();
  }
}

/** Pauses, and puts the focus on Resume so a keyboard can go on at once. */
function pauseAndFocus() {
  pause(true);
  if (state.paused) requestAnimationFrame(() => requestAnimationFrame(() => $('resume-btn').focus()));
}

let dragging = false;

function onPointerDown(e) {
  const i = cellIndexOf(e.target);
  if (i < 0 || state.paused || e.button > 0) return;
  e.preventDefault();
  const add = e.shiftKey || e.ctrlKey || e.metaKey;
  if (add) {
    if ((e.ctrlKey || e.metaKey) && state.selection.has(i) && state.selection.size > 1) state.selection.delete(i);
    else state.selection.add(i);
    select(state.selection, i);
  } else {
    select([i], i);
  }
  dragging = true;
  focusCell(i);
}

function onPointerMove(e) {
  if (!dragging) return;
  const i = cellIndexOf(document.elementFromPoint(e.clientX, e.clientY));
  if (i < 0 || (state.selection.has(i) && state.cursor === i)) return;
  state.selection.add(i);
  select(state.selection, i);
}

function onDoubleClick(e) {
  // A double click on a digit selects every cell holding it.
  const i = cellIndexOf(e.target);
  const v = i >= 0 && state.view ? state.view.values[i] : 0;
  if (!v) return;
  const same = state.view.values.flatMap((x, k) => (x === v ? [k] : []));
  select(same, i);
}

export function setupInput() {
  const board = $('board');
  board.addEventListener('pointerdown', onPointerDown);
  board.addEventListener('dblclick', onDoubleClick);
  document.addEventListener('pointermove', onPointerMove);
  document.addEventListener('pointerup', () => (dragging = false));
  document.addEventListener('pointercancel', () => (dragging = false));
  board.addEventListener('focusin', (e) => {
    const i = cellIndexOf(e.target);
    if (i >= 0 && i !== state.cursor && !dragging) select([i], i);
  });
  document.addEventListener('keydown', onKey);

  const keypad = $('keypad');
  for (let d = 1; d <= 9; d++) {
    const key = h(
      'button',
      { type: 'button', class: 'key', 'data-d': d },
      h('span', { class: 'key-digit', 'aria-hidden': 'true', text: String(d) }),
      h('span', { class: 'key-count', 'aria-hidden': 'true' }),
    );
    key.addEventListener('click', () => enter(d));
    keypad.append(key);
  }
  for (const b of document.querySelectorAll('.mode')) b.addEventListener('click', () => setMode(b.dataset.mode));
  $('erase-btn').addEventListener('click', erase);
  $('undo-btn').addEventListener('click', undo);
  $('redo-btn').addEventListener('click', redo);
  $('fill-btn').addEventListener('click', fillNotes);
  $('hint-btn').addEventListener('click', requestHint);
  $('pause-btn').addEventListener('click', () => (state.paused ? pause(false) : pauseAndFocus()));
  $('resume-btn').addEventListener('click', () => {
    pause(false);
    focusCell(state.cursor);
  });
  changed();
}

export function renderControls(s) {
  const view = s.view;
  const left = view ? remaining(view) : [0, 9, 9, 9, 9, 9, 9, 9, 9, 9];
  const colour = s.mode === 'colour';
  const keypad = $('keypad');
  keypad.classList.toggle('colours', colour);
  keypad.dataset.mode = s.mode;
  for (const key of keypad.children) {
    const d = Number(key.dataset.d);
    const done = !colour && s.mode === 'digit' && left[d] === 0;
    key.classList.toggle('done', done);
    for (let k = 1; k <= 9; k++) key.classList.toggle(`col${k}`, colour && k === d);
    key.querySelector('.key-count').textContent = colour ? '' : String(left[d]);
    const what = { digit: '', centre: 'centre note ', corner: 'corner note ', colour: 'colour ' }[s.mode];
    const label = colour
      ? `colour ${d} ${COLOUR_NAMES[d]}`
      : `${what}${d}, ${left[d] ? `${left[d]} left` : 'all placed'}`;
    if (key.getAttribute('aria-label') !== label) key.setAttribute('aria-label', label);
  }
  for (const b of document.querySelectorAll('.mode')) {
    b.setAttribute('aria-pressed', b.dataset.mode === s.mode ? 'true' : 'false');
  }
  const playing = !!s.game && s.game.status === 'playing' && !s.paused;
  $('undo-btn').disabled = !playing || !(view && view.canUndo);
  $('redo-btn').disabled = !playing || !(view && view.canRedo);
  $('erase-btn').disabled = !playing;
  $('hint-btn').disabled = !playing;
  $('fill-btn').disabled = !playing || !s.settings.fill_candidates;
  $('explain-btn').disabled = !s.game || s.game.status !== 'playing';
  for (const key of keypad.children) key.disabled = !playing;
  for (const b of document.querySelectorAll('.mode')) b.disabled = !playing;
}
