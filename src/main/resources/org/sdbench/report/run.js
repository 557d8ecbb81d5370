'use strict';
/* The charts of one run's report.html (data from result.json and intervals.csv). */
(() => {
  const d = SDB.data, w = d.window, x = 'seconds since start';
  SDB.line('throughput', [{label: 'dialog steps/h', data: SDB.points(d.t, d.ds)}], x, 'DS/h', w);
  SDB.line('response', [{label: 'average', data: SDB.points(d.t, d.avg)}, {label: 'p95', data: SDB.points(d.t, d.p95)}],
    x, 'ms', w);
  SDB.line('users', [{label: 'users logged on', data: SDB.points(d.t, d.users), stepped: true}], x, 'users', w);
  SDB.line('queue', [{label: 'max in interval', data: SDB.points(d.t, d.queueMax)},
    {label: 'at interval end', data: SDB.points(d.t, d.queue)}], x, 'update requests', w);
  SDB.stackedArea('componentsOverTime', d.t, d.components, 'ms per dialog step', w);
  const keys = Object.keys(d.components);
  SDB.stackedBars('componentsPerTx', d.tx, keys, 'ms per dialog step');
  SDB.groupedBars('percentiles', d.steps, ['p50', 'p90', 'p95', 'p99'], 'ms');
  SDB.finish();
})();
