// Where a new connection's time goes in the first seconds after a start (bench/README.md,
// "Where the first seconds' writes waited"; decision 0070). Loaded into the server with
//
//   KINORA_ACCEPT_PROBE=/tmp/acc npx tsx bench/traffic/traffic.ts ... \
//     --server-node-args="--import $PWD/bench/traffic/accept-probe.mjs"
//
// it appends one JSON line every 100 ms to $KINORA_ACCEPT_PROBE/server-<pid>.jsonl: `listening`
// (when the server began to listen, ms since the epoch), `elu` the event loop's utilisation,
// `cpuMs`, `conn` the connections the HTTP server took and `connMs` the time its 'connection'
// listeners took, `get` and `write` the requests begun, `writeDone` the writes answered,
// `a2r50/99/Max` ms from a write's connection being taken to its request event (first request
// on a connection only), `w50/99` a write from its request event to its last byte, `g99` a
// read's, `gcN`/`gcMs` GC pauses, `lagMax` the longest delay of a 2 ms timer (about the longest
// turn of the loop). Beside it, `listen-sampler.mjs` samples the kernel's side. A diagnosis
// tool, never in a deployment; does nothing without KINORA_ACCEPT_PROBE.
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

const dir = process.env.KINORA_ACCEPT_PROBE;
if (dir && process.argv.some((a) => a.endsWith('main.ts'))) {
  const file = `${dir}/server-${process.pid}.jsonl`;
  const fresh = () => ({
    conn: 0,
    connMs: 0,
    get: 0,
    write: 0,
    writeDone: 0,
    acceptToRequest: [],
    writeMs: [],
    getMs: [],
    gcMs: 0,
    gcN: 0,
  });
  let c = fresh();
  let listening = 0;
  const accepted = Symbol('accepted');
  const emit = net.Server.prototype.emit;
  net.Server.prototype.emit = function (event, a, b) {
    if (event === 'connection' && this instanceof http.Server) {
      a[accepted] = performance.now();
      const t0 = performance.now();
      const result = emit.apply(this, arguments);
      c.conn++;
      c.connMs += performance.now() - t0;
      return result;
    }
    if (event === 'request') {
      const t0 = performance.now();
      if (a.method === 'GET') {
        b.once('finish', () => c.getMs.push(performance.now() - t0));
        c.get++;
      } else {
        c.write++;
        if (a.socket?.[accepted] !== undefined) {
          c.acceptToRequest.push(t0 - a.socket[accepted]);
          a.socket[accepted] = undefined;
        }
        b.once('finish', () => {
          c.writeDone++;
          c.writeMs.push(performance.now() - t0);
        });
      }
    }
    if (event === 'listening' && this instanceof http.Server) listening = Date.now();
    return emit.apply(this, arguments);
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      c.gcN++;
      c.gcMs += e.duration;
    }
  }).observe({ entryTypes: ['gc'] });
  const delay = monitorEventLoopDelay({ resolution: 2 });
  delay.enable();
  let elu = performance.eventLoopUtilization();
  let cpu = process.cpuUsage();
  const q = (a, p) => {
    if (a.length === 0) return null;
    const s = [...a].sort((x, y) => x - y);
    return Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))] * 10) / 10;
  };
  setInterval(() => {
    const e = performance.eventLoopUtilization(elu);
    elu = performance.eventLoopUtilization();
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const line = {
      t: Date.now(),
      listening,
      elu: Math.round(e.utilization * 100) / 100,
      cpuMs: Math.round((used.user + used.system) / 1000),
      conn: c.conn,
      connMs: Math.round(c.connMs * 10) / 10,
      get: c.get,
      write: c.write,
      writeDone: c.writeDone,
      a2r50: q(c.acceptToRequest, 0.5),
      a2r99: q(c.acceptToRequest, 0.99),
      a2rMax: q(c.acceptToRequest, 1),
      w50: q(c.writeMs, 0.5),
      w99: q(c.writeMs, 0.99),
      g99: q(c.getMs, 0.99),
      gcN: c.gcN,
      gcMs: Math.round(c.gcMs),
      lagMax: Math.round(delay.max / 1e5) / 10,
    };
    appendFileSync(file, JSON.stringify(line) + '\n');
    delay.reset();
    c = fresh();
  }, 100).unref();
}
