// The JSON API (see crates/shudu-web/API.md): one fetch wrapper that turns every failure into an ApiError with the
// server's stable `code`, and the endpoints by name.

export class ApiError extends Error {
  constructor(status, body, retryAfter) {
    super((body && body.error) || `The server answered ${status}.`);
    this.status = status;
    this.code = (body && body.code) || (status === 0 ? 'network' : `http_${status}`);
    this.detail = (body && body.detail) || null;
    this.retryAfter = retryAfter || 0;
  }

  /** Whether the same request may succeed later: the move is kept and sent again. */
  get transient() {
    return ['network', 'storage', 'busy', 'timeout', 'rate_limited'].includes(this.code) || this.status >= 500;
  }
}

export async function request(method, path, body) {
  const init = { method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError(0, { code: 'network', error: 'The server cannot be reached.' });
  }
  if (res.status === 204) return null;
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) throw new ApiError(res.status, data, Number(res.headers.get('Retry-After')) || 0);
  return data;
}

const game = (id) => `/api/games/${encodeURIComponent(id)}`;

export const api = {
  me: () => request('GET', '/api/me'),
  stats: () => request('GET', '/api/stats'),
  daily: () => request('GET', '/api/daily'),
  games: () => request('GET', '/api/games'),
  saveSettings: (partial) => request('PUT', '/api/settings', partial),
  newGame: (body) => request('POST', '/api/games', body),
  game: (id) => request('GET', game(id)),
  move: (id, body) => request('POST', `${game(id)}/moves`, body),
  hint: (id, elapsed) => request('POST', `${game(id)}/hint`, { elapsed_ms: elapsed }),
  time: (id, elapsed) => request('POST', `${game(id)}/time`, { elapsed_ms: elapsed }),
  explain: (id, lang, theme) =>
    request('GET', `${game(id)}/explain?lang=${encodeURIComponent(lang)}&theme=${encodeURIComponent(theme)}`),
  /** The time, sent as the page goes away (a beacon outlives the page). */
  beaconTime(id, elapsed) {
    const blob = new Blob([JSON.stringify({ elapsed_ms: elapsed })], { type: 'application/json' });
    try {
      if (navigator.sendBeacon && navigator.sendBeacon(`${game(id)}/time`, blob)) return;
    } catch {
      // Some browsers refuse a JSON beacon: fall through to a keep-alive fetch.
    }
    fetch(`${game(id)}/time`, {
      method: 'POST', keepalive: true, credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ elapsed_ms: elapsed }),
    }).catch(() => {});
  },
};
