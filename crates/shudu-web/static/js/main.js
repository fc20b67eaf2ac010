// The page's start: build the views, then open a share link if the address carries one, else resume the player's
// current game, else start an Easy one.

import { api } from './api.js';
import { buildBoard, focusCell, renderBoard } from './board.js';
import { setupDialogs, toast } from './dialogs.js';
import { $, h, fill } from './dom.js';
import { setupExplain } from './explain.js';
import { renderHint, setupHint } from './hint.js';
import { renderControls, setupInput } from './input.js';
import { onNewGame, setupNewGame } from './newgame.js';
import { setupSettings, takeSettings, whenRulesChange } from './settings.js';
import { readShareLink, setupShare } from './share.js';
import { select, state, subscribe } from './state.js';
import { setupStats, showSummary } from './stats.js';
import { onAnswer, renderSync, takeGame, unsaved } from './sync.js';
import { renderTimer, setupTimer, updateClock } from './timer.js';

// Anything the Content-Security-Policy blocks is counted where a test (or a curious player) can read it.
document.addEventListener('securitypolicyviolation', (e) => {
  const root = document.documentElement;
  const seen = root.dataset.cspViolations ? `${root.dataset.cspViolations}; ` : '';
  root.dataset.cspViolations = `${seen}${e.violatedDirective} ${e.blockedURI || 'inline'}`;
});

function renderLabel(s) {
  const g = s.game;
  let text = 'Loading…';
  if (g) {
    if (g.daily) text = `Daily ${g.daily}${g.level ? ` · ${g.level}` : ''}`;
    else if (g.source === 'custom') text = 'Your puzzle';
    else if (g.source === 'share') text = `Shared puzzle${g.level ? ` · ${g.level}` : ''}`;
    else text = `${g.level || 'Puzzle'}${g.seed !== null && g.seed !== undefined ? ` · seed ${g.seed}` : ''}`;
    if (g.status === 'solved') text += ' · solved';
  }
  const el = $('game-label');
  if (el.textContent !== text) el.textContent = text;
}

function begin(game) {
  takeGame(game);
  select([0], 0);
  // The board takes the focus, unless a dialog has it (the dialog hands it to the board as it closes).
  focusCell(0, !document.querySelector('dialog[open]'));
}

function fatal(message) {
  const retry = h('button', { type: 'button', class: 'primary', text: 'Try again' });
  retry.addEventListener('click', () => window.location.reload());
  fill($('board'), h('div', { class: 'fatal', role: 'row' }, h('p', { role: 'gridcell', text: message }), retry));
}

async function boot() {
  let me;
  try {
    me = await api.me();
  } catch (err) {
    fatal(`The game cannot start: ${err.message}`);
    return;
  }
  takeSettings(me.settings);
  let share = null;
  try {
    share = readShareLink(window.location.search);
  } catch (err) {
    toast(`This share link cannot be read: ${err.message}`, 'error', 10000);
  }
  if (window.location.search) window.history.replaceState(null, '', '/');
  if (share) {
    try {
      begin(await api.newGame(share));
      toast('A shared puzzle: good luck!');
      return;
    } catch (err) {
      toast(`This share link cannot be opened: ${err.message}`, 'error', 10000);
    }
  }
  if (me.current) {
    try {
      begin(await api.game(me.current));
      return;
    } catch {
      // Gone: start a new one.
    }
  }
  try {
    begin(await api.newGame({ level: 'easy' }));
  } catch (err) {
    fatal(`No game could be started: ${err.message}`);
  }
}

buildBoard();
setupDialogs();
setupTimer();
setupInput();
setupHint();
setupSettings();
setupShare();
setupStats();
setupNewGame();
setupExplain();
for (const view of [renderBoard, renderControls, renderHint, renderTimer, renderSync, renderLabel]) subscribe(view);
subscribe(updateClock);

onNewGame(async (game) => begin(game));
onAnswer((game, item) => {
  if (item && game.status === 'solved') showSummary(game);
});
whenRulesChange(async () => {
  if (!state.game) return;
  try {
    const game = await api.game(state.game.id);
    if (state.game && game.id === state.game.id && !state.pending.length) takeGame(game);
  } catch {
    // The next answer brings the marks anyway.
  }
});
window.addEventListener('beforeunload', (e) => {
  if (unsaved()) {
    e.preventDefault();
    e.returnValue = '';
  }
});

boot();
