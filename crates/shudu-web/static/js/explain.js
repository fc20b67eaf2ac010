// The explain view: the solving path from the player's position, one step at a time with the server's picture of
// the board (an SVG shown through a blob: URL), navigable by keyboard.

import { api } from './api.js';
import { $, fill, h } from './dom.js';
import { openDialog } from './dialogs.js';
import { resolvedTheme } from './settings.js';
import { state } from './state.js';

let steps = [];
let urls = [];
let at = 0;

function release() {
  for (const u of urls) if (u) URL.revokeObjectURL(u);
  urls = [];
}

function pictureOf(k) {
  if (!urls[k] && steps[k] && steps[k].svg) {
    urls[k] = URL.createObjectURL(new Blob([steps[k].svg], { type: 'image/svg+xml' }));
  }
  return urls[k] || '';
}

function show(k, focus = false) {
  if (!steps.length) return;
  at = Math.max(0, Math.min(steps.length - 1, k));
  const step = steps[at];
  $('explain-count').textContent = `Step ${at + 1} of ${steps.length}`;
  const text = step.text || '';
  const technique = step.technique || '';
  // The technique as a heading, unless the text already starts with it ("Hidden Single: r1c6=9 in b2").
  $('explain-technique').textContent = text.startsWith(technique) ? '' : technique;
  $('explain-technique').hidden = text.startsWith(technique);
  $('explain-text').textContent = text;
  const img = $('explain-img');
  const src = pictureOf(at);
  img.hidden = !src;
  if (src) img.src = src;
  else img.removeAttribute('src');
  img.alt = `The board at step ${at + 1}: ${text || technique}`;
  $('explain-prev').disabled = at === 0;
  $('explain-next').disabled = at === steps.length - 1;
  const items = $('explain-list').children;
  for (let i = 0; i < items.length; i++) {
    const b = items[i].firstElementChild;
    if (i === at) b.setAttribute('aria-current', 'step');
    else b.removeAttribute('aria-current');
  }
  if (focus && items[at]) items[at].firstElementChild.focus();
}

export async function openExplain() {
  if (!state.game) return;
  release();
  steps = [];
  $('explain-view').hidden = true;
  fill($('explain-list'));
  $('explain-status').textContent = 'Working out the path…';
  openDialog('explain-dialog');
  let answer;
  try {
    // The server draws the picture in the page's theme (high contrast as the renderer's print theme).
    const theme = resolvedTheme();
    answer = await api.explain(state.game.id, state.settings.lang, theme);
  } catch (err) {
    $('explain-status').textContent = `The path cannot be shown: ${err.message}`;
    return;
  }
  if (answer.mistakes) {
    $('explain-status').textContent =
      'Your digits or notes hold a mistake, so no path leads on from here. Ask for a hint: it names the mistake first.';
    return;
  }
  steps = Array.isArray(answer.steps) ? answer.steps : [];
  const notes = [`${steps.length} step${steps.length === 1 ? '' : 's'} from your position`];
  if (answer.truncated) notes.push('the first 200 shown');
  if (!answer.solved && !answer.truncated) notes.push('after them the solver is stuck');
  $('explain-status').textContent = steps.length ? `${notes.join('; ')}.` : 'Nothing left to solve.';
  if (!steps.length) return;
  fill(
    $('explain-list'),
    steps.map((s, k) => {
      const b = h('button', { type: 'button', class: 'step' }, h('span', { class: 'n', text: `${k + 1}.` }), ` ${s.text || s.technique || ''}`);
      b.addEventListener('click', () => show(k));
      return h('li', {}, b);
    }),
  );
  $('explain-view').hidden = false;
  show(0);
}

export function setupExplain() {
  $('explain-btn').addEventListener('click', openExplain);
  $('explain-prev').addEventListener('click', () => show(at - 1));
  $('explain-next').addEventListener('click', () => show(at + 1));
  const dlg = $('explain-dialog');
  dlg.addEventListener('keydown', (e) => {
    if (!steps.length || (e.target && e.target.tagName === 'INPUT')) return;
    const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    if (e.key in keys) {
      show(at + keys[e.key], e.target && e.target.classList && e.target.classList.contains('step'));
      e.preventDefault();
    } else if (e.key === 'Home' || e.key === 'End') {
      show(e.key === 'Home' ? 0 : steps.length - 1, true);
      e.preventDefault();
    }
  });
  dlg.addEventListener('closed', release);
}
