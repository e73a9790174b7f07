/**
 * V8's optimizing compilers held off while the gateway starts. A start runs most of its code once
 * (reading the Mesh artefact, merging and rewriting the schema, compiling the first validators),
 * yet what turns hot meanwhile is queued for TurboFan (and Maglev on Node >= 22), whose background
 * threads compete with the start itself wherever the gateway has one core. Measured with the
 * gateway pinned to one core (`taskset -c 1`), to its first answer: Node 20 748 → 585 ms, Node 24
 * 541 → 454 ms. Once the gateway has served its first requests the tiers come back as they were,
 * so a gateway under load runs optimized code as before (`npm run bench` checks the throughput).
 *
 * Only the tiers the Node line turns on by default are held, and none if the operator set a tier
 * flag themselves (NODE_OPTIONS or the command line): their choice is kept as it is.
 */
import { setFlagsFromString } from 'node:v8';

/** What decides which tiers a process has on: its Node line, its CPU, and its own V8 flags. */
export interface TierEnvironment {
  nodeVersion: string;
  arch: string;
  execArgv: readonly string[];
  nodeOptions: string | undefined;
}

/** Flags that choose tiers: an operator who sets one has chosen, and the hold leaves the tiers alone. */
const TIER_FLAG = /^--(no-)?(turbofan|maglev|opt|jitless|max-opt|sparkplug|always-)/;

/** The optimizing tiers on by default for `environment`: TurboFan always, Maglev from Node 22 on x64 and arm64. */
export function defaultOptimizingTiers(environment: TierEnvironment): string[] {
  const major = Number(environment.nodeVersion.replace(/^v/, '').split('.')[0]);
  const maglev = major >= 22 && (environment.arch === 'x64' || environment.arch === 'arm64');
  return maglev ? ['turbofan', 'maglev'] : ['turbofan'];
}

/**
 * Turns the default optimizing tiers off (through `setFlags`, V8's by default) and returns what
 * turns them back on; a no-op pair where the operator chose tiers of their own.
 */
export function holdOptimizingTiers(
  environment: TierEnvironment = {
    nodeVersion: process.version,
    arch: process.arch,
    execArgv: process.execArgv,
    nodeOptions: process.env.NODE_OPTIONS,
  },
  setFlags: (flags: string) => void = setFlagsFromString,
): () => void {
  const operatorFlags = [...environment.execArgv, ...(environment.nodeOptions ?? '').split(/\s+/)];
  if (operatorFlags.some((flag) => TIER_FLAG.test(flag))) return () => undefined;
  const tiers = defaultOptimizingTiers(environment);
  setFlags(tiers.map((tier) => `--no-${tier}`).join(' '));
  let released = false;
  return () => {
    if (released) return;
    released = true;
    setFlags(tiers.map((tier) => `--${tier}`).join(' '));
  };
}
