// The contract fuzzing of `npm test` (apps/server/src/contract-fuzz.test.ts, issue 20 item 2),
// run longer, for a quiet machine: more inputs per endpoint and socket event, several seeds,
// on PGlite and on PostgreSQL (when one answers at TEST_DATABASE_URL or 127.0.0.1:5432). Not a
// test of its own: any 500, refusal outside the envelope or write on a refusal is printed by
// the test and ends the run with its seed, so it can be replayed with FUZZ_SEED. Run:
//
//   node bench/fuzz/fuzz.mjs [--runs 400] [--socket-runs 120] [--seeds 1,2,3] [--db pglite,postgres]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '400' },
    'socket-runs': { type: 'string', default: '120' },
    seeds: { type: 'string', default: '1,2,3' },
    db: { type: 'string', default: 'pglite,postgres' },
  },
});

const serverRoot = path.resolve(import.meta.dirname, '../../apps/server');
for (const db of args.db.split(',')) {
  for (const seed of args.seeds.split(',')) {
    console.log(`\n=== contract fuzz on ${db}, seed ${seed}, ${args.runs} inputs per endpoint ===`);
    const started = Date.now();
    const result = spawnSync('npx', ['vitest', 'run', 'src/contract-fuzz.test.ts'], {
      cwd: serverRoot,
      stdio: 'inherit',
      env: {
        ...process.env,
        TEST_DB: db,
        FUZZ_SEED: seed,
        FUZZ_RUNS: args.runs,
        FUZZ_SOCKET_RUNS: args['socket-runs'],
      },
    });
    console.log(`=== ${db} seed ${seed}: ${((Date.now() - started) / 1000).toFixed(0)} s ===`);
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
