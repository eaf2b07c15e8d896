// Script of the HTML report (scripts/plot/html_report.py copies it into the page). Plain
// JavaScript, no library: it draws the charts from the JSON block #report-data, whose numbers
// are the CSV fields as strings. Text it shows is those strings; parseFloat only places marks.
(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('report-data').textContent);
  var SVGNS = 'http://www.w3.org/2000/svg';
  var COMP = {base: '#9e9e9e', icache: '#1f77b4', bpred: '#ff7f0e', dcache: '#d62728',
              alu: '#9467bd', depend: '#2ca02c', smt: '#8c564b', other: '#e377c2'};
  var TD = {Retiring: '#4daf4a', BadSpeculation: '#e41a1c', FrontendBound: '#377eb8',
            BackendBound: '#ff7f00'};
  var TOPLEVEL = [['Retiring', 'Retiring'], ['Bad_Speculation', 'BadSpeculation'],
                  ['Frontend_Bound', 'FrontendBound'], ['Backend_Bound', 'BackendBound']];
  var STAGE = {F: '#d6e2ee', D: '#f6e3a1', X: '#9fd19a', C: '#dccbea'};
  var THREAD = ['#3366cc', '#dc3912', '#109618', '#990099', '#0099c6', '#dd4477', '#66aa00', '#b82e2e'];
  var STAGE_NAME = {F: 'fetched (front-end queue)', D: 'dispatched (in the RS)',
                    X: 'executing', C: 'completed, waiting to commit'};

  function num(s) { var v = parseFloat(s); return isFinite(v) ? v : 0; }
  function svg(tag, attrs, parent) {
    var e = document.createElementNS(SVGNS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function text(parent, x, y, s, anchor) {
    var t = svg('text', {x: x, y: y, 'text-anchor': anchor || 'start'}, parent);
    t.textContent = s;
    return t;
  }
  function escapeHtml(s) {
    return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  }
  function place(tip, ev) {
    tip.hidden = false;
    var w = tip.offsetWidth, h = tip.offsetHeight;
    var x = ev.clientX + 14, y = ev.clientY + 14;
    if (x + w > window.innerWidth - 4) x = Math.max(4, ev.clientX - w - 14);
    if (y + h > window.innerHeight - 4) y = Math.max(4, ev.clientY - h - 14);
    tip.style.left = x + 'px';
    tip.style.top = y + 'px';
  }
  var floatTip = document.createElement('div');
  floatTip.className = 'tip';
  floatTip.hidden = true;
  document.body.appendChild(floatTip);

  // ---- CPI stacks: one SVG per thread, one bar per stage, components bottom-up ----
  var maxCpi = 0;
  D.threads.forEach(function (t) {
    D.stacks[t].forEach(function (st) { maxCpi = Math.max(maxCpi, num(st[2])); });
  });
  if (!(maxCpi > 0)) maxCpi = 1;
  document.querySelectorAll('svg.stackchart').forEach(function (s) {
    var stacks = D.stacks[s.getAttribute('data-thread')];
    var W = 520, H = 260, L = 46, B = 24, T = 18, top = maxCpi * 1.08;
    s.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    var y = function (v) { return H - B - (H - B - T) * v / top; };
    for (var i = 0; i <= 4; i++) {
      var v = top * i / 4;
      svg('line', {x1: L, x2: W - 4, y1: y(v), y2: y(v), stroke: '#eee'}, s);
      text(s, L - 4, y(v) + 4, v.toFixed(2), 'end');
    }
    text(s, 10, T - 6, 'CPI');
    var bw = Math.min(70, (W - L - 10) / stacks.length * 0.6);
    stacks.forEach(function (st, k) {
      var x = L + (W - L - 10) * (k + 0.5) / stacks.length - bw / 2, acc = 0;
      st[1].forEach(function (c, ci) {
        var v = num(c[0]);
        if (v <= 0) return;
        var r = svg('rect', {x: x, y: y(acc + v), width: bw, height: Math.max(0, y(acc) - y(acc + v)),
                             fill: COMP[D.components[ci]], stroke: '#fff', 'stroke-width': 0.5}, s);
        svg('title', {}, r).textContent = st[0] + ' ' + D.components[ci] + ': ' + c[0] + ' CPI, ' +
          c[1] + ' % of slots, ' + c[2] + ' slots';
        acc += v;
      });
      text(s, x + bw / 2, y(acc) - 4, st[2], 'middle');
      text(s, x + bw / 2, H - 8, st[0], 'middle');
    });
  });

  // ---- top-down bars ----
  document.querySelectorAll('svg.tdbar').forEach(function (s) {
    var td = D.topdown[s.getAttribute('data-thread')], acc = 0;
    s.setAttribute('viewBox', '0 0 100 4');
    s.setAttribute('preserveAspectRatio', 'none');
    td.forEach(function (n) {
      var v = num(n[2]);
      var r = svg('rect', {x: acc, y: 0, width: Math.max(0, v), height: 4, fill: TD[n[0]]}, s);
      svg('title', {}, r).textContent = n[1] + ': ' + n[2] + ' %';
      acc += v;
    });
  });

  // ---- sparklines of perf_stat.csv ----
  document.querySelectorAll('svg.spark').forEach(function (s) {
    var pts = D.perf && D.perf[s.getAttribute('data-cpu') + '|' + s.getAttribute('data-event')];
    if (!pts || !pts.length) return;
    var W = 160, H = 22, max = 0;
    s.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    pts.forEach(function (p) { max = Math.max(max, num(p[1])); });
    if (!(max > 0)) max = 1;
    var xs = function (i) { return pts.length > 1 ? 2 + (W - 4) * i / (pts.length - 1) : W / 2; };
    var line = pts.length > 1 ? pts.map(function (p, i) { return [xs(i), num(p[1])]; })
      : [[2, num(pts[0][1])], [W - 2, num(pts[0][1])]];
    svg('polyline', {points: line.map(function (q) {
      return q[0].toFixed(1) + ',' + (H - 2 - (H - 4) * q[1] / max).toFixed(1);
    }).join(' '), fill: 'none', stroke: '#3366cc', 'stroke-width': 1}, s);
    s.addEventListener('mousemove', function (ev) {
      var r = s.getBoundingClientRect();
      var i = Math.round((ev.clientX - r.left) / r.width * (pts.length - 1));
      i = Math.max(0, Math.min(pts.length - 1, i));
      floatTip.innerHTML = 'time <b>' + escapeHtml(pts[i][0] || 'whole window') + '</b> s: <b>' +
        escapeHtml(pts[i][1]) + '</b>';
      place(floatTip, ev);
    });
    s.addEventListener('mouseleave', function () { floatTip.hidden = true; });
  });

  // ---- per-interval chart of toplev.csv ----
  function intervalChart() {
    var s = document.getElementById('iv-chart');
    if (!s || !D.toplev) return;
    var tip = document.getElementById('iv-tip');
    var cpu = document.getElementById('iv-thread').value;
    var group = document.getElementById('iv-group').value;
    var tl = D.toplev, rows = tl.v[cpu], n = tl.stamps.length;
    var col = {};
    tl.areas.forEach(function (a, i) { col[a] = i; });
    var nodes = group === 'TopLevel' ? TOPLEVEL.map(function (p) { return [p[0], TD[p[1]], p[0]]; })
      : D.components.map(function (c) {
        var name = c.charAt(0).toUpperCase() + c.slice(1);
        return [group + '.' + name, COMP[c], c];
      });
    while (s.firstChild) s.removeChild(s.firstChild);
    var W = Math.max(400, s.clientWidth || 900), H = 330, L = 50, R = 12, T = 10, PH = 220, IT = 250, IH = 60;
    s.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    var x = function (i) { return L + (W - L - R) * (n > 1 ? i / (n - 1) : 0.5); };
    // the points of a line or area: one per interval; without intervals (one row set for the
    // whole window) the same values across the whole width
    var xs = n > 1 ? rows.map(function (r, i) { return x(i); }) : [L, W - R];
    var at = function (r) { return n > 1 ? r : [r[0], r[0]]; };
    var ys = function (v) { return T + PH - PH * v / 100; };
    [0, 25, 50, 75, 100].forEach(function (v) {
      svg('line', {x1: L, x2: W - R, y1: ys(v), y2: ys(v), stroke: '#eee'}, s);
      text(s, L - 4, ys(v) + 4, v + ' %', 'end');
    });
    var base = new Array(xs.length).fill(0);
    nodes.forEach(function (nd) {
      var ci = col[nd[0]];
      if (ci === undefined) return;
      var up = at(rows).map(function (r, i) { return base[i] + num(r[ci]); });
      var pts = [];
      for (var i = 0; i < xs.length; i++) pts.push(xs[i].toFixed(1) + ',' + ys(up[i]).toFixed(1));
      for (i = xs.length - 1; i >= 0; i--) pts.push(xs[i].toFixed(1) + ',' + ys(base[i]).toFixed(1));
      svg('polygon', {points: pts.join(' '), fill: nd[1], 'fill-opacity': 0.85, stroke: 'none'}, s);
      base = up;
    });
    // IPC per interval of every thread, below
    var ipcMax = 0;
    D.threads.forEach(function (t) {
      tl.v['C0-T' + t].forEach(function (r) { ipcMax = Math.max(ipcMax, num(r[col.IPC])); });
    });
    if (!(ipcMax > 0)) ipcMax = 1;
    var yi = function (v) { return IT + IH - IH * v / ipcMax; };
    svg('line', {x1: L, x2: W - R, y1: yi(0), y2: yi(0), stroke: '#ccc'}, s);
    text(s, L - 4, yi(ipcMax) + 8, ipcMax.toFixed(1), 'end');
    text(s, L - 4, yi(0), '0', 'end');
    text(s, 4, IT - 4, 'IPC per interval (toplev.csv IPC)');
    if (col.IPC !== undefined) D.threads.forEach(function (t) {
      var r = tl.v['C0-T' + t];
      svg('polyline', {points: at(r).map(function (row, i) {
        return xs[i].toFixed(1) + ',' + yi(num(row[col.IPC])).toFixed(1);
      }).join(' '), fill: 'none', stroke: THREAD[t % THREAD.length], 'stroke-width': 1.2}, s);
      text(s, W - R - 40 * (D.threads.length - t), IT - 4, 'T' + t, 'start').setAttribute('fill', THREAD[t % THREAD.length]);
    });
    if (n > 1) {
      text(s, L, H - 2, tl.stamps[0] + ' s');
      text(s, W - R, H - 2, tl.stamps[n - 1] + ' s', 'end');
    } else text(s, L, H - 2, 'one row set for the whole window (a run without --interval)');
    var cur = svg('line', {x1: 0, x2: 0, y1: T, y2: IT + IH, stroke: '#000', 'stroke-width': 0.7,
                           visibility: 'hidden'}, s);
    var hit = svg('rect', {x: L, y: T, width: W - L - R, height: IT + IH - T, fill: 'transparent'}, s);
    hit.addEventListener('mousemove', function (ev) {
      var r = s.getBoundingClientRect();
      var px = (ev.clientX - r.left) * W / r.width;
      var i = Math.max(0, Math.min(n - 1, Math.round((px - L) / (W - L - R) * (n - 1))));
      cur.setAttribute('x1', x(i));
      cur.setAttribute('x2', x(i));
      cur.setAttribute('visibility', 'visible');
      var h = '<div>' + (tl.stamps[i] ? 'interval ending at <b data-tip="ts">' + escapeHtml(tl.stamps[i]) +
        '</b> s, ' : 'the whole window, ') + escapeHtml(cpu) + '</div><table>';
      nodes.slice().reverse().forEach(function (nd) {
        if (col[nd[0]] === undefined) return;
        h += '<tr><td><span class="sw" style="background:' + nd[1] + '"></span>' + escapeHtml(nd[2]) +
          '</td><td data-tip-area="' + escapeHtml(nd[0]) + '"><b>' + escapeHtml(rows[i][col[nd[0]]]) +
          '</b> % Slots</td></tr>';
      });
      ['IPC', 'CPI', 'CLKS'].forEach(function (m) {
        if (col[m] === undefined) return;
        h += '<tr><td>' + m + '</td><td data-tip-area="' + m + '"><b>' + escapeHtml(rows[i][col[m]]) + '</b></td></tr>';
      });
      tip.innerHTML = h + '</table>';
      place(tip, ev);
    });
    hit.addEventListener('mouseleave', function () { tip.hidden = true; cur.setAttribute('visibility', 'hidden'); });
  }
  ['iv-thread', 'iv-group'].forEach(function (id) {
    var e = document.getElementById(id);
    if (e) e.addEventListener('change', intervalChart);
  });
  intervalChart();

  // ---- pipeline view and resource graph (GPV style), one cycle axis ----
  var P = D.pipe;
  var api = {};
  window.stallscope = api;
  if (!P) return;
  var pv = document.getElementById('pv-canvas'), rv = document.getElementById('rv-canvas');
  var ptip = document.getElementById('pv-tip');
  var byId = {};
  P.insts.forEach(function (p) { byId[p[0]] = p; });
  var GUT = 190, AX = 20;             // label gutter, cycle axis height (pixels)
  var V = {x0: P.first, cpp: 4, y0: 0, rh: 12, rows: [], hover: -1, cyc: null};
  var rowSel = document.getElementById('pv-rows');
  var opts = [['all', 'all threads, fetch order']];
  D.threads.forEach(function (t) { opts.push(['T' + t, 'T' + t + ', program order']); });
  opts.forEach(function (o) {
    var e = document.createElement('option');
    e.value = o[0];
    e.textContent = o[1];
    rowSel.appendChild(e);
  });
  // highlight (GPV's event highlighting): the instructions with a stall of one component, or a
  // flag of their label; the others are faded
  var hlSel = document.getElementById('pv-hl');
  var HL = [['', 'nothing', null]];
  D.components.slice(1).forEach(function (c) {
    HL.push(['stall:' + c, c + ' stalls', function (p) { return p[8].some(function (s) { return s[0] === c; }); }]);
  });
  [['miss', 'Dcache-miss loads'], ['misp', 'mispredicted branches'], ['icmiss', 'Icache misses'],
   ['wp', 'wrong path']].forEach(function (f) {
    HL.push(['flag:' + f[0], f[1], function (p) { return (' ' + p[3] + ' ').indexOf(' ' + f[0] + ' ') >= 0; }]);
  });
  HL.forEach(function (h) {
    var e = document.createElement('option');
    e.value = h[0];
    e.textContent = h[1];
    hlSel.appendChild(e);
  });
  function hlFn() {
    for (var i = 0; i < HL.length; i++) if (HL[i][0] === hlSel.value) return HL[i][2];
    return null;
  }
  function rows() {
    var mode = rowSel.value, fl = document.getElementById('pv-flushed').checked;
    var r = P.insts.filter(function (p) {
      return (fl || p[5] !== 1) && (mode === 'all' || 'T' + p[1] === mode);
    });
    if (mode !== 'all') r.sort(function (a, b) { return a[2] - b[2] || a[0] - b[0]; });
    V.rows = r;
    V.rowOf = {};
    r.forEach(function (p, i) { V.rowOf[p[0]] = i; });
  }
  function size(c) {
    var dpr = window.devicePixelRatio || 1, w = c.clientWidth, h = c.clientHeight;
    if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
      c.width = Math.round(w * dpr);
      c.height = Math.round(h * dpr);
    }
    var ctx = c.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    return {ctx: ctx, w: w, h: h};
  }
  function fit() {                  // the window's cycles P.first .. P.end - 1 fill the width
    var w = pv.clientWidth - GUT;
    V.cpp = Math.max(0.05, w / Math.max(1, P.end - P.first));
    V.x0 = P.first;
    V.y0 = 0;
    V.rh = Math.max(0.5, Math.min(14, (pv.clientHeight - AX) / Math.max(1, V.rows.length)));
  }
  function X(c) { return GUT + (c - V.x0) * V.cpp; }
  function clampView() {
    var span = (pv.clientWidth - GUT) / V.cpp;
    V.x0 = Math.max(P.first - span * 0.5, Math.min(P.end - span * 0.5, V.x0));
    var vis = (pv.clientHeight - AX) / V.rh;
    V.y0 = Math.max(0, Math.min(Math.max(0, V.rows.length - vis * 0.5), V.y0));
  }
  function tickStep() {
    var steps = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];
    for (var i = 0; i < steps.length; i++) if (steps[i] * V.cpp >= 45) return steps[i];
    return 2000;
  }
  // Cycle boundaries every tickStep() cycles; on top, their numbers, centred on the line but
  // kept whole inside the plot (one at the right edge, e.g. the window's end, ends at the edge).
  function axis(ctx, w, h, top) {
    var st = tickStep(), c0 = Math.ceil(V.x0 / st) * st, c1 = V.x0 + (w - GUT) / V.cpp + 1e-6;
    var labs = [];
    ctx.fillStyle = '#555';
    ctx.font = '11px system-ui, sans-serif';
    ctx.textAlign = 'left';
    for (var c = c0; c <= c1; c += st) {
      var x = X(c);
      if (x < GUT + 12) continue;
      ctx.strokeStyle = '#eee';
      ctx.beginPath();
      ctx.moveTo(x + 0.5, top ? AX : 0);
      ctx.lineTo(x + 0.5, h);
      ctx.stroke();
      if (top) {
        var tw = ctx.measureText(String(c)).width;
        labs.push([String(c), Math.max(GUT + 2, Math.min(x - tw / 2, w - 2 - tw)), tw]);
      }
    }
    // a label moved left at the edge may meet the one before: that one gives way
    for (var i = 0; i < labs.length; i++) {
      if (i + 1 < labs.length && labs[i][1] + labs[i][2] + 4 > labs[i + 1][1]) continue;
      ctx.fillText(labs[i][0], labs[i][1], 13);
    }
  }
  function drawPipe() {
    var S = size(pv), ctx = S.ctx, w = S.w, h = S.h;
    ctx.clearRect(0, 0, w, h);
    axis(ctx, w, h, true);
    var r0 = Math.max(0, Math.floor(V.y0)), r1 = Math.min(V.rows.length, Math.ceil(V.y0 + (h - AX) / V.rh));
    var bh = Math.max(1, V.rh * 0.78), lab = V.rh >= 8, hl = hlFn();
    ctx.save();
    ctx.beginPath();
    ctx.rect(GUT, AX, w - GUT, h - AX);
    ctx.clip();
    for (var r = r0; r < r1; r++) {
      var p = V.rows[r], y = AX + (r - V.y0) * V.rh + (V.rh - bh) / 2;
      if (r === V.hover) {
        ctx.fillStyle = '#fff3c4';
        ctx.fillRect(GUT, AX + (r - V.y0) * V.rh, w - GUT, V.rh);
      }
      if (hl && hl(p)) {                // a band across the view, visible at any zoom
        var bandH = Math.max(2, V.rh);
        ctx.fillStyle = 'rgba(255, 170, 0, 0.45)';
        ctx.fillRect(GUT, AX + (r - V.y0 + 0.5) * V.rh - bandH / 2, w - GUT, bandH);
      }
      ctx.globalAlpha = (p[5] === 1 ? 0.35 : 1) * (hl && !hl(p) ? 0.15 : 1);
      p[7].forEach(function (s) {
        ctx.fillStyle = STAGE[s[0]] || '#ccc';
        ctx.fillRect(X(s[1]), y, Math.max(1, (s[2] - s[1]) * V.cpp), bh);
      });
      p[8].forEach(function (s) {
        ctx.fillStyle = COMP[s[0]] || '#000';
        ctx.fillRect(X(s[1]), y + bh * 0.25, Math.max(1, (s[2] - s[1]) * V.cpp), bh * 0.5);
      });
      if (p[5] === 0) {
        ctx.fillStyle = '#222';
        ctx.fillRect(X(p[6]) - 1, y, 2, bh);
      } else if (p[5] === 1) {
        ctx.strokeStyle = '#b00';
        ctx.beginPath();
        ctx.moveTo(X(p[6]) + 0.5, y);
        ctx.lineTo(X(p[6]) + 0.5, y + bh);
        ctx.stroke();
      }
      ctx.globalAlpha = 1;
      if (lab && V.cpp >= 6) {
        ctx.fillStyle = '#333';
        ctx.font = Math.min(11, V.rh - 2) + 'px system-ui, sans-serif';
        ctx.textAlign = 'left';
        p[7].forEach(function (s) {
          if ((s[2] - s[1]) * V.cpp >= 10) ctx.fillText(s[0], X(s[1]) + 2, y + bh - 2);
        });
      }
    }
    if (document.getElementById('pv-deps').checked && V.rh >= 3) {
      ctx.strokeStyle = 'rgba(40,40,40,0.55)';
      ctx.lineWidth = 1;
      for (r = r0; r < r1; r++) {
        var c = V.rows[r];
        c[9].forEach(function (pid) {
          var pr = V.rowOf[pid], prod = byId[pid];
          if (pr === undefined || !prod) return;
          var px = null, cx = null;
          prod[7].forEach(function (s) { if (s[0] === 'X') px = s[2]; });
          c[7].forEach(function (s) { if (s[0] === 'X') cx = s[1]; });
          if (px === null || cx === null) return;
          var y1 = AX + (pr - V.y0 + 0.5) * V.rh, y2 = AX + (r - V.y0 + 0.5) * V.rh;
          ctx.beginPath();
          ctx.moveTo(X(px), y1);
          ctx.lineTo(X(cx), y2);
          ctx.stroke();
          ctx.fillStyle = 'rgba(40,40,40,0.7)';
          ctx.fillRect(X(cx) - 1.5, y2 - 1.5, 3, 3);
        });
      }
    }
    if (V.cyc !== null) {
      ctx.strokeStyle = 'rgba(0,0,0,0.5)';
      ctx.beginPath();
      ctx.moveTo(X(V.cyc) + 0.5, AX);
      ctx.lineTo(X(V.cyc) + 0.5, h);
      ctx.stroke();
    }
    ctx.restore();
    // labels
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, GUT, h);
    ctx.fillStyle = '#555';
    ctx.font = '11px system-ui, sans-serif';
    ctx.textAlign = 'left';
    ctx.fillText('instruction \u2193   cycle \u2192', 4, 13);
    if (lab) {
      ctx.font = Math.min(11, V.rh - 1) + 'px ui-monospace, monospace';
      for (r = r0; r < r1; r++) {
        ctx.fillStyle = V.rows[r][5] === 1 ? '#999' : THREAD[V.rows[r][1] % THREAD.length];
        ctx.fillText(V.rows[r][3].slice(0, 30), 4, AX + (r - V.y0 + 0.5) * V.rh + 4);
      }
    }
    // what is in view: the cycles drawn at least in part, the rows (numbered from 1)
    var x1 = V.x0 + (w - GUT) / V.cpp;
    document.getElementById('pv-range').textContent = 'cycles ' + Math.floor(V.x0 + 1e-6) + ' to ' +
      (Math.ceil(x1 - 1e-6) - 1) + ', ' + (r1 > r0 ? 'rows ' + (r0 + 1) + ' to ' + r1 : 'no rows') +
      ' of ' + V.rows.length;
  }
  var R = D.res;
  function resAt(t, c) {            // index of (cycle c, thread t) in run_resources.csv
    if (!R) return -1;
    var nt = D.threads.length, i = (c - R.cycle[0]) * nt + D.threads.indexOf(t);
    return i >= 0 && i < R.cycle.length && R.cycle[i] === c && R.thread[i] === t ? i : -1;
  }
  function drawRes() {
    var S = size(rv), ctx = S.ctx, w = S.w, h = S.h;
    ctx.clearRect(0, 0, w, h);
    if (!R) {
      ctx.fillStyle = '#a33';
      ctx.fillText('run_resources.csv: not written by this run', GUT, 20);
      return;
    }
    axis(ctx, w, h, false);
    var panels = [['retired', 'IPC (retired per cycle)', num(D.w) || 4],
                  ['rob_occ', 'ROB occupancy (entries)', num(D.rob) || 32]];
    var ph = (h - 10) / panels.length;
    panels.forEach(function (pn, k) {
      var top = 6 + k * ph, bot = top + ph - 14;
      var y = function (v) { return bot - (bot - top) * v / pn[2]; };
      ctx.fillStyle = '#555';
      ctx.font = '11px system-ui, sans-serif';
      ctx.textAlign = 'left';
      ctx.fillText(pn[1], 4, top + 10);
      ctx.textAlign = 'right';
      ctx.fillText(String(pn[2]), GUT - 6, top + 10);
      ctx.fillText('0', GUT - 6, bot + 3);
      ctx.strokeStyle = '#ccc';
      ctx.beginPath();
      ctx.moveTo(GUT, bot + 0.5);
      ctx.lineTo(w, bot + 0.5);
      ctx.stroke();
      ctx.save();
      ctx.beginPath();
      ctx.rect(GUT, top - 2, w - GUT, bot - top + 4);
      ctx.clip();
      D.threads.forEach(function (t, ti) {
        ctx.strokeStyle = THREAD[t % THREAD.length];
        ctx.lineWidth = 1.3;
        ctx.beginPath();
        var started = false;
        for (var i = ti; i < R.cycle.length; i += D.threads.length) {
          var c = R.cycle[i], v = R[pn[0]][i];
          if (!started) { ctx.moveTo(X(c), y(v)); started = true; } else ctx.lineTo(X(c), y(v));
          ctx.lineTo(X(c + 1), y(v));      // a step: the value holds for the whole cycle
        }
        ctx.stroke();
        ctx.textAlign = 'left';
        ctx.fillStyle = THREAD[t % THREAD.length];
        ctx.fillText('T' + t, 4 + 26 * ti, bot);
      });
      ctx.restore();
    });
    if (V.cyc !== null) {
      ctx.strokeStyle = 'rgba(0,0,0,0.5)';
      ctx.beginPath();
      ctx.moveTo(X(V.cyc) + 0.5, 0);
      ctx.lineTo(X(V.cyc) + 0.5, h);
      ctx.stroke();
    }
  }
  function draw() { drawPipe(); drawRes(); }
  function span(s) {                 // [name, first cycle, end cycle (exclusive)]
    return s[2] - s[1] > 1 ? 'cycles ' + s[1] + '\u2013' + (s[2] - 1)
      : 'cycle ' + s[1] + (s[2] === s[1] ? ' (left in the same cycle)' : '');
  }
  function instTip(p) {
    var h = '<b>' + escapeHtml(p[3]) + '</b>  (id ' + p[0] + ')\n' + escapeHtml(p[4]) + '\nstages:';
    p[7].forEach(function (s) { h += '\n  ' + s[0] + ' ' + STAGE_NAME[s[0]] + ': ' + span(s); });
    if (p[8].length) {
      h += '\nstalls:';
      p[8].forEach(function (s) { h += '\n  ' + s[0] + ': ' + span(s); });
    }
    p[9].forEach(function (pid) {
      var q = byId[pid];
      h += '\ndepends on ' + (q ? escapeHtml(q[3]) + ' (id ' + pid + ')' : 'id ' + pid);
    });
    h += '\n' + (p[5] === 0 ? 'retired at cycle ' + p[6] : p[5] === 1 ? 'flushed at cycle ' + p[6]
                 : 'in flight at the window end');
    return h;
  }
  function resTip(c) {
    var h = 'cycle <b>' + c + '</b>';
    D.threads.forEach(function (t) {
      var i = resAt(t, c);
      if (i < 0) return;
      h += '\nT' + t + ': retired <b>' + R.retired[i] + '</b>, issued ' + R.issued[i] + ', filled ' +
        R.filled[i] + ', ROB <b>' + R.rob_occ[i] + '</b>, RS ' + R.rs_occ[i] + ', Dcache misses ' + R.l1d_pend[i];
    });
    return h;
  }
  function onMove(ev, isPipe) {
    var b = ev.target.getBoundingClientRect(), mx = ev.clientX - b.left, my = ev.clientY - b.top;
    if (drag) {
      V.x0 = drag.x0 - (ev.clientX - drag.cx) / V.cpp;
      if (isPipe) V.y0 = drag.y0 - (ev.clientY - drag.cy) / V.rh;
      clampView();
      draw();
      return;
    }
    var c = mx >= GUT ? Math.floor(V.x0 + (mx - GUT) / V.cpp) : null;
    var row = isPipe && my >= AX ? Math.floor(V.y0 + (my - AX) / V.rh) : -1;
    if (row >= V.rows.length) row = -1;
    V.hover = row;
    V.cyc = c !== null && c >= P.first && c < P.end ? c : null;
    if (isPipe && row >= 0) {
      ptip.innerHTML = instTip(V.rows[row]);
      ptip.setAttribute('data-id', V.rows[row][0]);
      place(ptip, ev);
    } else if (!isPipe && V.cyc !== null && R) {
      ptip.innerHTML = resTip(V.cyc);
      ptip.setAttribute('data-id', '');
      place(ptip, ev);
    } else ptip.hidden = true;
    draw();
  }
  var drag = null;
  function zoomX(f, mx) {
    var c = V.x0 + (mx - GUT) / V.cpp;
    V.cpp = Math.max(0.02, Math.min(200, V.cpp * f));
    V.x0 = c - (mx - GUT) / V.cpp;
    clampView();
    draw();
  }
  [[pv, true], [rv, false]].forEach(function (cv) {
    var c = cv[0];
    c.addEventListener('mousemove', function (ev) { onMove(ev, cv[1]); });
    c.addEventListener('mouseleave', function () {
      ptip.hidden = true;
      V.hover = -1;
      V.cyc = null;
      drag = null;
      draw();
    });
    c.addEventListener('mousedown', function (ev) {
      drag = {cx: ev.clientX, cy: ev.clientY, x0: V.x0, y0: V.y0};
      ptip.hidden = true;
    });
    c.addEventListener('mouseup', function () { drag = null; });
    c.addEventListener('dblclick', function () { fit(); draw(); });
    c.addEventListener('wheel', function (ev) {
      ev.preventDefault();
      var b = c.getBoundingClientRect(), f = ev.deltaY < 0 ? 1.25 : 0.8;
      if (ev.shiftKey && cv[1]) {
        var my = ev.clientY - b.top, r = V.y0 + (my - AX) / V.rh;
        V.rh = Math.max(0.5, Math.min(40, V.rh * f));
        V.y0 = r - (my - AX) / V.rh;
        clampView();
        draw();
      } else zoomX(f, Math.max(GUT, ev.clientX - b.left));
    }, {passive: false});
  });
  document.getElementById('pv-in').addEventListener('click', function () {
    zoomX(1.5, GUT + (pv.clientWidth - GUT) / 2);
  });
  document.getElementById('pv-out').addEventListener('click', function () {
    zoomX(1 / 1.5, GUT + (pv.clientWidth - GUT) / 2);
  });
  document.getElementById('pv-fit').addEventListener('click', function () { fit(); draw(); });
  ['pv-rows', 'pv-flushed'].forEach(function (id) {
    document.getElementById(id).addEventListener('change', function () { rows(); fit(); draw(); });
  });
  document.getElementById('pv-deps').addEventListener('change', draw);
  hlSel.addEventListener('change', draw);
  window.addEventListener('resize', function () { intervalChart(); draw(); });
  rows();
  fit();
  draw();

  // For verif/html/check_html.py: where things are drawn, and the view.
  api.view = function () {
    return {x0: V.x0, x1: V.x0 + (pv.clientWidth - GUT) / V.cpp, y0: V.y0, rh: V.rh, rows: V.rows.length};
  };
  api.rowPoint = function (id) {   // canvas-relative point in the middle of instruction id's row
    var r = V.rowOf[id], p = byId[id];
    if (r === undefined) return null;
    var first = p[7].length ? p[7][0][1] : P.first;
    return {x: X(first) + 1, y: AX + (r - V.y0 + 0.5) * V.rh};
  };
  api.cyclePoint = function (c) { return {x: X(c + 0.5)}; };
  api.axisStrip = function () { return [GUT, AX]; };   // the label gutter's width, the axis' height
  api.rowIds = function () { return V.rows.map(function (p) { return p[0]; }); };
  api.highlighted = function () {   // ids of the rows the highlight keeps bright
    var f = hlFn();
    return V.rows.filter(function (p) { return !f || f(p); }).map(function (p) { return p[0]; });
  };
  // Zoom to instruction id: rows rh pixels tall (default 12) with its row in the middle, `span`
  // cycles (default 60) from a few cycles before it entered.
  api.zoomTo = function (id, rh, span) {
    var r = V.rowOf[id], p = byId[id];
    if (r === undefined) return false;
    V.rh = rh || 12;
    V.cpp = (pv.clientWidth - GUT) / (span || 60);
    V.y0 = r - (pv.clientHeight - AX) / V.rh / 2;
    V.x0 = (p[7].length ? p[7][0][1] : P.first) - 4;
    clampView();
    draw();
    return true;
  };
})();
