// markdown.js renders a source's canonical text as Markdown — headings,
// paragraphs, lists, quotes, code, tables, emphasis and links — into DOM
// nodes. It never parses HTML: every visible piece is a text node cut from
// the text itself (HTML in a document shows as text), and a link's target
// is kept only when it is http or https. Every piece knows where it came
// from, so a span of the text (a quote) is highlighted exactly: the marks
// hold the span's characters that the rendering shows, and none other.

import { h, webURL } from './dom.js';

const fence = /^ {0,3}(`{3,}|~{3,})/;
const heading = /^ {0,3}(#{1,6})(?:[ \t]+|$)/;
const rule = /^ {0,3}([-*_])[ \t]*(?:\1[ \t]*){2,}$/;
const item = /^([ \t]*)([-*+]|\d{1,9}[.)])[ \t]+/;
const quoted = /^ {0,3}>[ \t]?/;
const tableRow = /^ {0,3}\|/;
const tableRule = /^ {0,3}\|?[ \t]*:?-{2,}:?[ \t]*(\|[ \t]*:?-{2,}:?[ \t]*)*\|?[ \t]*$/;
const blank = /^[ \t]*$/;

// inlineRe finds code, strong, emphasis and links; the groups are each
// form's content (and a link's target).
const inlineRe = /`([^`\n]+)`|\*\*(?=\S)([^\n]*?\S)\*\*|(?<![\p{L}\p{N}_])__(?=\S)([^\n]*?\S)__(?![\p{L}\p{N}_])|\*(?=[^\s*])([^\n*]*?[^\s*])?\*|(?<![\p{L}\p{N}_])_(?=[^\s_])([^\n_]*?[^\s_])?_(?![\p{L}\p{N}_])|\[([^\]\n]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/gu;

// render returns text rendered as a fragment, and the marks it made for hl
// ({from, to} in UTF-16 code units of text, or null): the first mark is the
// one to scroll to.
export function render(text, hl) {
  const out = document.createDocumentFragment();
  const marks = [];
  const lines = [];
  for (let i = 0; ; ) {
    let j = text.indexOf('\n', i);
    if (j < 0) j = text.length;
    lines.push({ s: i, e: j, t: text.slice(i, j) });
    if (j >= text.length) break;
    i = j + 1;
  }

  // run appends text[x, y), cutting out the part inside hl as a mark.
  const run = (parent, x, y) => {
    if (x >= y) return;
    if (!hl || y <= hl.from || x >= hl.to) {
      parent.append(text.slice(x, y));
      return;
    }
    const a = Math.max(x, hl.from);
    const b = Math.min(y, hl.to);
    if (x < a) parent.append(text.slice(x, a));
    const m = h('mark', { class: 'hl' }, text.slice(a, b));
    marks.push(m);
    parent.append(m);
    if (b < y) parent.append(text.slice(b, y));
  };

  // inline appends text[x, y) with its code, emphasis and links.
  const inline = (parent, x, y) => {
    const s = text.slice(x, y);
    let last = 0;
    for (const m of s.matchAll(inlineRe)) {
      run(parent, x + last, x + m.index);
      last = m.index + m[0].length;
      const at = x + m.index;
      if (m[1] !== undefined) {
        const el = h('code', {});
        run(el, at + 1, at + 1 + m[1].length);
        parent.append(el);
      } else if (m[2] !== undefined || m[3] !== undefined) {
        const el = h('strong', {});
        inline(el, at + 2, at + 2 + (m[2] ?? m[3]).length);
        parent.append(el);
      } else if (m[6] !== undefined) {
        const href = webURL(m[7]);
        const el = href ? h('a', { href, target: '_blank', rel: 'noopener noreferrer' }) : h('span', { class: 'link' });
        inline(el, at + 1, at + 1 + m[6].length);
        parent.append(el);
      } else {
        const inner = m[4] ?? m[5] ?? '';
        const el = h('em', {});
        inline(el, at + 1, at + 1 + inner.length);
        parent.append(el);
      }
    }
    run(parent, x + last, y);
  };

  // lined appends lines [from, to) of the text, each cut by cut (the
  // offset in the line where its content starts), with the line breaks
  // between them.
  const lined = (parent, from, to, cut) => {
    for (let k = from; k < to; k++) {
      if (k > from) run(parent, lines[k - 1].e, lines[k].s);
      inline(parent, lines[k].s + cut(lines[k].t), lines[k].e);
    }
  };

  // starts reports whether line k opens a block other than a paragraph.
  const starts = (k) => {
    const t = lines[k].t;
    return fence.test(t) || heading.test(t) || rule.test(t) || item.test(t) || quoted.test(t) || tableRow.test(t);
  };

  let k = 0;
  while (k < lines.length) {
    const l = lines[k];
    const t = l.t;
    if (blank.test(t)) {
      k++;
      continue;
    }
    let m;
    if ((m = fence.exec(t))) {
      const mark = m[1];
      let end = k + 1;
      while (end < lines.length && !lines[end].t.trimStart().startsWith(mark)) end++;
      const code = h('code', {});
      if (end > k + 1) run(code, lines[k + 1].s, lines[end - 1].e);
      out.append(h('pre', { class: 'code' }, code));
      k = end + 1;
    } else if ((m = heading.exec(t))) {
      const level = Math.min(m[1].length + 1, 6);
      const content = t.slice(m[0].length).replace(/[ \t]+#+[ \t]*$|[ \t]+$|^#+[ \t]*$/, '');
      const el = h('h' + level, { class: 'md-heading' });
      inline(el, l.s + m[0].length, l.s + m[0].length + content.length);
      out.append(el);
      k++;
    } else if (rule.test(t)) {
      out.append(h('hr', {}));
      k++;
    } else if (quoted.test(t)) {
      let end = k;
      while (end < lines.length && quoted.test(lines[end].t)) end++;
      const p = h('p', {});
      lined(p, k, end, (s) => quoted.exec(s)[0].length);
      out.append(h('blockquote', { class: 'md-quote' }, p));
      k = end;
    } else if (tableRow.test(t)) {
      const table = h('table', { class: 'md-table' });
      const body = h('tbody', {});
      table.append(body);
      for (; k < lines.length && tableRow.test(lines[k].t); k++) {
        if (tableRule.test(lines[k].t)) continue;
        const tr = h('tr', {});
        const row = lines[k];
        const cells = [];
        let from = row.t.indexOf('|') + 1;
        for (let i = from; i <= row.t.length; i++) {
          if (i === row.t.length || (row.t[i] === '|' && row.t[i - 1] !== '\\')) {
            if (i < row.t.length || row.t.slice(from).trim()) cells.push([from, i]);
            from = i + 1;
          }
        }
        for (const [a, b] of cells) {
          const cell = row.t.slice(a, b);
          const lead = cell.length - cell.trimStart().length;
          const td = h('td', {});
          inline(td, row.s + a + lead, row.s + a + cell.trimEnd().length);
          tr.append(td);
        }
        body.append(tr);
      }
      out.append(h('div', { class: 'md-table-wrap' }, table));
    } else if (item.test(t)) {
      k = list(k);
    } else {
      let end = k + 1;
      while (end < lines.length && !blank.test(lines[end].t) && !starts(end)) end++;
      const p = h('p', {});
      lined(p, k, end, (s) => s.length - s.trimStart().length);
      out.append(p);
      k = end;
    }
  }

  // list renders the list starting at line k, nested by indentation, and
  // returns the line after it. A blank line ends it unless an item follows.
  function list(k) {
    const stack = []; // {indent, el, li}
    const open = (indent, ordered) => {
      const el = h(ordered ? 'ol' : 'ul', { class: 'md-list' });
      const parent = stack.length ? stack[stack.length - 1].li : out;
      parent.append(el);
      stack.push({ indent, el, li: null });
    };
    while (k < lines.length) {
      const t = lines[k].t;
      if (blank.test(t)) {
        let next = k + 1;
        while (next < lines.length && blank.test(lines[next].t)) next++;
        if (next < lines.length && item.test(lines[next].t)) {
          k = next;
          continue;
        }
        break;
      }
      const m = item.exec(t);
      if (!m) {
        const top = stack[stack.length - 1];
        if (!top?.li || (!/^[ \t]/.test(t) && starts(k))) break;
        run(top.li, lines[k - 1].e, lines[k].s); // a continuation line
        inline(top.li, lines[k].s + (t.length - t.trimStart().length), lines[k].e);
        k++;
        continue;
      }
      const indent = m[1].replace(/\t/g, '    ').length;
      const ordered = /\d/.test(m[2]);
      while (stack.length && indent < stack[stack.length - 1].indent) stack.pop();
      if (!stack.length || (indent > stack[stack.length - 1].indent && stack[stack.length - 1].li)) open(indent, ordered);
      const top = stack[stack.length - 1];
      if (ordered && top.el.tagName === 'OL' && !top.li) top.el.setAttribute('start', String(parseInt(m[2], 10)));
      top.li = h('li', {});
      top.el.append(top.li);
      inline(top.li, lines[k].s + m[0].length, lines[k].e);
      k++;
    }
    return k;
  }

  return { fragment: out, marks };
}
