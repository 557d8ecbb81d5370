'use strict';
/* The charts of sweep.html: x is the number of users of each measured level. */
(() => {
  const d = SDB.data, x = 'users';
  const resp = [{label: 'measured avg', data: SDB.points(d.users, d.avg)},
                {label: 'measured p95', data: SDB.points(d.users, d.p95)},
                {label: 'limit', data: SDB.points(d.users, d.users.map(() => d.limitMs)), pointRadius: 0, borderDash: [6, 4]}];
  if (d.predUsers) resp.push({label: 'model avg', data: SDB.points(d.predUsers, d.predAvg), borderDash: [2, 2]});
  SDB.line('response', resp, x, 'ms');
  const thr = [{label: 'measured DS/h', data: SDB.points(d.users, d.ds)}];
  if (d.predUsers) thr.push({label: 'model DS/h', data: SDB.points(d.predUsers, d.predDs), borderDash: [2, 2]});
  SDB.line('throughput', thr, x, 'DS/h');
  SDB.line('cpu', [{label: 'host busy %', data: SDB.points(d.users, d.host)},
                   {label: 'simulator %', data: SDB.points(d.users, d.sim)}], x, '%');
  SDB.finish();
})();
