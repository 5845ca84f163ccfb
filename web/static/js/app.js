// app.js starts the UI: it learns who the caller is from GET /api/v1/rights,
// shows the sign-in form when the server wants credentials, and routes the
// address to a view. Views are shown or hidden as the caller's rights say;
// the server still decides every request on its own.

import { call, token, saveToken, forgetToken, APIError } from './api.js';
import { h, append, clear } from './dom.js';
import { t, has, detect, setLang, current, translate, principal } from './i18n.js';
import * as ask from './ask.js';
import * as search from './search.js';
import * as source from './source.js';
import * as graph from './graph.js';
import * as review from './review.js';
import * as revocations from './revocations.js';

// views are the pages of the navigation. Every reader may look at each
// (the server filters what they hold); what changes the store is offered
// only to the roles GET /api/v1/rights reports.
const views = {
  ask: { mod: ask, nav: 'nav.ask', show: () => true },
  search: { mod: search, nav: 'nav.search', show: () => true },
  graph: { mod: graph, nav: 'nav.graph', show: () => true },
  review: { mod: review, nav: 'nav.review', show: () => true },
  log: { mod: revocations, nav: 'nav.log', show: () => true },
};

// session is who the UI acts as: the rights answer and how it signed in
// ("token", "proxy" or "anonymous"); rights is null until signed in.
const session = { rights: null, mode: '', notice: '' };

let running = null; // the AbortController of the view on screen

// ways are how the server lets a caller in (its verity-sign-in meta
// element): "token", and "anonymous" or "proxy" when it allows them.
const ways = (document.querySelector('meta[name="verity-sign-in"]')?.content || 'token anonymous proxy').split(' ');

// refresh asks the API who the caller is — only when it can say: with a
// token, under anonymous reading, or behind a proxy. Otherwise the answer
// would be a 401 (an error in the browser's console) and the sign-in form
// is shown without asking.
async function refresh() {
  if (!token() && !ways.includes('anonymous') && !ways.includes('proxy')) {
    session.rights = null;
    session.mode = '';
    return;
  }
  try {
    session.rights = await call('GET', 'rights');
    session.mode = token() ? 'token' : session.rights.actor === 'public' ? 'anonymous' : 'proxy';
  } catch (err) {
    if (!(err instanceof APIError) || err.status !== 401) throw err;
    session.rights = null;
    session.mode = '';
    if (token()) {
      forgetToken();
      session.notice = t('signin.storedRefused');
    }
  }
}

function renderHeader() {
  const who = document.getElementById('who');
  clear(who);
  const r = session.rights;
  if (r) {
    const others = (r.principals || []).filter((p) => p !== r.actor && p !== 'public');
    const roles = [];
    if (r.rights?.admin) roles.push(h('span', { class: 'role' }, t('role.admin')));
    else if (r.rights?.curator) roles.push(h('span', { class: 'role' }, t('role.curator')));
    if (session.mode === 'anonymous') {
      who.append(h('span', { class: 'actor' }, t('who.anonymous')));
      who.append(h('button', { type: 'button', class: 'link', id: 'signin', onclick: () => showSignIn() }, t('who.signIn')));
    } else {
      append(who, [
        h('span', { class: 'as' }, t(session.mode === 'proxy' ? 'who.proxy' : 'who.token'), ' '),
        h('strong', { class: 'actor doc', id: 'actor', 'data-principal': r.actor, title: r.actor }, principal(r.actor)),
        others.length ? h('span', { class: 'also' }, ' (', t('who.also'), ' ', others.map(principal).join(', '), ')') : null,
        roles,
      ]);
      if (r.actor.startsWith('user:')) who.append(linkTelegram(r.actor));
      if (session.mode === 'token') {
        who.append(h('button', { type: 'button', class: 'link', id: 'signout', onclick: signOut }, t('who.signOut')));
      } else {
        who.append(h('span', { class: 'note' }, t('who.proxyNote')));
      }
    }
  }
  const lang = document.getElementById('lang');
  lang.textContent = t('switchTo');
  lang.setAttribute('lang', current() === 'en' ? 'ru' : 'en');
  lang.setAttribute('aria-label', t('switchLabel'));
  const nav = document.getElementById('nav');
  clear(nav);
  nav.setAttribute('aria-label', t('navLabel'));
  nav.hidden = !r;
  if (!r) return;
  const here = routeOf(location);
  for (const [name, v] of Object.entries(views)) {
    if (!v.show(session)) continue;
    const href = name === 'ask' ? '/' : '/?view=' + name;
    nav.append(h('a', { href, 'data-view': name, 'aria-current': here.view === name ? 'page' : false }, t(v.nav)));
  }
  translate(document);
}

