// The one drawing module of every page that shows a causal graph (passage view, collective map, rater page).
// Needs /assets/lib/cytoscape.js, layout-base.js, cose-base.js and cytoscape-fcose.js loaded before it (Maven
// Central webjars, served by the runtime's WebPages; nothing comes from another site).
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

  function style(big) {
    return [
      {selector: 'node', style: {
        'background-color': '#2f6fde', 'label': 'data(label)', 'color': '#1d2330',
        'font-size': big ? 9 : 12, 'text-valign': 'bottom', 'text-margin-y': 3,
        // wrapping measures every label's words: on a big map, one line each
        'text-wrap': big ? 'none' : 'wrap', 'text-max-width': 140, 'width': big ? 10 : 16, 'height': big ? 10 : 16,
        'min-zoomed-font-size': big ? 7 : 0, 'text-background-color': '#fff',
        'text-background-opacity': big ? 0 : 0.7, 'text-background-padding': 1,
      }},
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
    container.dataset.nodes = String(cy.nodes().filter((n) => !n.hasClass('hidden')).length);
    container.dataset.edges = String(cy.edges().filter((e) => !e.hasClass('hidden')).length);
  }

  /** Draws a graph in container; resolves {cy, ms} once laid out and rendered. */
  function draw(container, graph, options) {
    const opts = options || {};
    const t0 = performance.now();
    const big = graph.nodes.length > BIG;
    container.dataset.state = 'drawing';
    if (container._cy) container._cy.destroy();
    const cy = cytoscape({
      // 'preset': no throw-away grid layout at construction; the real layout runs below
      container, elements: elements(graph), style: style(big), layout: {name: 'preset'},
      minZoom: 0.05, maxZoom: 4, boxSelectionEnabled: false,
      textureOnViewport: big, hideEdgesOnViewport: big, motionBlur: false, pixelRatio: big ? 1 : 'auto',
    });
    container._cy = cy;
    if (opts.onEdge) cy.on('tap', 'edge', (ev) => opts.onEdge(ev.target.data(), ev.target));
    if (opts.onNode) cy.on('tap', 'node', (ev) => opts.onNode(ev.target.data(), ev.target));
    if (!graph.nodes.length) {
      counts(container, cy);
      container.dataset.state = 'drawn';
      container.dataset.drawMs = '0';
      return Promise.resolve({cy, ms: 0});
    }
    const t1 = performance.now();
    return new Promise((resolve) => {
      const layout = cy.layout(layoutOptions(graph.nodes.length));
      layout.one('layoutstop', () => {
        const t2 = performance.now();
        cy.fit(undefined, 24);
        // a graph of two or three concepts is not blown up to the whole box
        if (cy.zoom() > 1.4) { cy.zoom(1.4); cy.center(); }
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

  function layoutOptions(n) {
    if (!window.cytoscapeFcose) {
      return {name: n > 1 ? 'circle' : 'grid', animate: false};
    }
    return {
      name: 'fcose', animate: false, randomize: true, fit: true, padding: 24,
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
