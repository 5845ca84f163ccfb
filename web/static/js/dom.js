// dom.js builds elements from text only. Nothing here parses HTML: every
// string — a document's text, a title, a model's answer — becomes a text
// node, so it shows as what it is and can never run as markup or script.

// h returns a new element. attrs sets attributes (class, href, aria-*,
// data-*, ...) and, for keys starting with "on", event listeners; false,
// null and undefined attributes are left out. Children are nodes or
// strings (strings become text nodes); arrays are flattened and null,
// undefined and false children skipped.
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith('on')) {
      // Only functions: an on* attribute holding a string would be script.
      if (typeof v === 'function') el.addEventListener(k.slice(2), v);
    } else if (k === 'hidden' || k === 'disabled' || k === 'checked' || k === 'required') {
      el[k] = Boolean(v);
    } else if (k === 'value') {
      el.value = String(v);
    } else {
      el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  append(el, children);
  return el;
}

// append adds children (see h) to el.
export function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// clear removes every child of el.
export function clear(el) {
  el.replaceChildren();
  return el;
}

// webURL returns uri as an absolute http or https URL string, or "" for
// anything else (javascript:, data:, file:, relative or malformed): only
// those may become a link's href.
export function webURL(uri) {
  if (typeof uri !== 'string' || uri === '') return '';
  let u;
  try {
    u = new URL(uri);
  } catch {
    return '';
  }
  return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : '';
}

// original returns an element for a source's original URI: a link that
// opens it in a new tab when it is http or https, its text otherwise.
export function original(uri, label) {
  const href = webURL(uri);
  if (!href) return h('span', { class: 'uri doc' }, uri || '');
  return h('a', { class: 'uri doc', href, target: '_blank', rel: 'noopener noreferrer' }, label || uri);
}

// sourcePath is the UI's address of a source, at a byte span when given:
// /sources/ID?version=N#START-END. The id is escaped as one segment, so
// ids holding "/", "?" or "#" survive the trip.
export function sourcePath(id, version, start, end) {
  let p = '/sources/' + encodeURIComponent(id);
  if (version) p += '?version=' + encodeURIComponent(String(version));
  if (Number.isInteger(start) && Number.isInteger(end)) p += '#' + start + '-' + end;
  return p;
}

// mailto returns a mailto: address asking email for access, or "" when
// email does not look like one address.
export function mailto(email, subject, body) {
  if (typeof email !== 'string' || !/^[^\s@,;:<>()[\]\\"]+@[^\s@,;:<>()[\]\\"]+$/.test(email)) return '';
  return 'mailto:' + encodeURIComponent(email) + '?subject=' + encodeURIComponent(subject) + '&body=' + encodeURIComponent(body);
}
