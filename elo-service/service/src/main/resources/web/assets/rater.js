// The rater page: sign in, show the most informative pair, post the choice with the pair's ticket. The service
// stamps the rater id; every change carries the session's CSRF token (X-CSRF-Token). Each annotation is shown as a
// list and drawn as a graph (graph.js). Everything works from the keyboard: the form submits with Enter, the three
// choices are buttons (and the arrow keys and T), and when a section the focus was in is hidden the focus moves to
// the heading of the one shown, so a keyboard or screen-reader user is never left on a vanished control.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  let current = null;
  let busy = false;
  let count = 0;
  let csrf = null;

  const HEADINGS = {signin: 'signin-title', rating: 'pair-info', done: 'done-title'};

  function show(section) {
    for (const id of ['signin', 'rating', 'done']) $(id).hidden = id !== section;
    $('progress').hidden = section === 'signin';
    // the focus was in a section just hidden (or nowhere): to the heading of the one shown
    const a = document.activeElement;
    if (!a || a === document.body || !a.getClientRects().length) $(HEADINGS[section]).focus();
  }

  function status(text, kind) {
    const s = $('status');
    s.textContent = text;
    s.className = 'status' + (kind ? ' ' + kind : '');
  }

  async function api(method, path, body) {
    const headers = body ? {'Content-Type': 'application/json'} : {};
    if (method !== 'GET' && csrf) headers['X-CSRF-Token'] = csrf;
    const r = await fetch(path, {
      method, credentials: 'same-origin', headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    let data = null;
    if (r.status !== 204) {
      try { data = await r.json(); } catch (e) { data = null; }
    }
    return {status: r.status, data, retryAfter: Number(r.headers.get('Retry-After')) || 0};
  }

  function fill(tableId, side) {
    const body = $(tableId).querySelector('tbody');
    body.replaceChildren();
    if (!side.triples.length) {
      const tr = document.createElement('tr');
      const td = document.createElement('td');
      td.colSpan = 3; td.className = 'muted'; td.textContent = '(no relations)';
      tr.appendChild(td); body.appendChild(tr);
    }
    for (const t of side.triples) {
      const tr = document.createElement('tr');
      for (const v of [t.source, t.target]) {
        const td = document.createElement('td'); td.textContent = v; tr.appendChild(td);
      }
      const td = document.createElement('td');
      const badge = document.createElement('span');
      badge.className = 'dir ' + t.direction;
      badge.textContent = t.direction === 'increase' ? '↑ increase' : '↓ decrease';
      td.appendChild(badge); tr.appendChild(td); body.appendChild(tr);
    }
  }

  async function next() {
    const q = params.get('passage') ? '?passage=' + encodeURIComponent(params.get('passage')) : '';
    const r = await api('GET', '/api/rater/next' + q);
    if (r.status === 401) { return signedOut(); }
    if (r.status === 204) {
      // nothing now; new annotations or passages may arrive at any time
      current = null; show('done'); setTimeout(next, 3000); return;
    }
    if (r.status !== 200) {
      show('rating'); status((r.data && r.data.error) || ('error ' + r.status), 'err');
      setTimeout(next, 1500);
      return;
    }
    current = r.data;
    $('passage-text').textContent = current.text || '(the passage text has not been published)';
    $('pair-info').textContent = 'Passage ' + current.passageId + ' · this pair was judged ' + current.pairGames
      + (current.pairGames === 1 ? ' time' : ' times');
    fill('left-table', current.left);
    fill('right-table', current.right);
    setBusy(false);
    show('rating');
    // the same relations drawn as graphs (graph.js), beside the lists (once visible: a layout needs a size)
    CausalGraph.draw($('left-graph'), CausalGraph.fromTriples(current.left.triples));
    CausalGraph.draw($('right-graph'), CausalGraph.fromTriples(current.right.triples));
  }

  // aria-disabled, not disabled: a disabled button loses the focus, and a keyboard user would start again from the top
  function setBusy(b) {
    busy = b;
    for (const id of ['left-button', 'tie-button', 'right-button']) $(id).setAttribute('aria-disabled', String(b));
  }

  async function choose(outcome) {
    if (!current || busy) return;
    setBusy(true);
    // the ticket proves the service served this pair to this rater; the service derives the judgmentId from the
    // rater and the pair, so a retry after an unanswered post counts once
    const body = {passageId: current.passageId, left: current.left.annotationId,
      right: current.right.annotationId, outcome, ticket: current.ticket};
    let r = await api('POST', '/api/judgments', body);
    if (r.status === 503 || r.status === 504) { r = await api('POST', '/api/judgments', body); }
    if (r.status === 401) { return signedOut(); }
    const code = r.data && r.data.code;
    if (r.status === 409 && code === 'already_voted') {
      // an earlier post (e.g. one whose answer was lost) was recorded: that vote counts
      status('Already recorded: your first vote on this pair counts', 'ok');
      setTimeout(next, 400);
      return;
    }
    if (r.status === 403 && code === 'ticket_expired') {
      status('This pair was shown too long ago; here is a fresh one', 'err');
      setTimeout(next, 400);
      return;
    }
    if (r.status === 429) {
      status((r.data && r.data.error) || 'too many judgments; slow down', 'err');
      setTimeout(() => setBusy(false), Math.max(1, r.retryAfter) * 1000);
      return;
    }
    if (r.status !== 202) {
      status((r.data && r.data.error) || ('error ' + r.status), 'err');
      setBusy(false);
      return;
    }
    count++;
    $('count').textContent = String(count);
    status('Recorded: ' + (outcome === 'TIE' ? 'tie' : outcome.toLowerCase() + ' is better'), 'ok');
    // the judgment is counted asynchronously; wait a moment so the next pair reflects it
    setTimeout(next, 400);
  }

  function signedOut(openSignIn) {
    csrf = null;
    $('who').textContent = '';
    $('signout-button').hidden = true;
    const open = openSignIn === true;
    $('signin-name-field').hidden = !open;
    $('signin-token-field').hidden = open;
    $('signin-help').textContent = open
      ? 'Sign-in is open on this service: enter the name you annotate under, so you are never shown your own annotations.'
      : 'Enter the rater token you were given (a name alone is not accepted on this service).';
    show('signin');
  }

  function signedIn(session) {
    csrf = session.csrfToken;
    $('who').textContent = 'Rating as ' + session.raterId;
    $('signout-button').hidden = false;
    next();
  }

  async function start() {
    const r = await api('GET', '/api/session');
    if (r.status === 200) signedIn(r.data);
    else signedOut(r.data ? r.data.openSignIn : false);
  }

  $('signin-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const open = !$('signin-name-field').hidden;
    const r = await api('POST', '/api/session', open ? {name: $('signin-name').value} : {token: $('signin-token').value});
    if (r.status === 200) { $('signin-status').textContent = ''; signedIn(r.data); }
    else $('signin-status').textContent = (r.data && r.data.error) || ('error ' + r.status);
  });
  $('signout-button').addEventListener('click', async () => { await api('DELETE', '/api/session'); start(); });
  $('left-button').addEventListener('click', () => choose('LEFT'));
  $('right-button').addEventListener('click', () => choose('RIGHT'));
  $('tie-button').addEventListener('click', () => choose('TIE'));
  document.addEventListener('keydown', (e) => {
    if ($('rating').hidden || e.target.tagName === 'INPUT' || $('guidelines-dialog').open) return;
    if (e.key === 'ArrowLeft') choose('LEFT');
    else if (e.key === 'ArrowRight') choose('RIGHT');
    else if (e.key === 't' || e.key === 'T' || e.key === 'ArrowDown') choose('TIE');
  });

  let guidelinesLoaded = false;
  $('guidelines-button').addEventListener('click', async () => {
    $('guidelines-dialog').showModal();
    if (guidelinesLoaded) return;
    const html = await (await fetch('/guidelines')).text();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    $('guidelines-content').replaceChildren(doc.getElementById('guidelines'));
    guidelinesLoaded = true;
  });

  start();
})();
