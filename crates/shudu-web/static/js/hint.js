// Hints that teach, in stages: the technique and where to look (houses outlined), then the cells (with the digits
// to place in green and the candidates to remove in red), then the step applied by the server (undoable).

import { $ } from './dom.js';
import { changed, state } from './state.js';
import { askHint, onAnswer } from './sync.js';

let hidden = false;
let last = null;

export function requestHint() {
  if (!state.game || state.game.status !== 'playing' || state.paused) return;
  hidden = false;
  state.hintDone = null;
  askHint();
}

export function hideHint() {
  hidden = true;
  state.hintDone = null;
  changed();
}

/** Whether the board should show the hint's marks. */
export const hintShown = () => !hidden;

const STAGES = {
  1: 'Hint 1 of 3 · where to look',
  2: 'Hint 2 of 3 · the cells',
  3: 'Hint applied',
};

export function setupHint() {
  $('hint-next').addEventListener('click', requestHint);
  $('hint-close').addEventListener('click', hideHint);
  onAnswer((game, item, fresh) => {
    if (fresh) {
      hidden = false;
      last = null;
    }
    if (!item || item.kind !== 'hint') return;
    if (!game.hint || game.hint.stage >= 3) {
      const what = (game.hint && game.hint.text) || (last && last.text) || 'The hint';
      state.hintDone = `${what} — applied. Undo (Ctrl+Z) takes it back.`;
    }
    changed();
  });
}

export function renderHint(s) {
  const panel = $('hint-panel');
  const hint = s.view && s.view.hint;
  if (hint && hint.stage < 3) last = hint;
  const live = $('hint-live');
  if (hidden || (!hint && !s.hintDone)) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  let stage;
  let text;
  if (hint && hint.stage < 3) {
    stage = STAGES[hint.stage] || '';
    if (hint.topic === 'mistakes') stage = `${stage} · a mistake first`;
    text = hint.text || '';
  } else {
    stage = STAGES[3];
    text = s.hintDone || (hint && hint.text) || '';
  }
  $('hint-stage').textContent = stage;
  if ($('hint-text').textContent !== text) {
    $('hint-text').textContent = text;
    live.textContent = `${stage}: ${text}`;
  }
  const next = $('hint-next');
  next.hidden = !(hint && hint.stage < 3);
  next.textContent = hint && hint.stage === 2 ? 'Apply it' : 'Show the cells';
  panel.dataset.stage = hint ? String(hint.stage) : '3';
}
