/**
 * How long and from where the fuzzer runs. Under `npm test` every property has a fixed seed and a
 * modest number of runs, so the suite is deterministic and quick; `npm run fuzz` (scripts/fuzz.ts)
 * sets FUZZ_SECONDS and a random FUZZ_SEED, and the properties share the time. FUZZ_SEED and
 * FUZZ_PATH (both printed with any failure) replay one case.
 */
import type { Parameters } from 'fast-check';

const seconds = Number(process.env.FUZZ_SECONDS ?? 0);

/** Whether this is a timed `npm run fuzz` run rather than the test suite's fixed one. */
export const TIMED = Number.isFinite(seconds) && seconds > 0;

/** The most a test may take: the timed budget plus room to shrink a failure, or the suite's default. */
export const TEST_TIMEOUT_MS = TIMED ? seconds * 1000 + 120_000 : 60_000;

/**
 * fast-check's parameters for one property: `share` of the time budget in a timed run, or
 * `runs` runs from `fixedSeed` in the suite. A seed or path from the environment wins either way.
 */
export function fuzzParameters<T>(fixedSeed: number, runs: number, share: number): Parameters<T> {
  const seed = process.env.FUZZ_SEED === undefined ? fixedSeed : Number(process.env.FUZZ_SEED);
  const path = process.env.FUZZ_PATH;
  const timed: Parameters<T> = {
    numRuns: Number.MAX_SAFE_INTEGER,
    interruptAfterTimeLimit: seconds * 1000 * share,
    markInterruptAsFailure: false,
  };
  return { seed, ...(path ? { path } : {}), ...(TIMED ? timed : { numRuns: runs }), endOnFailure: false, verbose: 1 };
}
