/**
 * WORKERS=N: N gateway processes on one port through node:cluster, like Hive Gateway's `--fork`.
 * The primary serves nothing itself: it forks the workers with the environment it settled (the
 * port it checked, the sandboxes' URLs), restarts one that dies unasked after a back-off, and on
 * SIGTERM/SIGINT asks every worker to drain, waits for them, then lets its caller close what it
 * started. Each worker is an ordinary gateway process (`src/main.ts`) and drains by itself.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '../logger.js';

export interface WorkerPoolOptions {
  count: number;
  /** Variables every worker gets on top of the primary's environment. */
  env: Readonly<Record<string, string>>;
  logger: Logger;
}

export interface WorkerPool {
  /** Drains every worker; resolves with 0 when all of them exited 0, else 1. */
  stop(signal: NodeJS.Signals): Promise<number>;
}

/** How long the primary waits before replacing a worker that died, growing per quick death up to 30 s. */
const RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** A worker that lived this long is healthy again: the next death waits the base delay. */
const HEALTHY_AFTER_MS = 60_000;

export function startWorkers({ count, env, logger }: WorkerPoolOptions): WorkerPool {
  let stopping = false;
  let failed = false;
  const exits = new Map<Worker, Promise<void>>();
  const spawn = (delayMs: number): void => {
    const started = Date.now();
    const worker = cluster.fork(env);
    exits.set(
      worker,
      new Promise((resolve) =>
        worker.once('exit', (code, signal) => {
          exits.delete(worker);
          resolve();
          if (stopping) {
            if (code !== 0) failed = true;
            return;
          }
          const next = Date.now() - started > HEALTHY_AFTER_MS ? RESTART_DELAY_MS : Math.min(delayMs * 2, MAX_RESTART_DELAY_MS);
          logger.warn({ workerPid: worker.process.pid, code, signal, restartInMs: next }, 'worker died; starting another');
          setTimeout(() => {
            if (!stopping) spawn(next);
          }, next).unref();
        }),
      ),
    );
  };
  for (let index = 0; index < count; index += 1) spawn(RESTART_DELAY_MS);
  logger.info({ workers: count }, 'workers started');
  return {
    async stop(signal) {
      stopping = true;
      for (const worker of exits.keys()) worker.process.kill(signal);
      await Promise.all(exits.values());
      logger.info({ failed }, 'workers stopped');
      return failed ? 1 : 0;
    },
  };
}
