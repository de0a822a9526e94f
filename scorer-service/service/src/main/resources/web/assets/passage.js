// The passage view (/passages/{id}): the text with the evidence spans highlighted, and each annotation of the
// passage drawn as a graph (graph.js) with its soft F1 against the gold, or "no gold yet". The headline score is
// METEOR's when the scorer computes it (the measure the project reports), else the first measure's, named either
// way; every measure is listed below it. A passage the scorer knows nothing of (no text, no annotation) is "not
// found"; one with annotations but no text yet is "not published yet".
// Data: GET /api/passages/{id}/scores (the scorer's ScoresApi).
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const passageId = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop());
  let data = null;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }

  async function load() {
    const r = await fetch('/api/passages/' + encodeURIComponent(passageId) + '/scores', {credentials: 'same-origin'});
    if (r.status === 503 || r.status === 307) { setTimeout(load, 1000); return; }
    if (r.status === 404) { notFound(); return; }
    if (r.status !== 200) { $('status').textContent = 'error ' + r.status; return; }
    data = await r.json();
    if (!data || (data.text == null && !(data.annotations || []).length)) { notFound(); return; }
    render();
  }

  function notFound() {
    document.title = 'Passage not found · causal-stream';
    $('title').textContent = 'Passage not found';
    $('passage-info').textContent = '404';
    $('passage-text').replaceChildren(el('span', null, 'No passage "' + passageId + '" is known to the scorer: '
      + 'check the id, or ingest the passage first. '), Object.assign(el('a', null, 'Collective maps'),
      {href: '/maps'}));
    $('passage-text').parentElement.querySelector('p.muted').remove();
    document.body.dataset.state = 'not-found';
  }

  // Every span of every edge, as the segments of the text between span boundaries; a segment inside one or more
  // spans is a <mark> that knows which spans cover it (data-spans: "start-end start-end").
  function renderText(focus) {
    const text = data.text;
    const box = $('passage-text');
    // annotations of the passage are there, its text not (yet): it is coming
    if (text == null) { box.textContent = '(the passage text has not been published yet)'; return; }
    const spans = new Map();
    for (const a of data.annotations) for (const e of a.edges) for (const s of (e.evidence || [])) {
      if (s.start >= 0 && s.end <= text.length && s.start < s.end) spans.set(s.start + '-' + s.end, s);
    }
    const cuts = new Set([0, text.length]);
    for (const s of spans.values()) { cuts.add(s.start); cuts.add(s.end); }
    const points = [...cuts].sort((x, y) => x - y);
    box.replaceChildren();
    for (let i = 0; i + 1 < points.length; i++) {
      const from = points[i]; const to = points[i + 1];
      const covering = [...spans.values()].filter((s) => s.start <= from && s.end >= to).map((s) => s.start + '-' + s.end);
      const piece = text.slice(from, to);
      if (!covering.length) { box.appendChild(document.createTextNode(piece)); continue; }
      const m = el('mark', 'ev', piece);
      m.dataset.spans = covering.join(' ');
      if (focus && covering.some((k) => focus.has(k))) m.classList.add('focus');
      box.appendChild(m);
    }
  }

  function focusSpans(keys) {
    const set = new Set(keys);
    for (const m of document.querySelectorAll('#passage-text mark')) {
      m.classList.toggle('focus', m.dataset.spans.split(' ').some((k) => set.has(k)));
    }
    const first = document.querySelector('#passage-text mark.focus');
    if (first) first.scrollIntoView({block: 'nearest'});
  }

  function scoreLine(a) {
    const line = el('span', 'muted');
    if (!a.goldAnnotationId) { line.textContent = 'no gold yet'; line.classList.add('no-gold'); return line; }
    const parts = a.scores.map((s) => s.measure + '@' + s.threshold + ' ' + s.f1.toFixed(3));
    line.textContent = 'vs gold ' + a.goldAnnotationId + (a.goldOrigin ? ' (' + a.goldOrigin.toLowerCase() + ')' : '')
      + (a.alignmentF1 != null ? ' · alignment F1 ' + a.alignmentF1.toFixed(3) : '');
    const head = a.scores.find((s) => s.measure === 'meteor') || a.scores[0];
    const main = el('span', 'f1', head ? measureName(head.measure) + ' ' + head.f1.toFixed(3) : 'soft F1 —');
    main.dataset.measure = head ? head.measure + '@' + head.threshold : '';
    main.title = head ? 'soft F1 with ' + head.measure + '@' + head.threshold + ' node matching; all: '
      + parts.join(' · ') : '';
    const wrap = el('span');
    wrap.append(main, document.createTextNode(' '), line);
    if (parts.length > 1) wrap.append(el('div', 'muted', parts.join(' · ')));
    return wrap;
  }

  const NAMES = {exact: 'exact-match F1', meteor: 'METEOR soft F1', bleu: 'BLEU soft F1', 'bleu-nltk': 'BLEU (NLTK) soft F1',
    rouge1: 'ROUGE-1 soft F1', rouge2: 'ROUGE-2 soft F1', rougeL: 'ROUGE-L soft F1'};

  function measureName(m) {
    return NAMES[m] || m + ' soft F1';
  }

  function render() {
    $('title').textContent = data.title ? data.title : 'Passage ' + passageId;
    document.title = (data.title ? data.title : 'Passage ' + passageId) + ' · causal-stream';
    $('passage-info').textContent = 'Passage ' + passageId + ' · ' + data.annotations.length
      + (data.annotations.length === 1 ? ' annotation' : ' annotations');
    renderText(null);
    $('legend').replaceChildren(CausalGraph.legend());
    const box = $('annotations');
    box.replaceChildren();
    if (!data.annotations.length) box.appendChild(el('p', 'muted', 'No annotation of this passage has been scored yet.'));
    const drawn = [];
    for (const a of data.annotations) {
      const card = el('section', 'card annotation');
      card.dataset.annotation = a.annotationId;
      const head = el('div', 'annotation-head');
      const title = el('h2', null, a.annotatorId);
      title.id = 'annotation-' + drawn.length;
      card.setAttribute('aria-labelledby', title.id);
      // the curation page of this annotation (sign-in there)
      const curate = el('a', 'curate-link', 'Correct this annotation');
      curate.href = '/curate/' + encodeURIComponent(passageId) + '?annotation=' + encodeURIComponent(a.annotationId);
      curate.setAttribute('aria-label', 'Correct ' + a.annotatorId + '\'s annotation');
      head.append(title, el('span', 'muted', a.annotatorKind.toLowerCase() + ' · ' + a.annotationId), scoreLine(a),
        curate);
      const graph = el('div', 'graph small');
      graph.dataset.annotation = a.annotationId;
      const detail = el('div', 'muted edge-detail', a.edges.length ? 'Click an edge for its validation and evidence.'
        : '(no relations)');
      // what a click on an edge shows is read out where it appears
      detail.setAttribute('aria-live', 'polite');
      card.append(head, graph, detail);
      box.appendChild(card);
      drawn.push(CausalGraph.draw(graph, CausalGraph.fromTriples(a.edges), {
        onEdge: (e) => showEdge(detail, e), maxHeight: 640, caption: 'Edges of ' + a.annotatorId + '\'s annotation',
      }));
    }
    Promise.all(drawn).then(() => {
      document.body.dataset.state = 'drawn';
      const m = /^#s(\d+)-(\d+)$/.exec(location.hash);
      if (m) focusSpans([m[1] + '-' + m[2]]);
    });
  }

  function showEdge(detail, e) {
    detail.replaceChildren();
    const head = el('div');
    const st = (e.state || 'UNCHECKED').toLowerCase();
    const state = el('span', 'state ' + st, st);
    head.append(el('b', null, e.sourceLabel + (e.sign < 0 ? ' ⊣ ' : ' → ') + e.targetLabel + ' '), state,
      document.createTextNode(e.strength != null ? ' · strength ' + e.strength.toFixed(3) : ' · strength not computed'));
    detail.appendChild(head);
    const list = el('ul');
    for (const s of e.stages || []) list.appendChild(el('li', null, (s.passed ? '✓ ' : '✗ ') + s.stage + ': ' + s.reason));
    detail.appendChild(list);
    const keys = (e.evidence || []).map((s) => s.start + '-' + s.end);
    detail.appendChild(el('div', null, keys.length ? 'evidence: ' + keys.map((k) => '[' + k + ')').join(', ')
      : 'no evidence span given'));
    focusSpans(keys);
  }

  window.addEventListener('hashchange', () => {
    const m = /^#s(\d+)-(\d+)$/.exec(location.hash);
    if (m && data) focusSpans([m[1] + '-' + m[2]]);
  });
  load();
})();
