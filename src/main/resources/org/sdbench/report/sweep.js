'use strict';
/* The charts of sweep.html: x is users; every measured run is a dot, the level means a line. */
(() => {
  const d = SDB.data, x = 'users';
  const dots = (xs, ys) => ({data: SDB.points(xs, ys).filter(p => p.y !== null), showLine: false, pointRadius: 3});
  const band = d.ci ? d.ci : null;
  const measured = d.runAvg.filter(v => v !== null && v > 0);
  const top = Math.max(d.limitMs * 2, ...measured);
  const bottom = Math.min(d.limitMs / 2, ...measured);
  const resp = [Object.assign({label: 'run avg'}, dots(d.runUsers, d.runAvg)),
                {label: 'level mean', data: SDB.points(d.users, d.avg), pointRadius: 0},
                {label: 'limit', data: SDB.points(d.users, d.users.map(() => d.limitMs)), pointRadius: 0, borderDash: [6, 4]}];
  if (d.capacity) resp.push({label: 'capacity', data: [{x: d.capacity, y: bottom}, {x: d.capacity, y: d.limitMs}], pointRadius: 0, borderWidth: 2});
  if (d.predUsers) resp.push({label: 'model avg', data: SDB.points(d.predUsers, d.predAvg), borderDash: [2, 2], pointRadius: 0});
  SDB.line('response', resp, x, 'ms', band, {scales: {x: {type: 'linear', title: {display: true, text: x}},
    y: {type: 'logarithmic', min: bottom / 1.2, max: top * 1.2, title: {display: true, text: 'ms (log)'}}}});
  const thr = [Object.assign({label: 'run DS/h'}, dots(d.runUsers, d.runDs)),
               {label: 'level mean', data: SDB.points(d.users, d.ds), pointRadius: 0}];
  if (d.predUsers) thr.push({label: 'model DS/h', data: SDB.points(d.predUsers, d.predDs), borderDash: [2, 2], pointRadius: 0});
  SDB.line('throughput', thr, x, 'DS/h', band);
  SDB.line('cpu', [Object.assign({label: 'host busy %'}, dots(d.runUsers, d.runHost)),
                   Object.assign({label: "sweep's own %"}, dots(d.runUsers, d.runOwn))], x, '%', band);
  SDB.finish();
})();
