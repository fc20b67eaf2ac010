// Share links: `/?p=<puzzle>` with, optionally, the sharer's digits (`v`) and notes (`n` centre, `c` corner), as
// API.md describes. Opening one starts a new game from it.

import { $ } from './dom.js';
import { openDialog } from './dialogs.js';
import { state } from './state.js';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function encodeNotes(list) {
  const bytes = [];
  for (let i = 0; i < 81; i++) bytes.push((list[i] >> 8) & 0xff, list[i] & 0xff);
  let out = '';
  for (let k = 0; k < bytes.length; k += 3) {
    const n = (bytes[k] << 16) | (bytes[k + 1] << 8) | bytes[k + 2];
    out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63] + B64[(n >> 6) & 63] + B64[n & 63];
  }
  return out;
}

function decodeNotes(text, what) {
  if (text.length !== 216) throw new Error(`the ${what} should be 216 characters long, not ${text.length}`);
  const bytes = [];
  for (let k = 0; k < text.length; k += 4) {
    let n = 0;
    for (let j = 0; j < 4; j++) {
      const v = B64.indexOf(text[k + j]);
      if (v < 0) throw new Error(`the ${what} hold a character that is not base64url`);
      n = (n << 6) | v;
    }
    bytes.push((n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff);
  }
  const out = [];
  for (let i = 0; i < 81; i++) {
    const v = (bytes[2 * i] << 8) | bytes[2 * i + 1];
    if (v > 0x1ff) throw new Error(`the ${what} of cell ${i + 1} are out of range`);
    out.push(v);
  }
  return out;
}

const line = (digits) => digits.map((d) => String(d || 0)).join('');

/** The share link of the current game, with or without the progress. */
export function shareLink(withProgress) {
  const v = state.view;
  const url = new URL('/', window.location.origin);
  url.searchParams.set('p', line(v.puzzle));
  if (withProgress) {
    url.searchParams.set('v', line(v.values));
    if (v.notes.some(Boolean)) url.searchParams.set('n', encodeNotes(v.notes));
    if (v.corners.some(Boolean)) url.searchParams.set('c', encodeNotes(v.corners));
  }
  return url.toString();
}

/**
 * The new-game request a share link in `search` asks for, or null when it carries none; throws an Error saying
 * what is wrong with a link that cannot be read.
 */
export function readShareLink(search) {
  const q = new URLSearchParams(search);
  if (!q.has('p')) return null;
  const p = q.get('p') || '';
  const check81 = (text, what) => {
    if (!/^[0-9.]{81}$/.test(text)) {
      throw new Error(`the ${what} should be 81 digits (0 for an empty cell), not ${text.length} characters`);
    }
    return text.replace(/\./g, '0');
  };
  const body = { puzzle: check81(p, 'puzzle') };
  if (q.has('v')) {
    const values = check81(q.get('v') || '', 'digits');
    for (let i = 0; i < 81; i++) {
      if (body.puzzle[i] !== '0' && values[i] !== body.puzzle[i]) {
        throw new Error(`the digits change the given of cell ${i + 1}`);
      }
    }
    body.values = values;
    body.notes = q.has('n') ? decodeNotes(q.get('n') || '', 'centre notes') : new Array(81).fill(0);
    body.corners = q.has('c') ? decodeNotes(q.get('c') || '', 'corner notes') : new Array(81).fill(0);
  } else if (q.has('n') || q.has('c')) {
    throw new Error('notes come only with the digits (v)');
  }
  return body;
}

function update() {
  const progress = document.querySelector('input[name="share-kind"]:checked').value === 'progress';
  $('share-link').value = shareLink(progress);
  $('share-status').textContent = '';
}

async function copy() {
  const input = $('share-link');
  try {
    await navigator.clipboard.writeText(input.value);
    $('share-status').textContent = 'Copied.';
  } catch {
    input.focus();
    input.select();
    $('share-status').textContent = 'Selected: copy it with Ctrl+C.';
  }
}

export function setupShare() {
  $('share-btn').addEventListener('click', () => {
    if (!state.view) return;
    update();
    openDialog('share-dialog');
  });
  for (const r of document.querySelectorAll('input[name="share-kind"]')) r.addEventListener('change', update);
  $('share-copy').addEventListener('click', copy);
  $('share-link').addEventListener('focus', (e) => e.target.select());
}
