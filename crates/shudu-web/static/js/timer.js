// The game's clock runs on the page: it stops while paused, hidden or finished, and the server is told the time with
// every move, every ten seconds, and as the page goes away.

import { api } from './api.js';
import { $, clock } from './dom.js';
import { changed, state } from './state.js';

let base = 0;
let since = null;
let gameId = null;
let sent = 0;

/** The time played on the current game, in milliseconds. */
export function elapsed() {
  return Math.round(base + (since === null ? 0 : performance.now() - since));
}

const shouldRun = () =>
  !!state.game && state.game.status === 'playing' && !state.paused && document.visibilityState === 'visible';

/** Starts or stops the clock as the state says. */
export function updateClock() {
  const run = shouldRun();
  if (run && since === null) since = performance.now();
  if (!run && since !== null) {
    base = elapsed();
    since = null;
  }
}

/** Takes a game's time: a new game starts from the server's time, the current one never goes back. */
export function adoptTime(game, fresh) {
  if (fresh || game.id !== gameId) {
    gameId = game.id;
    base = game.elapsed_ms || 0;
    since = null;
    sent = base;
  } else if (game.status === 'solved') {
    base = (game.summary && game.summary.elapsed_ms) || game.elapsed_ms || elapsed();
    since = null;
  } else if ((game.elapsed_ms || 0) > elapsed()) {
    base = game.elapsed_ms;
    if (since !== null) since = performance.now();
  }
  updateClock();
}

function flush(beacon) {
  if (!gameId || !state.game || state.game.id !== gameId || state.game.status !== 'playing') return;
  const ms = elapsed();
  if (ms <= sent) return;
  sent = ms;
  if (beacon) api.beaconTime(gameId, ms);
  else api.time(gameId, ms).catch(() => {});
}

export function pause(on) {
  if (!state.game || state.game.status !== 'playing') on = false;
  state.paused = on;
  updateClock();
  flush(false);
  changed();
}

function showTime() {
  const text = clock(elapsed());
  const el = $('timer');
  if (el.textContent !== text) el.textContent = text;
}

export function setupTimer() {
  setInterval(showTime, 250);
  setInterval(() => {
    if (since !== null && elapsed() - sent >= 9000) flush(false);
  }, 10000);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      updateClock();
      flush(true);
      if (state.game && state.game.status === 'playing') pause(true);
    } else {
      updateClock();
    }
  });
  window.addEventListener('pagehide', () => {
    updateClock();
    flush(true);
  });
}

export function renderTimer(s) {
  showTime();
  const show = s.settings.show_timer;
  $('timer').hidden = !show;
  const btn = $('pause-btn');
  btn.setAttribute('aria-pressed', s.paused ? 'true' : 'false');
  $('pause-label').textContent = s.paused ? 'Resume' : 'Pause';
  btn.title = s.paused ? 'Resume (P)' : 'Pause (P)';
  btn.disabled = !s.game || s.game.status !== 'playing';
  $('paused-cover').hidden = !s.paused;
  document.body.classList.toggle('is-paused', s.paused);
}
