// The new-game dialog: a level, a seed, the daily puzzle, a pasted puzzle (the server's reasons shown beside it,
// the cells it names marked), or an unfinished game to resume.

import { api } from './api.js';
import { $, cellName, clock, fill, h } from './dom.js';
import { closeDialog, openDialog, toast } from './dialogs.js';
import { state } from './state.js';
import { cellEl } from './board.js';

export const LEVELS = ['Easy', 'Medium', 'Hard', 'Unfair', 'Extreme'];

let start = async () => {};

/** Sets how a game answered by the server is taken (main.js). */
export function onNewGame(fn) {
  start = fn;
}

/** Starts a new game from a request body; returns whether it started. */
export async function newGame(body) {
  try {
    const game = await api.newGame(body);
    await start(game);
    closeDialog('new-dialog', cellEl(state.cursor));
    closeDialog('summary-dialog', cellEl(state.cursor));
    return true;
  } catch (err) {
    if (body.puzzle) throw err;
    toast(`No new game: ${err.message}`, 'error');
    return false;
  }
}

/** The 81 cells of a pasted puzzle when it is a plain line or grid (for marking the cells the server names). */
function roughCells(text) {
  const lines = text.split(/\r?\n/).filter((l) => !/^\s*(#|\/\/)/.test(l));
  const chars = lines.join('').replace(/[^0-9.]/g, '');
  return chars.length >= 81 ? chars.slice(0, 81) : null;
}

function miniGrid(digits, marked, label) {
  const grid = h('div', { class: 'mini', role: 'img', 'aria-label': label });
  for (let i = 0; i < 81; i++) {
    const ch = digits ? digits[i] : '.';
    const cls = ['m'];
    if (marked.has(i)) cls.push('bad');
    if (i % 9 === 2 || i % 9 === 5) cls.push('br');
    if (Math.floor(i / 9) === 2 || Math.floor(i / 9) === 5) cls.push('bb');
    grid.append(h('span', { class: cls.join(' '), text: ch >= '1' && ch <= '9' ? ch : '' }));
  }
  return grid;
}

function showPasteError(err, text) {
  const box = $('paste-error');
  // The server's sentence says what is wrong and where; the grids show the cells it names.
  const parts = [h('p', { class: 'error-text', text: err.message })];
  const d = err.detail || {};
  if (err.code === 'no_solution' && Array.isArray(d.clashes) && d.clashes.length) {
    const names = d.clashes.map((pair) => pair.map(cellName).join(' and ')).join('; ');
    parts.push(miniGrid(roughCells(text), new Set(d.clashes.flat()), `Your puzzle, the clashing cells marked: ${names}`));
  }
  if (err.code === 'several_solutions' && Array.isArray(d.solutions) && d.solutions.length >= 2) {
    const differ = new Set(Array.isArray(d.differ) ? d.differ : []);
    const [a, b] = d.solutions;
    const where = [...differ].map(cellName).join(', ');
    parts.push(
      h(
        'div',
        { class: 'minis' },
        miniGrid(a, differ, `One solution; the cells where the two differ are marked: ${where}`),
        miniGrid(b, differ, `Another solution, the same cells marked: ${where}`),
      ),
    );
  }
  fill(box, parts);
  box.scrollIntoView({ block: 'nearest' });
}

async function renderGameList() {
  const list = $('game-list');
  fill(list, h('li', { class: 'muted', text: 'Loading…' }));
  try {
    const { games } = await api.games();
    const open = (games || []).filter((g) => g.status === 'playing' && (!state.game || g.id !== state.game.id));
    if (!open.length) {
      fill(list, h('li', { class: 'muted', text: 'No other unfinished game.' }));
      return;
    }
    fill(
      list,
      open.slice(0, 10).map((g) => {
        const what = g.daily ? `Daily ${g.daily}` : g.level || (g.source === 'share' ? 'Shared' : 'Custom');
        const btn = h('button', { type: 'button', text: 'Resume' });
        btn.setAttribute('aria-label', `Resume ${what}, ${clock(g.elapsed_ms)} played`);
        btn.addEventListener('click', async () => {
          try {
            await start(await api.game(g.id));
            closeDialog('new-dialog', cellEl(state.cursor));
          } catch (err) {
            toast(`That game cannot be opened: ${err.message}`, 'error');
          }
        });
        return h('li', {}, h('span', { text: `${what} · ${clock(g.elapsed_ms)}` }), btn);
      }),
    );
  } catch (err) {
    fill(list, h('li', { class: 'error-text', text: `The list cannot be shown: ${err.message}` }));
  }
}

export function openNewGame() {
  fill($('paste-error'));
  openDialog('new-dialog');
  renderGameList();
  api.daily().then(
    (d) => ($('daily-info').textContent = `Today, ${d.date}: a ${d.level} puzzle, the same for everyone.`),
    () => {},
  );
}

export function setupNewGame() {
  const levels = $('levels');
  const seedLevel = $('seed-level');
  for (const level of LEVELS) {
    const b = h('button', { type: 'button', class: 'level', text: level, autofocus: level === 'Easy' });
    b.addEventListener('click', () => newGame({ level: level.toLowerCase() }));
    levels.append(b);
    seedLevel.append(h('option', { value: level.toLowerCase(), text: level }));
  }
  $('new-btn').addEventListener('click', openNewGame);
  $('summary-new').addEventListener('click', () => {
    closeDialog('summary-dialog');
    openNewGame();
  });
  $('daily-btn').addEventListener('click', () => newGame({ daily: true }));
  $('seed-btn').addEventListener('click', () => {
    const text = $('seed-input').value.trim();
    // Seeds are below 2^53 (the server keeps them there), so a number holds them exactly.
    if (!/^\d{1,16}$/.test(text) || !Number.isSafeInteger(Number(text))) {
      toast('A seed is a whole number below 9007199254740992.', 'error');
      $('seed-input').focus();
      return;
    }
    newGame({ level: seedLevel.value, seed: Number(text) });
  });
  $('seed-input').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') $('seed-btn').click();
  });
  $('paste-input').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) $('paste-btn').click();
  });
  $('paste-btn').addEventListener('click', async () => {
    const text = $('paste-input').value;
    if (!text.trim()) {
      fill($('paste-error'), h('p', { class: 'error-text', text: 'Paste a puzzle first.' }));
      return;
    }
    fill($('paste-error'), h('p', { class: 'muted', text: 'Checking…' }));
    try {
      await newGame({ puzzle: text });
      $('paste-input').value = '';
      fill($('paste-error'));
    } catch (err) {
      showPasteError(err, text);
    }
  });
}
