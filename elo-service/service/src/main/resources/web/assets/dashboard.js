// The live dashboard: overview by interactive queries, then server-sent events from the service's ratings feed.
// A passage of the overview opens by its link (keyboard and mouse alike; the rest of the row by mouse too); a
// table rebuilt by a live event gives the focus back to the link that had it. The drawings (Elo over time, the
// Bradley-Terry intervals, the agreement strips) are images labelled with the figures they draw.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const SVG = 'http://www.w3.org/2000/svg';
  const passages = new Map();      // passageId -> brief entry
  const history = new Map();       // passageId -> [{t, elo: {annotationId: elo}}]
  let selected = new URLSearchParams(location.search).get('passage');
  let detail = null;
  let seen = 0;
  let alignmentRows = [];
  let links = {};

  const fmt = (x, d = 1) => (x === null || x === undefined) ? '–' : Number(x).toFixed(d);
  const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; };

  async function json(path) {
    const r = await fetch(path);
    if (!r.ok) throw new Error(path + ': ' + r.status);
    return r.json();
  }

  // the curators' changes over time: a row each time the totals change (newest first, the last 20 kept)
  const curationRows = [];
  let curationSeen = -1;
  function curation(v) {
    const c = v.curation;
    if (!c) return;
    const total = Object.values(c.edges).reduce((a, b) => a + b, 0);
    if (total === curationSeen) return;
    curationSeen = total;
    const p = (k) => c.per100[k] === null || c.per100[k] === undefined ? '–' : fmt(c.per100[k], 1);
    curationRows.unshift([new Date(v.at).toLocaleTimeString(), String(c.modelEdges), p('kept'), p('flipped'),
      p('deleted'), p('renamed'), p('added')]);
    curationRows.length = Math.min(curationRows.length, 20);
    const body = $('pl-curation').querySelector('tbody');
    body.replaceChildren(...curationRows.map((cells) => row(cells.map((t, i) => el('td', t, i ? 'num' : null)))));
  }

  function record(view) {
    const h = history.get(view.passageId) || [];
    const elo = {};
    for (const p of view.players) elo[p.annotationId] = p.elo;
    const last = h[h.length - 1];
    if (!last || last.n !== view.judgmentsApplied) h.push({n: view.judgmentsApplied, elo});
    if (h.length > 300) h.shift();
    history.set(view.passageId, h);
  }

  function renderOverview() {
    const body = $('overview').querySelector('tbody');
    // a live event rebuilds the table: the link that had the focus gets it back
    const focused = body.contains(document.activeElement) ? document.activeElement.dataset.passage : null;
    body.replaceChildren();
    let total = 0;
    for (const p of [...passages.values()].sort((a, b) => a.passageId.localeCompare(b.passageId))) {
      total += p.judgmentsApplied;
      const tr = el('tr', undefined, 'selectable' + (p.passageId === selected ? ' selected' : ''));
      tr.dataset.passage = p.passageId;
      const link = el('a', p.passageId, 'row-open');
      link.href = '?passage=' + encodeURIComponent(p.passageId);
      link.dataset.passage = p.passageId;
      if (p.passageId === selected) link.setAttribute('aria-current', 'true');
      link.addEventListener('click', (e) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey) return; // a new tab or window: the browser's own
        e.preventDefault();
        e.stopPropagation();
        window.history.replaceState(null, '', link.href); // (history: this file's Elo history)
        select(p.passageId);
      });
      const name = el('td');
      name.append(link);
      tr.append(name, el('td', p.leader || '–'), el('td', fmt(p.leaderElo), 'num'),
        el('td', String(p.judgmentsApplied), 'num judgments'), el('td', String(p.players), 'num'));
      tr.addEventListener('click', () => select(p.passageId));
      body.appendChild(tr);
      if (p.passageId === focused) link.focus();
    }
    $('total').textContent = String(total);
    $('passage-count').textContent = String(passages.size);
  }

  function renderDetail() {
    const body = $('players').querySelector('tbody');
    body.replaceChildren();
    if (!detail) { $('selected-title').textContent = 'Passage'; $('chart').replaceChildren(); return; }
    updatePassageLink();
    $('selected-title').textContent = 'Passage ' + detail.passageId + ' · ' + detail.judgmentsApplied
      + (detail.judgmentsApplied === 1 ? ' judgment' : ' judgments');
    const maxGames = Math.max(1, ...detail.players.map(p => p.games));
    const fitted = detail.players.filter(p => p.btCiLow !== null && p.btCiLow !== undefined);
    const lo = Math.min(...fitted.map(p => p.btCiLow), 900), hi = Math.max(...fitted.map(p => p.btCiHigh), 1100);
    for (const p of detail.players) {
      const tr = el('tr');
      tr.dataset.annotation = p.annotationId;
      const name = el('td', p.annotationId + (p.annotationId === detail.leader ? ' ★' : ''));
      if (p.annotator && p.annotator !== p.annotationId) name.appendChild(el('div', 'by ' + p.annotator, 'muted'));
      tr.append(name, el('td', fmt(p.elo), 'num elo'), el('td', p.wins + ' / ' + p.losses + ' / ' + p.ties, 'num'));
      const games = el('td');
      games.appendChild(bar(p.games / maxGames, String(p.games)));
      tr.appendChild(games);
      const bt = el('td');
      if (p.btScore === null || p.btScore === undefined) bt.appendChild(el('span', 'refitting…', 'muted'));
      else bt.appendChild(ci(p, lo, hi));
      tr.append(bt, el('td', p.btRank === null || p.btRank === undefined ? '–' : String(p.btRank), 'num'));
      body.appendChild(tr);
    }
    $('selected-note').textContent = 'Elo is online (order matters); Bradley–Terry is fitted on the head-to-head counts '
      + '(order-independent), with bootstrap 95% intervals; players whose intervals overlap share a rank.';
    renderChart();
  }

  function bar(fraction, label) {
    const s = document.createElementNS(SVG, 'svg');
    s.setAttribute('width', '110'); s.setAttribute('height', '14');
    s.setAttribute('role', 'img'); s.setAttribute('aria-label', label);
    const r = document.createElementNS(SVG, 'rect');
    r.setAttribute('width', String(Math.max(2, 80 * fraction))); r.setAttribute('height', '10'); r.setAttribute('y', '2');
    r.setAttribute('fill', '#8fb0ea');
    const t = document.createElementNS(SVG, 'text');
    t.setAttribute('x', String(84)); t.setAttribute('y', '11'); t.textContent = label;
    s.append(r, t);
    return s;
  }

  function ci(p, lo, hi) {
    const w = 150, x = (v) => 4 + (w - 8) * (v - lo) / (hi - lo || 1);
    const s = document.createElementNS(SVG, 'svg');
    s.setAttribute('width', String(w + 40)); s.setAttribute('height', '16');
    s.setAttribute('role', 'img');
    s.setAttribute('aria-label', fmt(p.btScore, 0) + ', 95% interval ' + fmt(p.btCiLow, 0) + ' to ' + fmt(p.btCiHigh, 0));
    const line = document.createElementNS(SVG, 'line');
    line.setAttribute('x1', x(p.btCiLow)); line.setAttribute('x2', x(p.btCiHigh));
    line.setAttribute('y1', '8'); line.setAttribute('y2', '8'); line.setAttribute('stroke', '#2f6fde'); line.setAttribute('stroke-width', '3');
    const dot = document.createElementNS(SVG, 'circle');
    dot.setAttribute('cx', x(p.btScore)); dot.setAttribute('cy', '8'); dot.setAttribute('r', '4'); dot.setAttribute('fill', '#1d2330');
    const t = document.createElementNS(SVG, 'text');
    t.setAttribute('x', String(w + 4)); t.setAttribute('y', '12'); t.textContent = fmt(p.btScore, 0);
    s.append(line, dot, t);
    return s;
  }

  const COLORS = ['#2f6fde', '#e67e22', '#27ae60', '#8e44ad', '#c0392b', '#16a085', '#d4ac0d', '#34495e', '#e84393', '#7f8c8d'];

  // the players' names at the ends of their lines, moved apart where they would overlap (every player starts at
  // the same Elo, so the first points coincide): sorted by height, each at least gap below the one above, the
  // whole column shifted up where it would leave the chart
  function spreadLabels(labels, gap, top, bottom) {
    labels.sort((a, b) => a.y - b.y);
    let at = top - gap;
    for (const l of labels) { l.y = Math.max(l.y, at + gap); at = l.y; }
    const over = at - bottom;
    if (over > 0) labels.forEach((l) => { l.y = Math.max(top, l.y - over); });
    labels.forEach((l) => l.label.setAttribute('y', String(l.y)));
  }

  function renderChart() {
    const h = history.get(detail.passageId) || [];
    const box = $('chart');
    box.replaceChildren();
    const W = 560, H = 170, pad = 28;
    const s = document.createElementNS(SVG, 'svg');
    s.setAttribute('viewBox', `0 0 ${W} ${H}`); s.setAttribute('width', '100%');
    s.setAttribute('role', 'img');
    const now = h.length ? h[h.length - 1].elo : {};
    s.setAttribute('aria-label', 'Elo since this page opened, ' + h.length + ' updates; now '
      + detail.players.map((p) => p.annotationId + ' ' + fmt(now[p.annotationId] === undefined ? p.elo : now[p.annotationId], 0)).join(', '));
    const ids = detail.players.map(p => p.annotationId);
    const all = h.flatMap(pt => Object.values(pt.elo));
    const lo = Math.min(...all, 950), hi = Math.max(...all, 1050);
    const x = (i) => pad + (W - 2 * pad) * (h.length < 2 ? 1 : i / (h.length - 1));
    const y = (v) => H - pad + -(H - 2 * pad) * (v - lo) / (hi - lo || 1);
    const axis = document.createElementNS(SVG, 'text');
    axis.setAttribute('x', '2'); axis.setAttribute('y', '12');
    axis.textContent = 'Elo since this page opened (' + h.length + ' updates) ' + fmt(lo, 0) + '–' + fmt(hi, 0);
    s.appendChild(axis);
    const labels = [];
    ids.forEach((id, k) => {
      const pts = h.map((pt, i) => pt.elo[id] === undefined ? null : `${x(i)},${y(pt.elo[id])}`).filter(Boolean);
      if (!pts.length) return;
      const pl = document.createElementNS(SVG, pts.length > 1 ? 'polyline' : 'circle');
      if (pts.length > 1) { pl.setAttribute('points', pts.join(' ')); pl.setAttribute('fill', 'none'); pl.setAttribute('stroke-width', '2'); pl.setAttribute('stroke', COLORS[k % COLORS.length]); }
      else { const [cx, cy] = pts[0].split(','); pl.setAttribute('cx', cx); pl.setAttribute('cy', cy); pl.setAttribute('r', '3'); pl.setAttribute('fill', COLORS[k % COLORS.length]); }
      s.appendChild(pl);
      const label = document.createElementNS(SVG, 'text');
      const last = pts[pts.length - 1].split(',');
      label.setAttribute('x', String(Math.min(W - 60, Number(last[0]) + 3)));
      label.setAttribute('fill', COLORS[k % COLORS.length]);
      label.textContent = id;
      labels.push({ label, y: Number(last[1]) });
      s.appendChild(label);
    });
    spreadLabels(labels, 11, 22, H - 4);
    box.appendChild(s);
  }

  // one strip per measure on [-1, 1]: every passage's rho (grey), the selected one (orange), the mean and its interval
  function strip(row) {
    const w = 220, h = 16, x = (v) => 4 + (w - 8) * (Math.max(-1, Math.min(1, v)) + 1) / 2;
    const s = document.createElementNS(SVG, 'svg');
    s.setAttribute('width', String(w)); s.setAttribute('height', String(h)); s.setAttribute('class', 'strip');
    s.setAttribute('role', 'img');
    const mine = row.perPassage && selected ? row.perPassage[selected] : undefined;
    s.setAttribute('aria-label', Object.keys(row.perPassage || {}).length + ' passages; mean ' + fmt(row.spearman, 3)
      + (mine === undefined ? '' : ', selected passage ' + fmt(mine, 3)));
    const mk = (tag, attrs) => { const e = document.createElementNS(SVG, tag); for (const k in attrs) e.setAttribute(k, String(attrs[k])); s.append(e); return e; };
    mk('line', {x1: x(-1), x2: x(1), y1: 8, y2: 8, class: 'strip-axis'});
    mk('line', {x1: x(0), x2: x(0), y1: 2, y2: 14, class: 'strip-axis'});
    if (row.ciLow !== null && row.ciLow !== undefined) mk('line', {x1: x(row.ciLow), x2: x(row.ciHigh), y1: 8, y2: 8, class: 'strip-ci'});
    for (const [p, v] of Object.entries(row.perPassage || {})) {
      const c = mk('circle', {cx: x(v), cy: 8, r: p === selected ? 4 : 2.5, class: p === selected ? 'strip-selected' : 'strip-passage'});
      const t = document.createElementNS(SVG, 'title'); t.textContent = p + ': ' + fmt(v, 3); c.append(t);
    }
    if (row.spearman !== null && row.spearman !== undefined) mk('rect', {x: x(row.spearman) - 1.5, y: 1, width: 3, height: 14, class: 'strip-mean'});
    return s;
  }

  function renderAlignment() {
    const body = $('alignment').querySelector('tbody');
    body.replaceChildren();
    for (const r of alignmentRows) {
      const tr = el('tr');
      const own = r.perPassage && selected ? r.perPassage[selected] : undefined;
      tr.append(el('td', r.measure), el('td', fmt(r.spearman, 3), 'num'),
        el('td', r.ciLow === null || r.ciLow === undefined ? '–' : '(' + fmt(r.ciLow, 3) + ', ' + fmt(r.ciHigh, 3) + ')', 'num'),
        el('td', String(r.passages), 'num'), el('td', fmt(own, 3), 'num'));
      const td = el('td'); td.append(strip(r)); tr.append(td);
      body.append(tr);
    }
    if (alignmentRows.length) {
      $('alignment-note').textContent = 'Spearman ρ between each measure\'s F1 ranking and the Elo ranking of a passage\'s '
        + 'annotations (the gold not ranked); a constant ranking counts as 0. Mean over passages with a Student-t 95% '
        + 'interval (none with one passage). Grey: each passage; orange: the selected passage; bar: the mean.';
    }
  }

  function updatePassageLink() {
    const a = $('passage-link');
    if (links.passage && selected) { a.href = links.passage + encodeURIComponent(selected); a.hidden = false; }
    else a.hidden = true;
  }

  // the whole pipeline: event 'pipeline' (a PipelineView), pushed every few seconds
  const rate = (x) => (x === null || x === undefined) ? '–' : Number(x).toFixed(Number(x) < 10 ? 2 : 1);
  const ms = (s) => (s === null || s === undefined) ? '–' : (s < 1 ? (1000 * s).toFixed(s < 0.01 ? 1 : 0) + ' ms' : Number(s).toFixed(2) + ' s');

  function renderPipeline(v) {
    links = v.links || {};
    if (links.maps) { $('maps-link').href = links.maps; $('maps-link').hidden = false; }
    updatePassageLink();
    const src = $('pipeline-sources');
    src.replaceChildren();
    for (const s of v.services) {
      const pill = el('span', s.service + (s.reachable ? '' : ': unreachable'), 'dir ' + (s.reachable ? 'increase' : 'decrease'));
      pill.dataset.service = s.service;
      pill.title = s.reachable ? s.url : s.url + ' — ' + (s.error || 'no answer');
      src.append(' ', pill);
    }
    const x = v.extractionLatency;
    $('pl-passages').textContent = rate(v.passagesPerSecond);
    $('pl-latency').textContent = x ? ms(x.p50) + ' / ' + ms(x.p90) + ' / ' + ms(x.p99) : '–';
    $('pl-scored').textContent = rate(v.graphsScoredPerSecond);
    const assessed = Object.values(v.edgesByState || {}).reduce((a, b) => a + b, 0);
    $('pl-validated').textContent = v.validatedShare === null || v.validatedShare === undefined ? '–'
      : fmt(100 * v.validatedShare, 1) + '% of ' + assessed;
    const scorer = (v.lag || []).find(g => g.group === 'scorer-service') || (v.lag || [])[0];
    const noOffsets = (g) => g.reachable && !Object.keys(g.byTopic || {}).length;
    $('pl-lag').textContent = !scorer ? '–' : !scorer.reachable ? 'unreachable' : noOffsets(scorer) ? 'no offsets'
      : scorer.records + (scorer.secondsBehind === null || scorer.secondsBehind === undefined ? '' : ' · ' + ms(scorer.secondsBehind));
    $('pl-age').textContent = ms(v.scoredGraphAge);
    curation(v);
    const dl = $('pl-dead-letters').querySelector('tbody');
    dl.replaceChildren();
    if (!v.deadLetters.length) dl.append(row([el('td', 'none', 'muted'), el('td', '0', 'num'), el('td', '–', 'num')]));
    for (const d of v.deadLetters) dl.append(row([el('td', d.topic + '.dlq'), el('td', fmt(d.total, 0), 'num'), el('td', rate(d.perSecond), 'num')]));
    const gl = $('pl-groups').querySelector('tbody');
    gl.replaceChildren();
    for (const g of v.lag || []) {
      const tr = row(noOffsets(g)
        ? [el('td', g.group), el('td', 'no offsets', 'num muted'), el('td', '–', 'num'), el('td', '–', 'num'), el('td', '')]
        : g.reachable
        ? [el('td', g.group), el('td', String(g.records), 'num'), el('td', rate(g.consumedPerSecond), 'num'),
          el('td', g.secondsBehind === null || g.secondsBehind === undefined ? '–' : ms(g.secondsBehind), 'num'),
          el('td', Object.entries(g.byTopic).map(([t, n]) => t + ' ' + n).join(', '), 'muted')]
        : [el('td', g.group), el('td', 'unreachable', 'num'), el('td', '–', 'num'), el('td', '–', 'num'), el('td', '')]);
      tr.dataset.group = g.group;
      gl.append(tr);
    }
    $('pipeline-note').textContent = 'Read ' + new Date(v.at).toLocaleTimeString() + ' from the extractor\'s and the '
      + 'scorer\'s /metrics, this service\'s meters and the consumer groups\' committed offsets; rates over the last '
      + 'interval, latency percentiles of the extractions in it; judgments/s here: ' + rate(v.judgmentsPerSecond) + '.';
  }

  function row(cells) { const tr = el('tr'); tr.append(...cells); return tr; }

  async function select(passageId) {
    const changed = selected !== passageId;
    selected = passageId;
    if (changed) renderAlignment();
    try {
      detail = await json('/api/passages/' + encodeURIComponent(passageId) + '/ratings');
      record(detail);
    } catch (e) { detail = null; }
    renderOverview();
    renderDetail();
  }

  let boardsTimer = null;
  function loadBoardsSoon() {
    if (boardsTimer) return;
    boardsTimer = setTimeout(() => { boardsTimer = null; loadBoards(); }, 1000);
  }

  let refetchTimer = null;
  function refetchSoon() {
    if (refetchTimer) return;
    refetchTimer = setTimeout(async () => { refetchTimer = null; if (selected) await select(selected); }, 300);
  }

  async function loadBoards() {
    try {
      const b = await json('/api/leaderboard');
      const body = $('leaderboard').querySelector('tbody');
      body.replaceChildren();
      for (const r of b.annotators) {
        const tr = el('tr');
        tr.append(el('td', r.annotatorId), el('td', String(r.annotations), 'num'), el('td', fmt(r.meanEloRank, 2), 'num'),
          el('td', fmt(r.meanBtRank, 2), 'num'), el('td', r.wins + ' / ' + r.losses + ' / ' + r.ties, 'num'),
          el('td', fmt(100 * r.winRate, 1) + '%', 'num'), el('td', String(r.leads), 'num'));
        body.appendChild(tr);
      }
      const rel = await json('/api/reliability');
      const parts = rel.agreement.map(a => `${a.agreeing}/${a.raters} raters agree on ${fmt(100 * a.shareOfItems, 1)}%`);
      $('reliability').textContent = rel.overlappingItems
        ? 'Rater reliability over ' + rel.overlappingItems + ' pairs judged by several raters: ' + parts.join(', ')
          + (rel.repeatedItems ? '; self-consistency ' + fmt(100 * rel.overallSelfConsistency, 1) + '% over ' + rel.repeatedItems + ' repeated pairs' : '')
        : 'Rater reliability: no pair has been judged by two raters yet.';
    } catch (e) { /* the service may be rebalancing; next tick retries */ }
  }

  async function start() {
    try {
      const index = await json('/api/passages');
      for (const p of index.passages) passages.set(p.passageId, p);
    } catch (e) { /* starting up */ }
    renderOverview();
    if (!selected && passages.size) selected = [...passages.keys()].sort()[0];
    if (selected) await select(selected);
    loadBoards();
    setInterval(loadBoards, 5000);

    const live = new EventSource('/api/live');
    live.addEventListener('hello', () => { $('live-dot').className = 'live-dot on'; $('live-text').textContent = 'live'; });
    live.onerror = () => { $('live-dot').className = 'live-dot'; $('live-text').textContent = 'reconnecting…'; };
    live.addEventListener('stats', (e) => {
      const s = JSON.parse(e.data);
      $('rate').textContent = fmt(s.judgmentsPerSecond, 1);
    });
    live.addEventListener('pipeline', (e) => renderPipeline(JSON.parse(e.data)));
    live.addEventListener('alignment', (e) => {
      alignmentRows = JSON.parse(e.data);
      renderAlignment();
    });
    live.addEventListener('tournaments', (e) => {
      const views = JSON.parse(e.data);
      let touched = false;
      for (const v of views) {
        const before = passages.get(v.passageId);
        if (before && v.judgmentsApplied > before.judgmentsApplied) seen += v.judgmentsApplied - before.judgmentsApplied;
        else if (!before) seen += v.judgmentsApplied;
        const leader = v.players.find(p => p.annotationId === v.leader);
        passages.set(v.passageId, {passageId: v.passageId, leader: v.leader, judgmentsApplied: v.judgmentsApplied,
          players: v.players.length, leaderElo: leader ? leader.elo : null});
        record(v);
        if (!selected) selected = v.passageId;
        if (v.passageId === selected) touched = true;
      }
      $('seen').textContent = String(seen);
      renderOverview();
      loadBoardsSoon();
      if (touched) refetchSoon();
    });
  }

  start();
})();
