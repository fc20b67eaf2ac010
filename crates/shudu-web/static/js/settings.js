// Settings, kept per player by the server and applied live: the theme (the system's by default), note style,
// highlighting, checking, and the hints' language.

import { api } from './api.js';
import { $ } from './dom.js';
import { openDialog, toast } from './dialogs.js';
import { DEFAULT_SETTINGS, changed, recompute, state } from './state.js';

const THEME_KEY = 'shudu-theme';

/** The theme in force: light, dark or contrast (the system's preference for `system`). */
export function resolvedTheme() {
  const t = state.settings.theme;
  if (t === 'light' || t === 'dark' || t === 'contrast') return t;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Applies a theme setting: the page's colours follow `data-theme`, always set to the theme in force (the system's
 * preference resolved here for `system`, so the stylesheet holds each palette once). */
export function applyTheme(theme) {
  const root = document.documentElement;
  const system = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  root.dataset.theme = theme === 'light' || theme === 'dark' || theme === 'contrast' ? theme : system;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage may be off; the server keeps the setting anyway.
  }
}

export function takeSettings(settings) {
  state.settings = { ...DEFAULT_SETTINGS, ...(settings || {}) };
  applyTheme(state.settings.theme);
  recompute();
  changed();
}

function fillForm() {
  const form = $('settings-form');
  for (const el of form.elements) {
    if (!el.name || !(el.name in state.settings)) continue;
    if (el.type === 'checkbox') el.checked = !!state.settings[el.name];
    else if (el.type === 'radio') el.checked = state.settings[el.name] === el.value;
  }
}

let onRulesChanged = () => {};

/** Sets what to do when a setting that changes the game's marks is saved (the game is fetched again). */
export function whenRulesChange(fn) {
  onRulesChanged = fn;
}

async function save(name, value) {
  const before = state.settings[name];
  state.settings = { ...state.settings, [name]: value };
  if (name === 'theme') applyTheme(value);
  recompute();
  changed();
  try {
    const saved = await api.saveSettings({ [name]: value });
    if (saved && typeof saved === 'object') state.settings = { ...DEFAULT_SETTINGS, ...saved };
    if (['checking', 'lang'].includes(name)) onRulesChanged();
  } catch (err) {
    state.settings = { ...state.settings, [name]: before };
    if (name === 'theme') applyTheme(before);
    fillForm();
    toast(`The setting was not saved: ${err.message}`, 'error');
  }
  changed();
}

export function setupSettings() {
  const form = $('settings-form');
  form.addEventListener('submit', (e) => e.preventDefault());
  form.addEventListener('change', (e) => {
    const el = e.target;
    if (!el.name) return;
    save(el.name, el.type === 'checkbox' ? el.checked : el.value);
  });
  $('settings-btn').addEventListener('click', () => {
    fillForm();
    openDialog('settings-dialog');
  });
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    applyTheme(state.settings.theme);
    changed();
  });
}
