// The list of collective maps (/maps), from GET /api/maps.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  async function load() {
    const r = await fetch('/api/maps', {credentials: 'same-origin'});
    if (r.status === 503) { setTimeout(load, 1000); return; }
    if (r.status !== 200) { $('status').textContent = 'error ' + r.status; return; }
    const body = $('maps').querySelector('tbody');
    body.replaceChildren();
    const maps = (await r.json()).maps || [];
    if (!maps.length) $('status').textContent = 'No map yet: maps appear once scored graphs have been aggregated.';
    for (const m of maps) {
      const tr = document.createElement('tr');
      const a = document.createElement('a');
      a.href = '/maps/' + encodeURIComponent(m.id);
      a.textContent = m.id;
      const name = document.createElement('td');
      name.appendChild(a);
      tr.appendChild(name);
      for (const v of [m.concepts, m.edges]) {
        const td = document.createElement('td'); td.className = 'num'; td.textContent = String(v); tr.appendChild(td);
      }
      const td = document.createElement('td');
      td.textContent = m.updated ? new Date(m.updated).toISOString().replace('T', ' ').slice(0, 19) + ' UTC' : '';
      tr.appendChild(td);
      body.appendChild(tr);
    }
    document.body.dataset.state = 'loaded';
  }
  load();
})();
