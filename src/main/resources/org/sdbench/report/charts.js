'use strict';
/*
 * Chart helpers shared by report.html and the comparison page, on top of Chart.js. After drawing,
 * the page marks itself for automated checks: <body data-status="ok|failed" data-charts=N
 * data-charts-painted=N data-errors=N>, and #chart-status says the same for a person.
 */
const SDB = (() => {
  const errors = [];
  window.addEventListener('error', e => errors.push(String(e.message || e)));
  const palette = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',
                   '#bcbd22', '#17becf'];
  const data = JSON.parse(document.getElementById('sdbench-data').textContent);
  const charts = [];

  // Shades the measurement window on a linear x axis: the only span the summary figures count.
  const windowShade = {
    id: 'windowShade',
    beforeDatasetsDraw(chart, args, opts) {
      const w = opts && opts.range;
      if (!w || !chart.scales.x) return;
      const x = chart.scales.x, a = chart.chartArea, ctx = chart.ctx;
      const x0 = Math.max(a.left, x.getPixelForValue(w[0])), x1 = Math.min(a.right, x.getPixelForValue(w[1]));
      if (x1 <= x0) return;
      ctx.save();
      ctx.fillStyle = 'rgba(46, 125, 50, 0.09)';
      ctx.fillRect(x0, a.top, x1 - x0, a.bottom - a.top);
      ctx.restore();
    }
  };

  if (typeof Chart === 'undefined') {
    errors.push('Chart.js did not load');
  } else {
    Chart.register(windowShade);
    Chart.defaults.animation = false;
    Chart.defaults.maintainAspectRatio = false;
    Chart.defaults.font.size = 11;
  }

  const color = i => palette[i % palette.length];
  const points = (xs, ys) => xs.map((x, i) => ({x: x, y: ys[i]}));

  function add(id, config) {
    const canvas = document.getElementById(id);
    if (!canvas) { errors.push('no canvas ' + id); return; }
    try {
      charts.push(new Chart(canvas, config));
    } catch (e) {
      errors.push(id + ': ' + e.message);
    }
  }

  /** Line chart over time; datasets: [{label, data: [{x,y}], ...}]. */
  function line(id, datasets, xTitle, yTitle, range, extra) {
    datasets.forEach((d, i) => {
      d.borderColor = d.borderColor || color(i);
      d.backgroundColor = d.backgroundColor || color(i);
      d.pointRadius = d.pointRadius === undefined ? 1.5 : d.pointRadius;
      d.borderWidth = d.borderWidth || 1.8;
    });
    add(id, {
      type: 'line',
      data: {datasets: datasets},
      options: Object.assign({
        parsing: true,
        scales: {x: {type: 'linear', title: {display: true, text: xTitle}},
                 y: {beginAtZero: true, title: {display: true, text: yTitle}}},
        plugins: {windowShade: {range: range}, legend: {display: datasets.length > 1}}
      }, extra || {})
    });
  }

  /** Stacked areas over time, one per named series. */
  function stackedArea(id, t, series, yTitle, range) {
    const names = Object.keys(series);
    const ds = names.map((n, i) => ({label: n, data: points(t, series[n]), fill: i === 0 ? 'origin' : '-1',
      backgroundColor: color(i) + '99', borderColor: color(i), pointRadius: 0, borderWidth: 1}));
    add(id, {type: 'line', data: {datasets: ds}, options: {
      scales: {x: {type: 'linear', title: {display: true, text: 'seconds since start'}},
               y: {stacked: true, beginAtZero: true, title: {display: true, text: yTitle}}},
      plugins: {windowShade: {range: range}}}});
  }

  /** Horizontal stacked bars: rows [{label, k1: v, ...}] stacked over keys. */
  function stackedBars(id, rows, keys, xTitle) {
    const ds = keys.map((k, i) => ({label: k, data: rows.map(r => r[k]), backgroundColor: color(i)}));
    add(id, {type: 'bar', data: {labels: rows.map(r => r.label), datasets: ds}, options: {indexAxis: 'y',
      scales: {x: {stacked: true, title: {display: true, text: xTitle}}, y: {stacked: true}}}});
  }

  /** Grouped vertical bars: rows [{label, k: v}] with one bar per key. */
  function groupedBars(id, rows, keys, yTitle) {
    const ds = keys.map((k, i) => ({label: k, data: rows.map(r => r[k]), backgroundColor: color(i)}));
    add(id, {type: 'bar', data: {labels: rows.map(r => r.label), datasets: ds},
      options: {scales: {y: {beginAtZero: true, title: {display: true, text: yTitle}}}}});
  }

  function painted(canvas) {
    const w = canvas.width, h = canvas.height;
    if (!w || !h) return false;
    const px = canvas.getContext('2d').getImageData(0, 0, w, h).data;
    let n = 0;
    for (let i = 3; i < px.length; i += 4 * 7) if (px[i] > 0) n++;
    return n > 100;
  }

  /** Marks the page with what rendered, for people (#chart-status) and for the browser check. */
  function finish() {
    const expected = document.querySelectorAll('canvas').length;
    const ok = charts.filter(c => painted(c.canvas)).length;
    const b = document.body;
    b.dataset.charts = String(expected);
    b.dataset.chartsPainted = String(ok);
    b.dataset.errors = String(errors.length);
    b.dataset.status = errors.length === 0 && ok === expected ? 'ok' : 'failed';
    const s = document.getElementById('chart-status');
    if (s) s.textContent = ok + ' of ' + expected + ' charts drawn' + (errors.length ? '; errors: ' + errors.join('; ') : '.');
  }

  return {data, points, line, stackedArea, stackedBars, groupedBars, finish, color, add, errors};
})();
