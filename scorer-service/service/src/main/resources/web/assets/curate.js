// The curation page (/curate/{passageId}): one extraction of the passage, corrected edge by edge from the keyboard,
// with undo and a diff before submitting; the correction goes to POST /api/curation/corrections (CurationApi).
// The edits are a list replayed on the extraction (the server replays the same list): undo drops the last one.
// Keyboard alone: an edge's number is a button that chooses it, every action is a button as well as a key, and
// Enter or Space on a focused button or link does what that control says (the page's own keys are for the rest of
// the page); a redrawn table gives the focus back to the chosen edge's button.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const passageId = decodeURIComponent(location.pathname.replace(/^\/curate\//, ''));
  const el = (tag, cls, text) => {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  };
  const key = (label) => String(label).replace(/\s+/g, ' ').trim().toLowerCase();
  const state = {view: null, extraction: null, edits: [], nothing: false, current: 0, csrf: null,
    spans: {source: null, target: null}, reviewing: false, submitted: false};

  function status(text, cls) {
    $('status').textContent = text || '';
    $('status').className = 'status ' + (cls || '');
  }

  async function api(method, url, body) {
    const headers = {'Accept': 'application/json'};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (state.csrf && method !== 'GET') headers['X-CSRF-Token'] = state.csrf;
    const r = await fetch(url, {method, headers, body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin'});
    let data = null;
    try { data = await r.json(); } catch (e) { data = null; }
    return {status: r.status, data};
  }

  // ---- the working graph: the extraction with the edits replayed (as the server's Corrector does)
  function working() {
    const edges = state.extraction.edges.map((e, i) => ({source: e.source, target: e.target,
      direction: e.direction, from: i, deleted: false, confirmed: false, evidence: e.evidence}));
    for (const ed of state.edits) {
      if (ed.op === 'flip') edges[ed.index].direction = edges[ed.index].direction === 'INCREASE' ? 'DECREASE' : 'INCREASE';
      else if (ed.op === 'delete') edges[ed.index].deleted = true;
      else if (ed.op === 'keep') edges[ed.index].confirmed = true;
      else if (ed.op === 'rename') {
        for (const e of edges) {
          if (e.deleted) continue;
          if (key(e.source) === key(ed.from)) e.source = ed.to;
          if (key(e.target) === key(ed.from)) e.target = ed.to;
        }
      } else if (ed.op === 'add') {
        edges.push({source: label(ed.sourceSpan), target: label(ed.targetSpan), direction: ed.direction, from: null,
          deleted: false, confirmed: false, evidence: [ed.sourceSpan, ed.targetSpan]});
      }
    }
    if (state.nothing) edges.forEach((e) => { e.deleted = true; });
    for (const e of edges) {
      if (e.from == null) { e.change = 'added'; continue; }
      const o = state.extraction.edges[e.from];
      const renamed = o.source !== e.source || o.target !== e.target;
      e.change = e.deleted ? 'deleted' : o.direction !== e.direction ? 'flipped' : renamed ? 'renamed' : 'kept';
      e.renamed = renamed && !e.deleted;
    }
    return edges;
  }

  function label(span) {
    return state.view.text.substring(span.start, span.end).replace(/\s+/g, ' ').trim();
  }

  function sign(direction) {
    return el('span', 'dir ' + direction.toLowerCase(), direction === 'INCREASE' ? '+ increases' : '− decreases');
  }

  function render() {
    const edges = working();
    const body = $('edges').tBodies[0];
    // the focus was on an edge's button: it follows the chosen edge into the redrawn table
    const refocus = body.contains(document.activeElement);
    body.replaceChildren();
    edges.forEach((e, i) => {
      const tr = el('tr', e.change + (i === state.current ? ' current' : ''));
      tr.dataset.index = String(i);
      tr.dataset.change = e.change;
      const s = el('td'); s.append(sign(e.direction));
      const choose = el('button', 'row-open', String(i));
      choose.type = 'button';
      choose.setAttribute('aria-label', 'Edge ' + i + ': ' + e.source + (e.direction === 'INCREASE' ? ' increases '
        : ' decreases ') + e.target + ', ' + e.change + (e.confirmed ? ', confirmed' : ''));
      if (i === state.current) choose.setAttribute('aria-current', 'true');
      choose.addEventListener('click', (ev) => { ev.stopPropagation(); state.current = i; render(); });
      const num = el('td', 'num');
      num.append(choose);
      tr.append(num, el('td', null, e.source), s, el('td', null, e.target),
        el('td', 'change', e.change + (e.renamed && e.change === 'flipped' ? ' + renamed' : '')
          + (e.confirmed ? ' ✓' : '')));
      tr.addEventListener('click', () => { state.current = i; render(); });
      body.appendChild(tr);
      if (refocus && i === state.current) choose.focus();
    });
    highlight(edges);
    const alive = edges.filter((e) => !e.deleted);
    const graph = $('graph');
    CausalGraph.draw(graph, CausalGraph.fromTriples(alive.map((e) => ({source: e.source, target: e.target,
      direction: e.direction})))).then(() => { document.body.dataset.state = 'drawn'; });
    $('nothing').textContent = state.nothing ? 'Nothing causal: on (n)' : 'Nothing causal (n)';
    $('nothing').setAttribute('aria-pressed', String(state.nothing));
    const concepts = new Set(state.view.concepts);
    const from = $('rename-from');
    const labels = [...new Set(alive.flatMap((e) => [e.source, e.target]))];
    from.replaceChildren(...labels.map((l) => { const o = el('option', null, l); o.value = l; return o; }));
    alive.forEach((e) => { concepts.add(e.source); concepts.add(e.target); });
    $('concepts').replaceChildren(...[...concepts].map((c) => { const o = el('option'); o.value = c; return o; }));
    $('pending-spans').textContent = (state.spans.source ? 'cause: “' + label(state.spans.source) + '” ' : '')
      + (state.spans.target ? 'effect: “' + label(state.spans.target) + '”' : '');
    if (state.reviewing) renderDiff(edges);
  }

  function highlight(edges) {
    const text = state.view.text;
    const marks = [];
    for (const e of edges) if (!e.deleted) for (const s of e.evidence || []) marks.push({start: s.start, end: s.end, cls: 'evidence'});
    for (const s of [state.spans.source, state.spans.target]) if (s) marks.push({start: s.start, end: s.end, cls: 'pending'});
    // boundaries: one mark per elementary piece, the pending selection on top
    const cuts = new Set([0, text.length]);
    marks.forEach((m) => { cuts.add(m.start); cuts.add(m.end); });
    const points = [...cuts].filter((c) => c >= 0 && c <= text.length).sort((a, b) => a - b);
    const out = [];
    for (let i = 0; i + 1 < points.length; i++) {
      const a = points[i]; const b = points[i + 1];
      const over = marks.filter((m) => m.start <= a && m.end >= b);
      const piece = text.substring(a, b);
      if (!over.length) { out.push(document.createTextNode(piece)); continue; }
      const m = el('mark', over.some((x) => x.cls === 'pending') ? 'pending' : 'evidence', piece);
      out.push(m);
    }
    $('text').replaceChildren(...out);
  }

  /** The character offset in the passage of a point of the selection. */
  function offsetOf(node, offset) {
    let total = 0;
    const walker = document.createTreeWalker($('text'), NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n === node) return total + offset;
      total += n.textContent.length;
    }
    return null;
  }

  function selectedSpan() {
    const sel = window.getSelection();
    if (!sel || sel.rangeCount === 0 || sel.isCollapsed) return null;
    const r = sel.getRangeAt(0);
    let start = offsetOf(r.startContainer, r.startOffset);
    let end = offsetOf(r.endContainer, r.endOffset);
    if (start == null || end == null) return null;
    const text = state.view.text;
    while (start < end && /\s/.test(text[start])) start++;
    while (end > start && /\s/.test(text[end - 1])) end--;
    return end > start ? {start, end} : null;
  }

  function edit(e) {
    if (state.submitted) return;
    state.edits.push(e);
    status('');
    render();
  }

  function currentSource() {
    const edges = working();
    const e = edges[state.current];
    if (!e || e.from == null) { status('choose one of the extraction\'s edges', 'err'); return null; }
    if (e.deleted) { status('that edge is deleted (u undoes)', 'err'); return null; }
    return e.from;
  }

  const actions = {
    flip: () => { const i = currentSource(); if (i != null) edit({op: 'flip', index: i}); },
    delete: () => { const i = currentSource(); if (i != null) edit({op: 'delete', index: i}); },
    keep: () => { const i = currentSource(); if (i != null) edit({op: 'keep', index: i}); },
    rename: () => {
      const edges = working();
      const e = edges[state.current];
      $('rename-form').hidden = false;
      if (e) $('rename-from').value = e.source;
      $('rename-to').value = '';
      $('rename-to').focus();
    },
    nothing: () => { state.nothing = !state.nothing; state.edits = state.edits.filter((e) => !(state.nothing && e.op === 'add')); render(); },
    undo: () => {
      if (state.submitted) return;
      if (state.edits.length) state.edits.pop();
      else if (state.nothing) state.nothing = false;
      render();
    },
    add: (direction) => {
      if (!state.spans.source || !state.spans.target) { status('select a cause span (1) and an effect span (2) first', 'err'); return; }
      if (state.nothing) { status('the passage is marked as asserting nothing causal (n to undo)', 'err'); return; }
      const e = {op: 'add', sourceSpan: state.spans.source, targetSpan: state.spans.target, direction};
      state.spans = {source: null, target: null};
      edit(e);
      state.current = working().length - 1;
      render();
    },
    span: (which) => {
      const s = selectedSpan();
      if (!s) { status('select some words of the passage first', 'err'); return; }
      state.spans[which] = s;
      window.getSelection().removeAllRanges();
      render();
    },
    move: (d) => { const n = working().length; if (n) { state.current = (state.current + d + n) % n; render(); } },
    review: () => { state.reviewing = true; $('review').hidden = false; render(); $('submit').focus(); },
    back: () => {
      const inside = $('review').contains(document.activeElement);
      state.reviewing = false;
      $('review').hidden = true;
      if (inside) $('review-button').focus();
    },
    gold: () => { $('gold').checked = !$('gold').checked; },
  };

  function renderDiff(edges) {
    const items = [];
    edges.forEach((e) => {
      const o = e.from == null ? null : state.extraction.edges[e.from];
      const arrow = (x) => x.source + (x.direction === 'INCREASE' ? ' → ' : ' ⊣ ') + x.target;
      if (e.change === 'kept' && !e.confirmed) return;
      const text = e.change === 'added' ? '+ ' + arrow(e)
        : e.change === 'deleted' ? '− ' + arrow(o)
        : e.change === 'kept' ? '✓ ' + arrow(o)
        : '~ ' + arrow(o) + '  ⇒  ' + arrow(e);
      const li = el('li', e.change, text);
      li.dataset.change = e.change;
      items.push(li);
    });
    if (state.nothing) items.unshift(el('li', 'deleted', 'the passage asserts nothing causal'));
    $('diff').replaceChildren(...(items.length ? items : [el('li', 'muted', 'no change: the extraction is kept as it is')]));
  }

  async function submit() {
    if (state.submitted || state.sending) return;
    state.sending = true;
    const body = {passageId, annotationId: state.extraction.annotationId, passageVersion: state.view.passageVersion,
      extractionVersion: state.extraction.version, edits: state.edits, nothingCausal: state.nothing,
      gold: $('gold').checked};
    // aria-disabled, not disabled: the focus stays where the curator is
    $('submit').setAttribute('aria-disabled', 'true');
    const r = await api('POST', '/api/curation/corrections', body);
    state.sending = false;
    if (r.status === 202) {
      state.submitted = true;
      status('Published ' + r.data.annotationId + (r.data.gold ? ' (and as gold)' : '') + '.', 'ok');
      document.body.dataset.submitted = r.data.annotationId;
      const a = el('a', null, ' See it scored in the passage view');
      a.href = '/passages/' + encodeURIComponent(passageId);
      $('status').appendChild(a);
    } else {
      $('submit').setAttribute('aria-disabled', 'false');
      status((r.data && r.data.error) || ('refused (' + r.status + ')'), 'err');
      document.body.dataset.refused = (r.data && r.data.code) || String(r.status);
    }
  }

  function onKey(ev) {
    const t = ev.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) {
      if (ev.key === 'Escape' && !$('rename-form').hidden && $('rename-form').contains(t)) closeRename();
      else if (ev.key === 'Escape') t.blur();
      return;
    }
    // Enter and Space on a focused control are that control's (a button's click, a link's navigation)
    if (t && (ev.key === 'Enter' || ev.key === ' ') && t.closest('button, a, summary')) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) {
      if ((ev.ctrlKey || ev.metaKey) && ev.key === 'z') { ev.preventDefault(); actions.undo(); }
      return;
    }
    const k = ev.key;
    const map = {j: () => actions.move(1), ArrowDown: () => actions.move(1), k: () => actions.move(-1),
      ArrowUp: () => actions.move(-1), f: actions.flip, d: actions.delete, c: actions.keep, r: actions.rename,
      n: actions.nothing, u: actions.undo, v: actions.review, g: actions.gold, Escape: actions.back,
      '1': () => actions.span('source'), '2': () => actions.span('target'), '+': () => actions.add('INCREASE'),
      '=': () => actions.add('INCREASE'), '-': () => actions.add('DECREASE'),
      Enter: () => { if (state.reviewing) submit(); else actions.review(); }};
    if (map[k]) { ev.preventDefault(); map[k](); }
  }

  async function session() {
    const r = await api('GET', '/api/curator/session');
    if (r.status === 200) {
      state.csrf = r.data.csrfToken;
      $('who').textContent = 'curator ' + r.data.curatorId;
      $('sign-out').hidden = false;
      $('signin').hidden = true;
      return true;
    }
    $('signin').hidden = false;
    $('name-field').hidden = !(r.data && r.data.openSignIn);
    if (r.data && r.data.signInPossible === false) $('signin-status').textContent = 'Curation is closed: no curator is configured (scorer.curators).';
    return false;
  }

  async function load() {
    const r = await api('GET', '/api/curation/passages/' + encodeURIComponent(passageId));
    if (r.status !== 200) { $('text').textContent = (r.data && r.data.error) || 'not available (' + r.status + ')'; return; }
    state.view = r.data;
    $('title').textContent = 'Curate · ' + (r.data.title || passageId);
    document.title = 'Curate ' + (r.data.title || passageId) + ' · causal-stream';
    $('passage-link').href = '/passages/' + encodeURIComponent(passageId);
    $('passage-info').textContent = passageId + ' · version ' + r.data.passageVersion;
    const sel = $('extraction');
    sel.replaceChildren(...r.data.extractions.map((x) => {
      const o = el('option', null, x.annotatorId + ' (' + x.annotatorKind.toLowerCase() + ', ' + x.edges.length + ' edges)');
      o.value = x.annotationId;
      return o;
    }));
    const wanted = new URLSearchParams(location.search).get('annotation');
    const first = r.data.extractions.find((x) => x.annotationId === wanted)
      || r.data.extractions.find((x) => x.annotatorKind !== 'HUMAN') || r.data.extractions[0];
    if (!first) { $('text').textContent = r.data.text; status('no extraction of this passage yet', 'err'); return; }
    choose(first.annotationId);
  }

  function choose(annotationId) {
    state.extraction = state.view.extractions.find((x) => x.annotationId === annotationId);
    $('extraction').value = annotationId;
    state.edits = []; state.nothing = false; state.current = 0; state.submitted = false;
    $('submit').setAttribute('aria-disabled', 'false');
    state.spans = {source: null, target: null};
    $('extraction-info').textContent = 'version ' + state.extraction.version
      + (state.extraction.corrected ? ' · you already corrected this version' : '');
    document.body.dataset.extraction = annotationId;
    render();
  }

  $('signin-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const token = $('token').value.trim();
    const r = await api('POST', '/api/curator/session', token ? {token} : {name: $('name').value.trim()});
    if (r.status === 200) {
      await session();
      // the form the focus was in is gone: to the page's heading
      $('title').focus();
      await load();
    } else $('signin-status').textContent = (r.data && r.data.error) || 'refused';
  });
  $('sign-out').addEventListener('click', async () => { await api('DELETE', '/api/curator/session'); location.reload(); });
  // the rename form closes with the focus back on the button that opened it
  function closeRename() {
    $('rename-form').hidden = true;
    $('rename').focus();
  }
  $('rename-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const to = $('rename-to').value.trim();
    closeRename();
    if (to) edit({op: 'rename', from: $('rename-from').value, to});
  });
  $('rename-cancel').addEventListener('click', closeRename);
  $('extraction').addEventListener('change', () => choose($('extraction').value));
  $('flip').addEventListener('click', actions.flip);
  $('delete').addEventListener('click', actions.delete);
  $('keep').addEventListener('click', actions.keep);
  $('rename').addEventListener('click', actions.rename);
  $('add-inc').addEventListener('click', () => actions.add('INCREASE'));
  $('add-dec').addEventListener('click', () => actions.add('DECREASE'));
  $('nothing').addEventListener('click', actions.nothing);
  $('undo').addEventListener('click', actions.undo);
  $('review-button').addEventListener('click', actions.review);
  $('submit').addEventListener('click', submit);
  $('back').addEventListener('click', actions.back);
  document.addEventListener('keydown', onKey);
  session().then(load);
})();
