// Where a write's time goes (decision 0061; bench/README.md, "Where the writes' seconds went").
// Loaded into every Node process of a traffic run with
//
//   KINORA_PROBE_DIR=/tmp/probe NODE_OPTIONS="--import $PWD/bench/traffic/write-path-probe.mjs" \
//     npx tsx bench/traffic/traffic.ts ...
//
// it appends one JSON line a second to $KINORA_PROBE_DIR/<script>-<pid>.jsonl (the server is
// main_ts-<pid>, the bench traffic_ts-<pid>): the event loop's delay past a 5 ms timer (p50,
// p99, max, ms, the 5 ms included), the process's CPU, GC pauses (count, total, longest), and,
// as {n, p50, p99, max} ms: `pool10` and `pool5` how long a statement waited for a connection of
// the reads' pool (ten) and of the writes' pool (five before 0061, up to sixteen after),
// `hold5` how long it then held the writes' one, `srvWrite` each non-GET request from Node's
// `request` event to its answer's last byte. With KINORA_PROBE_STACKS set, the writes' holds over
// 100 ms are counted by the code that asked (`longHolds`; costs a stack trace per statement).
// It wraps pg-pool's `connect` and `http.Server`'s `emit`: a diagnosis tool, never in a
// deployment. Does nothing without KINORA_PROBE_DIR.
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

const dir = process.env.KINORA_PROBE_DIR;
const script = path.basename(process.argv[1] ?? 'node');
if (dir && !/npm|npx/.test(script)) {
  const file = path.join(dir, `${script.replace(/\W/g, '_')}-${process.pid}.jsonl`);
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  let cpu = process.cpuUsage();
  const gc = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gc.push(e.duration);
  }).observe({ entryTypes: ['gc'] });
  const buckets = {};
  let longHolds = {};
  const rec = (name, ms) => (buckets[name] ??= []).push(ms);
  // pg pool waits
  try {
    const req = createRequire(path.join(process.cwd(), 'apps/server/package.json'));
    const pgPath = req.resolve('pg');
    const Pool = createRequire(pgPath)('pg-pool');
    const orig = Pool.prototype.connect;
    Pool.prototype.connect = function (cb) {
      const t0 = performance.now();
      const max = this.options.max;
      const name = max === 5 || max === 16 ? 'pool5' : `pool${max}`;
      const done = () => rec(name, performance.now() - t0);
      let stack = '';
      if (name === 'pool5' && process.env.KINORA_PROBE_STACKS) {
        const lim = Error.stackTraceLimit;
        Error.stackTraceLimit = 40;
        stack = new Error().stack;
        Error.stackTraceLimit = lim;
      }
      const track = (client) => {
        if (!client || name !== 'pool5') return;
        const got = performance.now();
        const r = client.release;
        client.release = function (...a) {
          const held = performance.now() - got;
          rec('hold5', held);
          if (held > 100) {
            const frames = stack
              .split('\n')
              .filter((l) => l.includes('/src/') && !l.includes('node_modules'))
              .slice(0, 3)
              .map((l) =>
                l
                  .trim()
                  .replace(/^at /, '')
                  .replace(/\(?\/.*\/src\//, '')
                  .replace(/\)$/, ''),
              );
            const k = frames.join(' < ') || stack.split('\n').slice(2, 5).join('|');
            longHolds[k] = (longHolds[k] ?? 0) + 1;
          }
          return r.apply(this, a);
        };
      };
      if (typeof cb === 'function') {
        return orig.call(this, (err, client, release) => {
          done();
          track(client);
          cb(err, client, client ? client.release : release);
        });
      }
      const p = orig.call(this);
      p.then((c) => {
        done();
        track(c);
      }, done);
      return p;
    };
  } catch (e) {
    appendFileSync(file, JSON.stringify({ probeError: String(e) }) + '\n');
  }
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, req, res) {
    if (event === 'request' && req.method !== 'GET') {
      const t0 = performance.now();
      res.once('finish', () => rec('srvWrite', performance.now() - t0));
    }
    return emit.apply(this, arguments);
  };
  const q = (a, p) => {
    if (a.length === 0) return 0;
    const s = [...a].sort((x, y) => x - y);
    return Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))] * 100) / 100;
  };
  const timer = setInterval(() => {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    const line = {
      t: Date.now(),
      p50: ms(h.percentile(50)),
      p99: ms(h.percentile(99)),
      max: ms(h.max),
      cpuMs: Math.round((used.user + used.system) / 1000),
      gcN: gc.length,
      gcMs: Math.round(gc.reduce((a, b) => a + b, 0) * 10) / 10,
      gcMax: Math.round(Math.max(0, ...gc) * 10) / 10,
    };
    for (const [k, a] of Object.entries(buckets)) {
      line[k] = { n: a.length, p50: q(a, 0.5), p99: q(a, 0.99), max: q(a, 1) };
      a.length = 0;
    }
    if (Object.keys(longHolds).length) {
      line.longHolds = longHolds;
      longHolds = {};
    }
    gc.length = 0;
    h.reset();
    appendFileSync(file, JSON.stringify(line) + '\n');
  }, 1000);
  timer.unref();
}
