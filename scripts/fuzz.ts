/**
 * `npm run fuzz`: runs the fuzz suite (test/gateway/fuzz) for as long as asked, from a random seed
 * printed first. `--seconds N` or FUZZ_SECONDS (default 60); `--seed S` or FUZZ_SEED replays a
 * run, FUZZ_PATH (printed with a failure) replays one case.
 */
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const seconds = Number(option('seconds') ?? process.env.FUZZ_SECONDS ?? 60);
if (!Number.isFinite(seconds) || seconds <= 0) throw new TypeError(`--seconds must be a positive number; received ${seconds}`);
const seed = option('seed') ?? process.env.FUZZ_SEED ?? String(randomInt(2 ** 31));

console.log(`fuzz: seed ${seed}, ${seconds} s; replay with FUZZ_SEED=${seed} npm run fuzz -- --seconds ${seconds}`);
const run = spawnSync('npx', ['vitest', 'run', 'test/gateway/fuzz/fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SECONDS: String(seconds), FUZZ_SEED: seed },
});
process.exitCode = run.status ?? 1;
