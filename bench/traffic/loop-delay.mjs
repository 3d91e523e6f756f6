// A probe of a Node process's event-loop delay, for the traffic model's tail (bench/README.md,
// "Where a write's tail goes"). Loaded with `--import` into the server (`--server-node-args
// "--import ./bench/traffic/loop-delay.mjs"`) or the bench itself; it appends one JSON line a
// second to $KINORA_LOOP_DELAY_DIR/<role>-<pid>.jsonl: how late a 5 ms timer fired (p50, p99,
// max, in ms) and how much CPU the process used in that second. Does nothing without the variable.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const dir = process.env.KINORA_LOOP_DELAY_DIR;
if (dir) {
  const role = process.argv.some((a) => a.endsWith('traffic.ts')) ? 'bench' : 'server';
  const file = path.join(dir, `${role}-${process.pid}.jsonl`);
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let cpu = process.cpuUsage();
  const timer = setInterval(() => {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    appendFileSync(
      file,
      JSON.stringify({
        t: Date.now(),
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        cpuMs: Math.round((used.user + used.system) / 1000),
      }) + '\n',
    );
    histogram.reset();
  }, 1000);
  timer.unref();
}
