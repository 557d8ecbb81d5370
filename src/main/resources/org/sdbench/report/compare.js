'use strict';
/* The charts of the comparison page: runs overlaid, x aligned on each run's window start. */
(() => {
  const d = SDB.data, w = d.window, x = 'seconds since window start';
  const over = key => d.runs.map(r => ({label: r.label, data: SDB.points(r.t, r[key])}));
  SDB.add('band', {type: 'bar', data: {labels: d.runs.map(r => r.label),
    datasets: [{label: 'DS/h mean ± 95 %', data: d.runs.map(r => r.band), backgroundColor: d.runs.map((r, i) => SDB.color(i))}]},
    options: {plugins: {legend: {display: false}}, scales: {y: {beginAtZero: false, title: {display: true, text: 'DS/h'}}}}});
  SDB.line('throughput', over('ds'), x, 'DS/h', w);
  SDB.line('response', over('avg'), x, 'ms', w);
  SDB.line('db', over('db'), x, 'ms', w);
  const labels = d.runs[0].steps.map(s => s.label);
  SDB.add('steps', {type: 'bar', data: {labels: labels, datasets: d.runs.map((r, i) => ({label: r.label,
    data: r.steps.map(s => s.avg), backgroundColor: SDB.color(i)}))},
    options: {scales: {y: {beginAtZero: true, title: {display: true, text: 'ms'}}}}});
  SDB.finish();
})();
