// Dialogs (native <dialog>, modal, Esc closes) and short messages.

import { $, h } from './dom.js';

const openers = new Map();

export function openDialog(id) {
  const dlg = $(id);
  if (!dlg || dlg.open) return dlg;
  openers.set(id, document.activeElement);
  dlg.showModal();
  return dlg;
}

/** Closes a dialog; the focus goes back where it was before, or to `focusTo`. */
export function closeDialog(id, focusTo) {
  const dlg = $(id);
  if (!dlg || !dlg.open) return;
  if (focusTo) openers.set(id, focusTo);
  dlg.close();
}

/** Whether any dialog is open (keys then belong to it, not to the board). */
export const anyDialogOpen = () => !!document.querySelector('dialog[open]');

export function setupDialogs() {
  for (const dlg of document.querySelectorAll('dialog')) {
    // A click on the backdrop (the dialog element itself, outside its box) closes it; one that only ends there
    // (a text selection dragged out of the box) does not.
    let downOnBackdrop = false;
    dlg.addEventListener('pointerdown', (e) => (downOnBackdrop = e.target === dlg));
    dlg.addEventListener('click', (e) => {
      if (e.target === dlg && downOnBackdrop) dlg.close();
      else if (e.target.closest('[data-close]')) dlg.close();
    });
    dlg.addEventListener('close', () => {
      const back = openers.get(dlg.id);
      openers.delete(dlg.id);
      if (back && back.isConnected && typeof back.focus === 'function') back.focus();
      dlg.dispatchEvent(new Event('closed'));
    });
  }
}

/** A short message that goes away by itself; `kind` is info or error. */
export function toast(text, kind = 'info', ms = 5000) {
  const box = $('toasts');
  const item = h('div', { class: `toast ${kind}` }, h('span', { text }));
  const close = h('button', { type: 'button', class: 'close', 'aria-label': 'Dismiss', text: '×' });
  close.addEventListener('click', () => item.remove());
  item.append(close);
  box.append(item);
  while (box.children.length > 3) box.firstElementChild.remove();
  if (ms) setTimeout(() => item.remove(), ms);
}
