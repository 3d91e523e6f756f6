// The kernel's side of the first seconds after a start (bench/README.md, "Where the first
// seconds' writes waited"; decision 0070), beside accept-probe.mjs:
//
//   node bench/traffic/listen-sampler.mjs <port> <out.jsonl> <seconds>
//
// waits for a process to listen on <port>, then every 100 ms appends one JSON line: `recvq` the
// connections in its accept queue (ss: Recv-Q of the listener), `est` the established
// connections to the port (the queue's included), `ovf`/`drop` the kernel's TcpExtListenOverflows
// and TcpExtListenDrops (nstat, absolute), `srv` the listening process's main thread
// [ns on a core, ns waiting for one] (/proc/<pid>/task/<pid>/schedstat), `srvCpu` its CPU
// (ticks, every thread), `pg` every PostgreSQL process's CPU (ticks), `load`.
import { execFileSync } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';

const [port, out, seconds] = process.argv.slice(2);
if (!port || !out) throw new Error('usage: listen-sampler.mjs <port> <out.jsonl> <seconds>');
const ss = (...args) => execFileSync('ss', args, { encoding: 'utf8' });
const ticks = (pid) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
};
const postgres = () =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .reduce((sum, pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')
          ? sum + ticks(pid)
          : sum;
      } catch {
        return sum;
      }
    }, 0);

let pid = null;
for (let i = 0; i < 18_000 && pid === null; i++) {
  const m = /pid=(\d+)/.exec(ss('-ltnpH', `sport = :${port}`));
  if (m) pid = Number(m[1]);
  else await new Promise((r) => setTimeout(r, 50));
}
if (pid === null) throw new Error(`nothing listened on :${port}`);
const end = Date.now() + Number(seconds ?? 60) * 1000;
while (Date.now() < end) {
  const t0 = Date.now();
  const listener = ss('-ltnH', `sport = :${port}`).trim().split(/\s+/);
  const est = ss('-tnH', 'state', 'established', `( sport = :${port} )`).split('\n').length - 1;
  const counters = Object.fromEntries(
    execFileSync('nstat', ['-az', 'TcpExtListenOverflows', 'TcpExtListenDrops'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((l) => l.startsWith('TcpExt'))
      .map((l) => [l.split(/\s+/)[0], Number(l.split(/\s+/)[1])]),
  );
  let srv;
  try {
    srv = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8')
      .split(' ')
      .slice(0, 2)
      .map(Number);
  } catch {
    break;
  }
  appendFileSync(
    out,
    JSON.stringify({
      t: t0 / 1000,
      recvq: Number(listener[1] ?? 0),
      est,
      ovf: counters.TcpExtListenOverflows,
      drop: counters.TcpExtListenDrops,
      srv,
      srvCpu: ticks(pid),
      pg: postgres(),
      load: readFileSync('/proc/loadavg', 'utf8').split(' ')[0],
    }) + '\n',
  );
  await new Promise((r) => setTimeout(r, Math.max(0, 100 - (Date.now() - t0))));
}
