// The queue of moves: each is shown at once on the page's copy, sent to the server one at a time in order, and the
// server's answer replaces the copy. A move that fails to save stays queued and is sent again; it is never dropped
// without saying so.

import { ApiError, api } from './api.js';
import { toast } from './dialogs.js';
import { isLocal } from './rules.js';
import { changed, recompute, setGame, state } from './state.js';
import { adoptTime, elapsed } from './timer.js';

const answered = [];
let running = false;

/** Registers a function told of every game the server answers: (game, item, fresh). */
export function onAnswer(fn) {
  answered.push(fn);
}

/** Takes a game from anywhere (a load, a new game) as the current one. */
export function takeGame(game, item = null) {
  const fresh = setGame(game);
  adoptTime(game, fresh);
  for (const fn of answered) fn(game, item, fresh);
}

function setSync(s, detail = '') {
  state.sync = s;
  state.syncDetail = detail;
  changed();
}

const canPlay = () => state.game && state.game.status === 'playing' && !state.paused;

/** Queues a move (the API's move body without the time). */
export function sendMove(body) {
  if (!canPlay()) return;
  state.hintDone = null;
  state.pending.push({ gameId: state.game.id, kind: 'move', body });
  if (isLocal(body)) recompute();
  changed();
  pump();
}

/** Queues a request for the hint's next stage. */
export function askHint() {
  if (!canPlay()) return;
  state.pending.push({ gameId: state.game.id, kind: 'hint', body: null });
  pump();
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function refresh(id) {
  try {
    const game = await api.game(id);
    if (state.game && state.game.id === id) takeGame(game);
  } catch {
    // The next move or reload tries again.
  }
}

async function pump() {
  if (running) return;
  running = true;
  let attempt = 0;
  while (state.pending.length) {
    const item = state.pending[0];
    const current = state.game && state.game.id === item.gameId;
    const time = current ? elapsed() : undefined;
    setSync(attempt ? 'retrying' : 'saving');
    let game;
    try {
      game =
        item.kind === 'hint'
          ? await api.hint(item.gameId, time)
          : await api.move(item.gameId, { ...item.body, elapsed_ms: time });
    } catch (err) {
      if (!(err instanceof ApiError) || err.transient) {
        attempt += 1;
        if (attempt === 1) toast(`Not saved (${err.message}): retrying, your moves are kept.`, 'error');
        const wait = err.retryAfter ? err.retryAfter * 1000 : Math.min(1000 * 2 ** (attempt - 1), 10000);
        setSync('retrying', err.message);
        await sleep(wait);
        continue;
      }
      state.pending.shift();
      attempt = 0;
      if (err.code === 'conflict' && item.kind === 'hint' && !item.retried) {
        // The game changed under the hint: ask again, once.
        state.pending.unshift({ ...item, retried: true });
        continue;
      }
      if (err.code !== 'finished') toast(`Not done: ${err.message}`, 'error');
      recompute();
      if (current) await refresh(item.gameId);
      continue;
    }
    state.pending.shift();
    attempt = 0;
    try {
      if (state.game && state.game.id === game.id) takeGame(game, item);
      else recompute();
    } catch (err) {
      // A fault of the page's own: the move is saved all the same; show the server's copy as it is.
      console.error(err);
      recompute();
    }
  }
  running = false;
  setSync('saved');
}

/** Whether moves are still on their way (the page asks before it is closed then). */
export const unsaved = () => state.pending.length > 0;

export function renderSync(s) {
  const el = document.getElementById('sync');
  el.dataset.state = s.sync;
  const n = s.pending.length;
  const text = {
    saved: 'Saved',
    saving: 'Saving…',
    retrying: `Not saved — retrying (${n} move${n === 1 ? '' : 's'} kept)`,
  }[s.sync];
  const t = document.getElementById('sync-text');
  if (t.textContent !== text) t.textContent = text;
  el.title = s.syncDetail || '';
}
