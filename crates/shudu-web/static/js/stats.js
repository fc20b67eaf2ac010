// Statistics per level, and the summary shown when a game is solved.

import { api } from './api.js';
import { $, clock, fill, h } from './dom.js';
import { openDialog } from './dialogs.js';

const time = (ms) => (ms || ms === 0 ? clock(ms) : '–');

function statsTable(stats) {
  const levels = (stats && stats.levels) || [];
  const head = ['Level', 'Played', 'Solved', 'Best', 'Average', 'Streak', 'Best streak'];
  const table = h(
    'table',
    { class: 'stats' },
    h('caption', { class: 'sr-only', text: 'Games per level' }),
    h('thead', {}, h('tr', {}, head.map((t) => h('th', { scope: 'col', text: t })))),
    h(
      'tbody',
      {},
      levels.map((l) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row', text: l.level }),
          h('td', { text: String(l.played ?? 0) }),
          h('td', { text: String(l.solved ?? 0) }),
          h('td', { text: time(l.best_ms) }),
          h('td', { text: time(l.average_ms) }),
          h('td', { text: String(l.streak ?? 0) }),
          h('td', { text: String(l.best_streak ?? 0) }),
        ),
      ),
    ),
  );
  return h(
    'div',
    {},
    h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': 'Games per level' }, table),
    h('p', { text: `Daily puzzles solved in a row: ${(stats && stats.daily_streak) || 0}` }),
  );
}

export async function showStats() {
  const body = $('stats-body');
  fill(body, h('p', { class: 'muted', text: 'Loading…' }));
  openDialog('stats-dialog');
  try {
    fill(body, statsTable(await api.stats()));
  } catch (err) {
    fill(body, h('p', { class: 'error-text', text: `The statistics cannot be shown: ${err.message}` }));
  }
}

/** The completion summary of a solved game. */
export function showSummary(game) {
  const s = game.summary || {};
  const rows = [
    ['Level', s.level || game.level || 'Custom'],
    ['Time', time(s.elapsed_ms ?? game.elapsed_ms)],
    ['Mistakes', String(s.mistakes ?? game.mistakes ?? 0)],
    ['Hints', String(s.hints ?? game.hints ?? 0)],
    ['Best time', time(s.best_ms)],
    ['Average time', time(s.average_ms)],
    ['Solved at this level', String(s.solved ?? '–')],
    ['Streak', String(s.streak ?? '–')],
  ];
  fill($('summary-list'), rows.flatMap(([k, v]) => [h('dt', { text: k }), h('dd', { text: v })]));
  $('summary-title').textContent = s.new_best ? 'Solved — new best time!' : 'Solved!';
  openDialog('summary-dialog');
}

export function setupStats() {
  $('stats-btn').addEventListener('click', showStats);
}
