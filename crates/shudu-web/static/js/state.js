// The page's state: the server's last answer, the moves sent but not yet answered, the selection and the mode. Views
// subscribe and are redrawn once a frame after any change.

import { applyMove, clone, conflicts, fromGame } from './rules.js';

export const DEFAULT_SETTINGS = {
  theme: 'system', lang: 'en', note_style: 'grid', highlight_digit: true, highlight_houses: true,
  checking: 'conflicts', auto_remove_notes: true, fill_candidates: true, show_timer: true,
};

export const state = {
  settings: { ...DEFAULT_SETTINGS },
  /** The server's last answer for the current game (the API's game object). */
  game: null,
  /** That answer as the page's model (rules.js). */
  model: null,
  /** The model with the moves still on their way applied: what the board shows. */
  view: null,
  /** Moves shown but not yet answered: { gameId, body }. */
  pending: [],
  selection: new Set([0]),
  cursor: 0,
  mode: 'digit',
  paused: false,
  /** The save indicator: saved | saving | retrying | failed. */
  sync: 'saved',
  syncDetail: '',
  /** A line to show in the hint panel after a hint was applied (the server ends the hint then). */
  hintDone: null,
};

const views = new Set();
let scheduled = false;

/** Registers a function redrawn after changes. */
export function subscribe(fn) {
  views.add(fn);
}

/** Asks for a redraw on the next frame. */
export function changed() {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(() => {
    scheduled = false;
    for (const fn of views) fn(state);
  });
}

/** Rebuilds the view: the server's copy with the pending moves of the same game applied. */
export function recompute() {
  if (!state.model) {
    state.view = null;
    return;
  }
  const view = clone(state.model);
  let moved = false;
  for (const p of state.pending) {
    if (p.kind === 'move' && p.gameId === view.id && applyMove(view, p.body, state.settings)) moved = true;
  }
  if (moved) {
    if (state.settings.checking === 'conflicts') view.errors = conflicts(view);
    else if (state.settings.checking === 'off') view.errors = new Set();
    else view.errors = new Set([...view.errors].filter((i) => view.values[i] === state.model.values[i]));
  }
  state.view = view;
}

/** Takes a game answered by the server as the current one. */
export function setGame(game) {
  const fresh = !state.game || state.game.id !== game.id;
  state.game = game;
  state.model = fromGame(game);
  if (fresh) {
    state.hintDone = null;
    state.paused = false;
  }
  recompute();
  changed();
  return fresh;
}

export function select(cells, cursor) {
  state.selection = new Set(cells);
  if (cursor !== undefined) state.cursor = cursor;
  changed();
}

export function setMode(mode) {
  state.mode = mode;
  changed();
}