// linkTelegram is a button that makes a one-time code linking a Telegram
// account to the signed-in user (POST /api/v1/chat/link-codes), shown in
// its place: the person sends it to the bot in a private chat.
function linkTelegram(actor) {
  const out = h('span', { class: 'linkcode', role: 'status' });
  const button = h('button', { type: 'button', class: 'link', id: 'link-telegram', onclick: async () => {
    try {
      const c = await call('POST', 'chat/link-codes', { body: { platform: 'telegram', principal: actor } });
      const until = new Date(c.expires_at).toLocaleTimeString();
      out.replaceChildren(t('who.linkCode', { time: until }), ' ', h('code', { id: 'link-code' }, '/start ' + c.code));
    } catch (err) {
      out.textContent = err.message || String(err);
    }
  } }, t('who.linkTelegram'));
  return h('span', {}, button, ' ', out);
}

function signOut() {
  forgetToken();
  ask.forget();
  session.rights = null;
  session.notice = '';
  start();
}

// routeOf reads an address: /sources/ID is the source view, anything else
// a view named by ?view= (ask by default).
function routeOf(loc) {
  const params = new URLSearchParams(loc.search);
  if (loc.pathname.startsWith('/sources/')) {
    let id = '';
    try {
      id = decodeURIComponent(loc.pathname.slice('/sources/'.length));
    } catch {
      id = '';
    }
    return { view: 'source', id, params, hash: loc.hash.replace(/^#/, '') };
  }
  const view = views[params.get('view')] ? params.get('view') : 'ask';
  return { view, params, hash: loc.hash.replace(/^#/, '') };
}

// navigate shows href (an address of this UI) and records it in history.
let inApp = false; // whether this page has navigated within the UI

export function navigate(href, { replace } = {}) {
  inApp = true;
  if (replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  route();
}

function showSignIn() {
  if (running) running.abort();
  const main = document.getElementById('main');
  clear(main);
  const input = h('input', {
    id: 'token', type: 'password', autocomplete: 'off', spellcheck: 'false', autocapitalize: 'off', required: true,
    'aria-describedby': 'token-note',
  });
  const remember = h('input', { id: 'remember', type: 'checkbox' });
  const msg = h('p', { class: 'error', id: 'signin-error', role: 'alert', hidden: !session.notice }, session.notice);
  const form = h('form', { class: 'card signin', id: 'signin-form', method: 'post', novalidate: true },
    h('h1', { tabindex: '-1' }, t('signin.title')),
    h('p', {}, t('signin.intro')),
    h('pre', {}, h('code', {}, 'verity token create --name NAME --principal user:EMAIL --principal group:GROUP --expires 720h')),
    msg,
    h('label', { for: 'token' }, t('signin.token')),
    // The input has no name: even a form submitted without this script
    // would not carry the token anywhere.
    input,
    h('p', { class: 'check' }, remember, ' ', h('label', { for: 'remember' }, t('signin.remember'))),
    h('p', { class: 'note', id: 'token-note' }, t('signin.rememberNote')),
    h('p', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, t('signin.submit'))),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const tok = input.value.trim();
    if (!tok) {
      msg.textContent = t('signin.empty');
      msg.hidden = false;
      input.focus();
      return;
    }
    saveToken(tok, remember.checked);
    ask.forget();
    input.value = '';
    try {
      await refresh();
      if (session.mode !== 'token') {
        // Refused: forget it, and fall back to what the server allows
        // without one (anonymous reading, or nothing).
        forgetToken();
        session.notice = '';
        await refresh();
        renderHeader();
        msg.textContent = t('signin.refused');
        msg.hidden = false;
        input.focus();
        return;
      }
    } catch (err) {
      forgetToken();
      msg.textContent = err instanceof APIError ? t('error.generic', { message: err.message }) : t('error.network');
      msg.hidden = false;
      return;
    }
    renderHeader();
    route();
  });
  main.append(form);
  if (session.mode === 'anonymous') {
    main.append(h('p', {}, h('a', { href: location.pathname + location.search + location.hash, id: 'stay-anonymous' }, t('signin.anonymous'))));
  }
  input.focus();
}

// route renders the view the address names.
async function route() {
  if (running) running.abort();
  running = new AbortController();
  const main = document.getElementById('main');
  if (!session.rights) {
    renderHeader();
    showSignIn();
    return;
  }
  const r = routeOf(location);
  shown = location.pathname + location.search;
  renderHeader();
  clear(main);
  const ctx = {
    ...r,
    session,
    rights: session.rights.rights || {},
    signal: running.signal,
    inApp,
    navigate,
    fail: (el, err) => showError(el, err),
  };
  const mod = r.view === 'source' ? source : views[r.view].mod;
  try {
    await mod.render(main, ctx);
  } catch (err) {
    if (err?.name !== 'AbortError') showError(main, err);
  }
}

// showError puts err into el as text, and sends the user to sign in when
// the server no longer accepts the caller.
export function showError(el, err) {
  if (err?.name === 'AbortError') return;
  if (err instanceof APIError && err.status === 401) {
    session.rights = null;
    ask.forget();
    if (token()) {
      forgetToken();
      session.notice = t('signin.storedRefused');
    }
    route();
    return;
  }
  // The code says what went wrong in the UI's words; the server's message
  // (in English) follows as its detail where it says more than the code.
  let text;
  if (!(err instanceof APIError)) text = [t('error.network')];
  else if (err.code === 'not_found' || err.code === 'rate_limited') text = [t('error.' + err.code)];
  else if (has('error.' + err.code)) text = [t('error.' + err.code), err.message ? [' ', h('span', { class: 'detail doc' }, err.message)] : null];
  else text = [t('error.generic', { message: '' }), h('span', { class: 'detail doc' }, err.message || String(err.status))];
  el.append(h('p', { class: 'error', role: 'alert' }, text));
}

// Links inside the UI change the view without reloading the page.
document.addEventListener('click', (e) => {
  const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  if (a.target || a.hasAttribute('download')) return;
  if (a.classList.contains('skip')) {
    e.preventDefault();
    document.getElementById('main').focus();
    return;
  }
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/assets/')) return;
  if (a.id === 'stay-anonymous') {
    e.preventDefault();
    route();
    return;
  }
  if (url.pathname === location.pathname && url.search === location.search && url.hash) return; // an anchor on this page
  e.preventDefault();
  navigate(url.pathname + url.search + url.hash);
});

// Back and forward re-render the view, but a change of the fragment alone
// (the skip link) does not, except in the source view, where it names the
// span to highlight.
let shown = location.pathname + location.search;
window.addEventListener('popstate', () => {
  const now = location.pathname + location.search;
  if (now === shown && !location.pathname.startsWith('/sources/')) return;
  route();
});

document.getElementById('lang').addEventListener('click', () => {
  setLang(current() === 'en' ? 'ru' : 'en', true);
  route();
});

async function start() {
  await refresh();
  route();
}

setLang(detect(), false);
translate(document);
start().catch((err) => {
  const main = document.getElementById('main');
  clear(main);
  showError(main, err);
});
