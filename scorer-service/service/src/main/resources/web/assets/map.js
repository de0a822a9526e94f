// The collective map view (/maps/{id}): the map drawn with fCoSE (graph.js), filters (|weight|, validation state,
// annotator), an edge's provenance on click, and a scenario panel that runs a simulation.
// Data: the scorer's causal-maps API: GET /api/maps/{id}, GET /api/maps/{id}/edges?source=&target=,
// POST /api/maps/{id}/simulate, GET /api/maps/{id}/export?format=.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const mapId = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop());
  const api = '/api/maps/' + encodeURIComponent(mapId);
  const RANK = {REJECTED: 0, ERROR: 1, UNCHECKED: 2, HYPOTHESIZED: 3, VALIDATED: 4};
  let map = null;
  let labels = new Map(); // concept id -> label
  const clamps = new Map();

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }

  async function load() {
    const r = await fetch(api, {credentials: 'same-origin'});
    if (r.status === 503) { setTimeout(load, 1000); return; }
    if (r.status !== 200) {
      $('status').textContent = r.status === 404 ? 'No map ' + mapId + ' (yet).' : 'error ' + r.status;
      return;
    }
    map = await r.json();
    await draw();
  }

  function graphOf(m) {
    const index = new Map();
    const nodes = m.concepts.map((c, i) => {
      index.set(c.id, 'c' + i);
      labels.set(c.id, c.label);
      return {id: 'c' + i, concept: c.id, label: c.label, aliases: c.aliases};
    });
    const edges = m.edges.map((e, i) => {
      const prov = e.provenance || [];
      const best = prov.reduce((b, p) => Math.max(b, RANK[p.validation] == null ? 2 : RANK[p.validation]), -1);
      return {
        id: 'e' + i, source: index.get(e.source), target: index.get(e.target),
        conceptSource: e.source, conceptTarget: e.target, weight: e.weight,
        sign: e.weight > 0 ? 1 : e.weight < 0 ? -1 : 0, width: Math.abs(e.weight),
        state: best < 0 ? 'UNCHECKED' : Object.keys(RANK).find((k) => RANK[k] === best),
        // (annotator, state) of every evidence item: what the filters look at
        evidence: prov.map((p) => [p.annotatorId, RANK[p.validation] == null ? 2 : RANK[p.validation]]),
      };
    });
    return {nodes, edges};
  }

  async function draw() {
    $('title').textContent = 'Collective map ' + map.id;
    document.title = 'Collective map ' + map.id + ' · causal-stream';
    for (const [id, fmt] of [['export-graphml', 'graphml'], ['export-csv', 'csv'], ['export-json', 'json']]) {
      $(id).href = api + '/export?format=' + fmt;
    }
    const g = graphOf(map);
    const annotators = new Set();
    for (const e of map.edges) for (const p of e.provenance || []) annotators.add(p.annotatorId);
    const sel = $('annotator');
    for (const a of [...annotators].sort()) { const o = el('option', null, a); o.value = a; sel.appendChild(o); }
    const list = $('concept-list');
    for (const c of map.concepts) { const o = el('option'); o.value = c.label; list.appendChild(o); }
    // on a map the colour is the best state among an edge's evidence, the width its |weight|
    $('legend').replaceChildren(CausalGraph.legend('|weight|; colour: best state of its evidence'));
    const result = await CausalGraph.draw($('map'), g, {onEdge: showEdge});
    applyFilters();
    // what the page tests read: layout and first render, and navigation start to the map drawn
    document.body.dataset.drawMs = result.ms.toFixed(0);
    document.body.dataset.readyMs = performance.now().toFixed(0);
    document.body.dataset.state = 'drawn';
  }

  function applyFilters() {
    const minWeight = Number($('min-weight').value);
    $('min-weight-value').textContent = minWeight.toFixed(2);
    const minState = $('min-state').value === '' ? null : RANK[$('min-state').value];
    const who = $('annotator').value;
    CausalGraph.filter($('map'), (e) => {
      if (Math.abs(e.weight) < minWeight) return false;
      if (minState == null && !who) return true;
      // at least one evidence item by the chosen annotator in at least the chosen state
      return e.evidence.some(([a, s]) => (!who || a === who) && (minState == null || s >= minState));
    });
    const box = $('map');
    $('shown').textContent = box.dataset.nodes + ' of ' + map.concepts.length + ' concepts, '
      + box.dataset.edges + ' of ' + map.edges.length + ' edges shown';
  }

  async function showEdge(e) {
    const panel = $('provenance');
    panel.className = '';
    panel.replaceChildren(el('p', 'muted', 'Loading…'));
    let edge = map.edges.find((x) => x.source === e.conceptSource && x.target === e.conceptTarget);
    const r = await fetch(api + '/edges?source=' + encodeURIComponent(e.conceptSource) + '&target='
      + encodeURIComponent(e.conceptTarget), {credentials: 'same-origin'});
    if (r.status === 200) edge = await r.json();
    panel.replaceChildren();
    panel.dataset.edge = e.conceptSource + '→' + e.conceptTarget;
    panel.appendChild(el('p', null, (labels.get(edge.source) || edge.source) + (edge.weight < 0 ? ' ⊣ ' : ' → ')
      + (labels.get(edge.target) || edge.target)));
    const s = edge.support || {};
    const contradicting = edge.weight > 0 ? s.negative : edge.weight < 0 ? s.positive : Math.min(s.positive, s.negative);
    panel.appendChild(el('p', 'muted', 'weight ' + edge.weight.toFixed(3) + ' · ' + plural(s.passages, 'passage') + ' · '
      + plural(s.annotators, 'annotator') + ' · ' + s.positive + ' say increase, ' + s.negative + ' say decrease'
      + (contradicting ? ' (' + contradicting + ' contradicting)' : '')));
    const list = el('ul', 'provenance');
    for (const p of edge.provenance || []) {
      const li = el('li');
      const link = el('a', null, p.passageId);
      link.href = '/passages/' + encodeURIComponent(p.passageId);
      li.append(link, document.createTextNode(' · ' + p.annotatorId + ' (' + String(p.annotatorKind).toLowerCase()
        + ') · "' + p.sourceText + (p.sign < 0 ? '" ⊣ "' : '" → "') + p.targetText + '" '),
      el('span', 'state ' + String(p.validation).toLowerCase(), String(p.validation).toLowerCase()),
      document.createTextNode(p.strength != null ? ' strength ' + p.strength.toFixed(2) : ''));
      for (const sp of p.spans || []) {
        const a = el('a', 'span-link', '[' + sp.start + '-' + sp.end + ')');
        a.href = '/passages/' + encodeURIComponent(p.passageId) + '#s' + sp.start + '-' + sp.end;
        a.title = 'the evidence span in the passage';
        li.append(document.createTextNode(' '), a);
      }
      list.appendChild(li);
    }
    if (!(edge.provenance || []).length) list.appendChild(el('li', 'muted', 'no provenance (an imported or hand-made edge)'));
    panel.appendChild(list);
  }

  function plural(n, word) {
    return n + ' ' + word + (n === 1 ? '' : 's');
  }

  function conceptByLabel(text) {
    const t = text.trim().toLowerCase();
    for (const c of map.concepts) if (c.label.toLowerCase() === t || c.id === t) return c.id;
    return null;
  }

  function renderClamps() {
    const ul = $('clamps');
    ul.replaceChildren();
    for (const [id, v] of clamps) {
      const li = el('li', null, (labels.get(id) || id) + ' = ' + v + ' ');
      const x = el('button', null, '×');
      x.type = 'button';
      x.setAttribute('aria-label', 'Remove the clamp of ' + (labels.get(id) || id));
      x.addEventListener('click', () => { clamps.delete(id); renderClamps(); });
      li.appendChild(x);
      ul.appendChild(li);
    }
    const cy = $('map')._cy;
    if (cy) cy.nodes().forEach((n) => n.toggleClass('clamped', clamps.has(n.data('concept'))));
  }

  $('clamp-add').addEventListener('click', () => {
    const id = conceptByLabel($('clamp-concept').value);
    const v = Number($('clamp-value').value);
    if (!id) { $('outcome').textContent = 'no such concept'; $('outcome').className = 'status err'; return; }
    if (!(v >= -1 && v <= 1)) { $('outcome').textContent = 'a clamp is in [-1, 1]'; return; }
    clamps.set(id, v);
    $('clamp-concept').value = '';
    $('outcome').textContent = '';
    renderClamps();
  });

  $('scenario-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = {clamp: Object.fromEntries(clamps), squashing: $('squashing').value, rule: $('rule').value};
    $('outcome').className = 'status';
    $('outcome').textContent = 'Running…';
    const r = await fetch(api + '/simulate', {method: 'POST', credentials: 'same-origin',
      headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
    let res = null;
    try { res = await r.json(); } catch (e) { res = null; }
    if (r.status !== 200) {
      $('outcome').className = 'status err';
      $('outcome').textContent = (res && res.error) || ('error ' + r.status);
      return;
    }
    showResult(res);
  });

  function showResult(res) {
    const out = $('outcome');
    out.className = 'status ok';
    out.dataset.outcome = res.outcome;
    out.textContent = res.outcome === 'FIXED_POINT' ? 'Fixed point after ' + res.iterations + ' iterations'
      : res.outcome === 'LIMIT_CYCLE' ? 'Limit cycle of period ' + res.period + ' (found after ' + res.iterations
        + ' iterations)'
      : 'Not converged within ' + res.iterations + ' iterations';
    const change = res.change || {};
    const rows = Object.entries(res.finalState || {}).sort((a, b) =>
      Math.abs(change[b[0]] || 0) - Math.abs(change[a[0]] || 0));
    const body = $('activations').querySelector('tbody');
    body.replaceChildren();
    for (const [id, v] of rows) {
      const tr = el('tr');
      tr.dataset.concept = id;
      const c = change[id];
      tr.append(el('td', null, (labels.get(id) || id) + (clamps.has(id) ? ' (clamped)' : '')),
        el('td', 'num', Number(v).toFixed(3)),
        el('td', 'num' + (c > 1e-9 ? ' bar-pos' : c < -1e-9 ? ' bar-neg' : ''), c == null ? '' : (c >= 0 ? '+' : '') + c.toFixed(3)));
      body.appendChild(tr);
    }
  }

  $('min-weight').addEventListener('input', applyFilters);
  for (const id of ['min-weight', 'min-state', 'annotator']) $(id).addEventListener('change', applyFilters);
  load();
})();
