// The one drawing module of every page that shows a causal graph (passage view, collective map, rater page).
// Needs /assets/lib/cytoscape.js, layout-base.js, cose-base.js, cytoscape-fcose.js and cytoscape-layout-utilities.js
// loaded before it (Maven Central webjars and one npm package fetched at build time, served by the runtime's
// WebPages; nothing comes from another site).
//
// A graph is {nodes: [{id, label}], edges: [{id, source, target, sign, state, width, ...}]}:
//   sign  +1 (increase: solid line, arrow head), -1 (decrease: dashed line, bar head), 0 (contradicted evenly);
//   state validation state (REJECTED, ERROR, UNCHECKED, HYPOTHESIZED, VALIDATED): the edge's colour (without one:
//         green for increase, red for decrease);
//   width in [0, 1] (CESAR strength, or |weight| on a map): the line's width; null draws a thin line.
// Any other field of an edge or node is kept in its data (the page's click handlers read it).
//
// draw(container, graph, options) lays the graph out (fCoSE) and resolves once it is drawn; the container then
// carries data-state="drawn", data-nodes, data-edges (visible counts) and data-draw-ms (layout and first render),
// which the page tests read.
//
// Its text alternative: right after the container, a disclosure "Edges as a table" holds every edge drawn, from the
// same graph data (source, target, sign, validation status), the rows of the edges a filter hides hidden too; on a
// page with an edge click handler each row has a button that does what a click on the edge does, so the details
// are reachable by keyboard. The drawing is a labelled figure that points at that table.
//
// Reading a graph at any size: its parts (connected components) are packed into the container's shape before
// fitting, node labels are never drawn smaller than MIN_PX on screen, a graph of more than ALL_LABELS nodes (or a
// smaller one zoomed well out of its fitted view) labels its highest-degree nodes that fit without overlapping (more
// as one zooms in; data-labels counts them) and any node under the pointer with its neighbours; the wheel, a drag and
// the +/−/fit buttons zoom and pan.
(function () {
  'use strict';
  if (window.cytoscapeFcose) cytoscape.use(window.cytoscapeFcose);
  // Cytoscape adds a <style> element for its containers unless an element with this id exists; the
  // Content-Security-Policy (style-src 'self') refuses inline styles, so app.css carries the rule instead.
  if (!document.getElementById('__________cytoscape_stylesheet')) {
    const marker = document.createElement('meta');
    marker.id = '__________cytoscape_stylesheet';
    document.head.appendChild(marker);
  }

  const STATES = ['REJECTED', 'ERROR', 'UNCHECKED', 'HYPOTHESIZED', 'VALIDATED'];
  const COLOURS = {
    VALIDATED: '#1f8a4c', HYPOTHESIZED: '#d68910', UNCHECKED: '#7f8c8d', ERROR: '#8e44ad', REJECTED: '#c0392b',
  };
  const BIG = 150; // above this many nodes: the fast layout, no edge labels, textures while panning
  const ALL_LABELS = 40; // up to this many nodes every label is drawn; above it, the labels that fit (by degree)
  const MIN_PX = 11; // no node label is drawn smaller than this on screen, whatever the zoom
  const MAX_LABELS = 80; // at most this many always-on labels on a large graph (the rest on hover)
  const PAD = 24;

  // font: the node labels' size in graph units (MIN_PX / zoom when zoomed out, so that they stay readable)
  function style(big, declutter, font) {
    const base = baseFont(big);
    return [
      {selector: 'node', style: {
        'background-color': '#2f6fde', 'label': declutter ? '' : 'data(label)', 'color': '#1d2330',
        'font-size': font, 'text-valign': 'bottom', 'text-margin-y': 3,
        // wrapping measures every label's words: on a big map, one line each
        'text-wrap': big ? 'none' : 'wrap', 'text-max-width': 140 * font / base,
        'width': big ? 10 : 16, 'height': big ? 10 : 16, 'min-zoomed-font-size': 0,
        'text-background-color': '#fff', 'text-background-opacity': big ? 0 : 0.7, 'text-background-padding': 1,
      }},
      {selector: 'node.labelled, node.hover', style: {'label': 'data(label)', 'text-background-opacity': 0.8,
        'z-index': 5}},
      {selector: 'node.hover', style: {'font-weight': 'bold', 'z-index': 9}},
      {selector: 'node.clamped', style: {'background-color': '#e67e22', 'width': 18, 'height': 18}},
      {selector: 'edge', style: {
        'curve-style': big ? 'straight' : 'bezier', 'line-color': 'data(colour)',
        'target-arrow-color': 'data(colour)', 'target-arrow-shape': 'triangle', 'arrow-scale': big ? 0.8 : 1.1,
        'width': 'data(px)', 'opacity': 0.85,
      }},
      {selector: 'edge[sign < 0]', style: {'line-style': 'dashed', 'target-arrow-shape': 'tee'}},
      {selector: 'edge[sign = 0]', style: {'line-style': 'dotted', 'target-arrow-shape': 'square'}},
      ...(big ? [] : [{selector: 'edge[mark]', style: {
        'label': 'data(mark)', 'font-size': 13, 'font-weight': 'bold', 'color': 'data(colour)',
        'text-background-color': '#fff', 'text-background-opacity': 1, 'text-background-padding': 1,
      }}]),
      {selector: 'edge:selected', style: {'overlay-color': '#2f6fde', 'overlay-opacity': 0.25, 'overlay-padding': 4}},
      {selector: '.hidden', style: {'display': 'none'}},
    ];
  }

  function baseFont(big) {
    return big ? 10 : 12;
  }

  function elements(graph) {
    const out = [];
    for (const n of graph.nodes) out.push({group: 'nodes', data: Object.assign({}, n, {label: n.label || n.id})});
    for (const e of graph.edges) {
      const w = e.width == null ? null : Math.max(0, Math.min(1, e.width));
      out.push({group: 'edges', data: Object.assign({}, e, {
        // without a validation state (the rater page), the sign's colour, as the lists' badges have it
        colour: e.state ? (COLOURS[e.state] || COLOURS.UNCHECKED) : e.sign < 0 ? '#c0392b' : '#1f8a4c',
        px: w == null ? 1.5 : 1 + 7 * w,
        mark: e.sign > 0 ? '+' : e.sign < 0 ? '−' : '±',
      })});
    }
    return out;
  }

  function counts(container, cy) {
    // by class, not ':visible' (whose cached value lags a batch of class changes)
    const nodes = cy.nodes().filter((n) => !n.hasClass('hidden')).length;
    const edges = cy.edges().filter((e) => !e.hasClass('hidden')).length;
    container.dataset.nodes = String(nodes);
    container.dataset.edges = String(edges);
    const table = container._alternative;
    if (!table) return;
    const all = cy.edges().length;
    for (const row of table.querySelectorAll('tbody tr[data-edge]')) row.hidden = cy.getElementById(row.dataset.edge).hasClass('hidden');
    const shown = edges === all ? String(all) : edges + ' of ' + all;
    table.querySelector('summary').textContent = 'Edges as a table (' + shown + ')';
    container.setAttribute('aria-label', 'Graph drawing: ' + plural(nodes, 'concept') + ', ' + plural(edges, 'edge')
      + (all ? '; the table "Edges as a table" after it lists them' : ''));
  }

  function plural(n, word) {
    return n + ' ' + word + (n === 1 ? '' : 's');
  }

  const SIGNS = {'1': 'increases', '-1': 'decreases', '0': 'contradicted'};

  /**
   * The text alternative of a drawing: a <details> right after the container with a table of its edges (the same
   * data: labels of the source and target, sign, validation state), and a button per row doing what a click on the
   * edge does (onEdge). The container becomes a figure labelled with its counts, described by the table.
   */
  function alternative(container, cy, graph, opts) {
    if (!container._alternative) {
      const details = document.createElement('details');
      details.className = 'graph-edges';
      details.id = (container.id || ('graph-' + Math.random().toString(36).slice(2, 8))) + '-edges';
      details.append(document.createElement('summary'));
      container.after(details);
      container._alternative = details;
      container.setAttribute('role', 'figure');
      container.setAttribute('aria-describedby', details.id);
    }
    const details = container._alternative;
    const labels = new Map(graph.nodes.map((n) => [n.id, n.label || n.id]));
    const cell = (tag, text, cls) => {
      const c = document.createElement(tag);
      c.textContent = text;
      if (cls) c.className = cls;
      return c;
    };
    const table = document.createElement('table');
    const caption = cell('caption', opts.caption || container.dataset.caption || 'Edges of the graph drawn above');
    const head = document.createElement('tr');
    for (const h of ['source', 'target', 'sign', 'status'].concat(opts.onEdge ? ['details'] : [])) {
      const th = cell('th', h);
      th.scope = 'col';
      head.append(th);
    }
    const thead = document.createElement('thead');
    thead.append(head);
    const body = document.createElement('tbody');
    for (const e of graph.edges) {
      const tr = document.createElement('tr');
      tr.dataset.edge = e.id;
      const source = e.sourceLabel || labels.get(e.source) || e.source;
      const target = e.targetLabel || labels.get(e.target) || e.target;
      tr.append(cell('td', source), cell('td', target),
        cell('td', SIGNS[String(e.sign)] || SIGNS['1'], 'sign'),
        cell('td', e.state ? String(e.state).toLowerCase() : '–', 'status'));
      if (opts.onEdge) {
        const td = document.createElement('td');
        const b = cell('button', 'Show');
        b.type = 'button';
        b.setAttribute('aria-label', 'Show ' + source + (e.sign < 0 ? ' decreases ' : ' increases ') + target);
        b.addEventListener('click', () => {
          const edge = cy.getElementById(e.id);
          cy.edges().unselect();
          edge.select();
          opts.onEdge(edge.data(), edge);
        });
        td.append(b);
        tr.append(td);
      }
      body.append(tr);
    }
    if (!graph.edges.length) {
      const tr = document.createElement('tr');
      const td = cell('td', 'no edges', 'muted');
      td.colSpan = opts.onEdge ? 5 : 4;
      tr.append(td);
      body.append(tr);
    }
    table.append(caption, thead, body);
    const old = details.querySelector('table');
    if (old) old.replaceWith(table); else details.append(table);
  }

  /**
   * Draws a graph in container; resolves {cy, ms} once laid out and rendered. options: onEdge(data, edge),
   * onNode(data, node), maxHeight (px: the container may grow up to this height so that a graph of several parts
   * is drawn at a readable size; without it the container keeps its height), caption (of the table of edges; else
   * the container's data-caption).
   */
  function draw(container, graph, options) {
    const opts = options || {};
    const t0 = performance.now();
    const big = graph.nodes.length > BIG;
    const declutter = graph.nodes.length > ALL_LABELS;
    container.dataset.state = 'drawing';
    if (container._cy) container._cy.destroy();
    const old = container.querySelector('.graph-zoom');
    if (old) old.remove();
    const cy = cytoscape({
      // 'preset': no throw-away grid layout at construction; the real layout runs below
      container, elements: elements(graph), style: style(big, declutter, baseFont(big)), layout: {name: 'preset'},
      minZoom: 0.05, maxZoom: 4, boxSelectionEnabled: false, wheelSensitivity: 0.4,
      textureOnViewport: big, hideEdgesOnViewport: big, motionBlur: false, pixelRatio: big ? 1 : 'auto',
    });
    container._cy = cy;
    cy.scratch('_labels', {big, declutter, thin: declutter, font: baseFont(big), fitZoom: null});
    if (opts.onEdge) cy.on('tap', 'edge', (ev) => opts.onEdge(ev.target.data(), ev.target));
    alternative(container, cy, graph, opts);
    if (opts.onNode) cy.on('tap', 'node', (ev) => opts.onNode(ev.target.data(), ev.target));
    counts(container, cy);
    if (!graph.nodes.length) {
      container.dataset.state = 'drawn';
      container.dataset.drawMs = '0';
      return Promise.resolve({cy, ms: 0});
    }
    const t1 = performance.now();
    return new Promise((resolve) => {
      packing(cy, container, opts.maxHeight);
      const layout = cy.layout(layoutOptions(graph.nodes.length));
      layout.one('layoutstop', () => {
        const t2 = performance.now();
        grow(cy, container, opts.maxHeight);
        fit(cy);
        cy.scratch('_labels').fitZoom = cy.zoom();
        controls(container, cy);
        // labels follow the zoom: a minimum size on screen, and on a large graph the ones that fit
        let pending = false;
        cy.on('viewport resize', () => {
          if (pending) return;
          pending = true;
          requestAnimationFrame(() => { pending = false; labels(container, cy); });
        });
        cy.on('mouseover', 'node', (ev) => hover(cy, ev.target, true));
        cy.on('mouseout', 'node', (ev) => hover(cy, ev.target, false));
        labels(container, cy);
        // the frame after the layout is the first one drawn with the final positions
        requestAnimationFrame(() => requestAnimationFrame(() => {
          const ms = performance.now() - t0;
          counts(container, cy);
          container.dataset.drawMs = ms.toFixed(0);
          // the parts: building the graph and its style, the layout, the first frames drawn
          container.dataset.phasesMs = [t1 - t0, t2 - t1, performance.now() - t2].map((x) => x.toFixed(0)).join('/');
          container.dataset.state = 'drawn';
          resolve({cy, ms});
        }));
      });
      layout.run();
    });
  }

  function fit(cy) {
    cy.fit(cy.elements().not('.hidden'), PAD);
    // a graph of two or three concepts is not blown up to the whole box
    if (cy.zoom() > 1.4) { cy.zoom(1.4); cy.center(); }
  }

  /**
   * The packing of the graph's parts (connected components): fCoSE hands them to cytoscape-layout-utilities, which
   * packs them as polyominoes into a block of the container's shape (or, with maxHeight, of the shape the container
   * may grow to); a layout alone leaves parts scattered, and fitting them all zooms out until nothing can be read.
   */
  function packing(cy, container, maxHeight) {
    if (!cy.layoutUtilities) return;
    const w = Math.max(1, container.clientWidth - 2 * PAD);
    const h = Math.max(1, Math.max(container.clientHeight, maxHeight || 0) - 2 * PAD);
    cy.layoutUtilities({desiredAspectRatio: w / h, componentSpacing: 40, utilityFunction: 2});
  }

  /** With maxHeight, the container grows (up to maxHeight) until the packed graph is read at zoom 1 across. */
  function grow(cy, container, maxHeight) {
    if (!maxHeight) return;
    const w = Math.max(1, container.clientWidth - 2 * PAD);
    const bb = cy.elements().boundingBox({includeLabels: true});
    const zoom = Math.min(1, w / bb.w);
    const wanted = Math.min(maxHeight, Math.ceil(bb.h * zoom + 2 * PAD));
    if (wanted > container.clientHeight) {
      container.style.height = wanted + 'px';
      cy.resize();
    }
  }

  /**
   * Node labels at no less than MIN_PX on screen; on a large graph, the labels of the highest-degree nodes that do
   * not overlap one another (more as one zooms in), the others on hover. data-labels: how many are drawn.
   */
  function labels(container, cy) {
    const s = cy.scratch('_labels');
    const zoom = cy.zoom();
    const font = Math.max(baseFont(s.big), MIN_PX / zoom);
    // a small graph zoomed out well below its fitted view is thinned like a large one (its labels would overlap)
    const thin = s.declutter || (s.fitZoom != null && zoom < 0.8 * s.fitZoom);
    if (Math.abs(font - s.font) / font > 0.02 || thin !== s.thin) {
      s.font = font;
      s.thin = thin;
      cy.style(style(s.big, thin, font));
    }
    if (!thin) {
      container.dataset.labels = String(cy.nodes().filter((n) => !n.hasClass('hidden')).length);
      return;
    }
    const px = font * zoom;
    const width = cy.width(); const height = cy.height();
    const taken = [];
    const chosen = new Set();
    const nodes = cy.nodes().filter((n) => !n.hasClass('hidden')).toArray()
      .sort((a, b) => b.degree(false) - a.degree(false) || String(a.data('label')).localeCompare(b.data('label')));
    for (const n of nodes) {
      if (chosen.size >= MAX_LABELS) break;
      const p = n.renderedPosition();
      if (p.x < 0 || p.y < 0 || p.x > width || p.y > height) continue;
      const w = String(n.data('label')).length * px * 0.6 + 6;
      const top = p.y + n.renderedHeight() / 2 + 2;
      const box = {x1: p.x - w / 2, x2: p.x + w / 2, y1: top, y2: top + px * 1.35};
      if (taken.some((t) => t.x1 < box.x2 && box.x1 < t.x2 && t.y1 < box.y2 && box.y1 < t.y2)) continue;
      taken.push(box);
      chosen.add(n.id());
    }
    cy.batch(() => cy.nodes().forEach((n) => n.toggleClass('labelled', chosen.has(n.id()))));
    container.dataset.labels = String(chosen.size);
  }

  /** A node under the pointer shows its label and its neighbours'. */
  function hover(cy, node, on) {
    cy.batch(() => node.closedNeighborhood().nodes().forEach((n) => n.toggleClass('hover', on)));
  }

  /** Zoom in, zoom out and fit buttons over the graph (the wheel and a drag zoom and pan as well). */
  function controls(container, cy) {
    const box = document.createElement('div');
    box.className = 'graph-zoom';
    box.setAttribute('role', 'group');
    box.setAttribute('aria-label', 'zoom');
    const button = (text, title, act) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = text;
      b.title = title;
      b.setAttribute('aria-label', title);
      b.addEventListener('click', act);
      box.appendChild(b);
    };
    const by = (k) => cy.zoom({level: cy.zoom() * k, renderedPosition: {x: cy.width() / 2, y: cy.height() / 2}});
    button('+', 'zoom in', () => by(1.4));
    button('−', 'zoom out', () => by(1 / 1.4));
    button('⤢', 'fit the whole graph', () => fit(cy));
    // Cytoscape listens on the container: a press on a button is not a tap on the graph beneath it
    for (const type of ['mousedown', 'mouseup', 'click', 'touchstart', 'touchend', 'pointerdown', 'pointerup', 'wheel']) {
      box.addEventListener(type, (ev) => ev.stopPropagation());
    }
    container.appendChild(box);
  }

  function layoutOptions(n) {
    if (!window.cytoscapeFcose) {
      return {name: n > 1 ? 'circle' : 'grid', animate: false};
    }
    return {
      name: 'fcose', animate: false, randomize: true, fit: true, padding: PAD,
      // 'draft' is fCoSE's spectral layout alone (fast on hundreds of concepts); 'default' refines it with forces
      quality: n > 300 ? 'draft' : 'default', nodeDimensionsIncludeLabels: n <= BIG,
      idealEdgeLength: n > BIG ? 60 : 110, nodeRepulsion: n > BIG ? 6000 : 9000, numIter: 1500,
      packComponents: true, tile: true,
    };
  }

  /** Shows only what keep(edgeData) admits, and the concepts that keep an edge; updates data-nodes/edges. */
  function filter(container, keep) {
    const cy = container._cy;
    if (!cy) return;
    cy.batch(() => {
      cy.edges().forEach((e) => e.toggleClass('hidden', !keep(e.data())));
      cy.nodes().forEach((n) => n.toggleClass('hidden',
        n.connectedEdges().filter((e) => !e.hasClass('hidden')).length === 0 && n.degree(false) > 0));
    });
    counts(container, cy);
    labels(container, cy);
  }

  /** The graph of an annotation's edges: [{source, target, direction, strength, validation, ...}]. */
  function fromTriples(edges) {
    const nodes = new Map();
    const out = [];
    edges.forEach((t, i) => {
      for (const label of [t.source, t.target]) if (!nodes.has(label)) nodes.set(label, {id: 'n' + nodes.size, label});
      out.push(Object.assign({}, t, {
        id: 'e' + i, source: nodes.get(t.source).id, target: nodes.get(t.target).id,
        sourceLabel: t.source, targetLabel: t.target,
        sign: String(t.direction).toUpperCase() === 'DECREASE' ? -1 : 1,
        state: t.validation || null, width: t.strength == null ? null : t.strength,
      }));
    });
    return {nodes: [...nodes.values()], edges: out};
  }

  /** A legend of the drawing conventions, as DOM (no inline style: classes of app.css). */
  function legend(widthMeans) {
    const box = document.createElement('div');
    box.className = 'graph-legend';
    const item = (cls, text) => {
      const s = document.createElement('span');
      s.className = 'legend-item';
      const sw = document.createElement('i');
      sw.className = cls;
      s.append(sw, document.createTextNode(text));
      return s;
    };
    box.append(item('sw-line', '→ increases'), item('sw-line sw-dashed', '⊣ decreases'));
    for (const st of STATES.slice().reverse()) box.append(item('sw-state sw-' + st.toLowerCase(), st.toLowerCase()));
    box.append(item('sw-width', 'width: ' + (widthMeans || 'strength')));
    return box;
  }

  window.CausalGraph = {draw, filter, fromTriples, legend, STATES, COLOURS};
})();
