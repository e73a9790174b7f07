/**
 * Graceful drain on SIGTERM/SIGINT: readiness turns 503 at once, the server stops accepting
 * connections, open streams (subscriptions) are completed, in-flight requests finish up to a deadline, idle keep-alive connections are closed,
 * then whatever the gateway depends on (Mesh, the sandboxes) is closed after it.
 */
import type { Server } from 'node:http';
import type { Logger } from '../logger.js';

export interface DrainOptions {
  server: Server;
  /** How long in-flight requests may take to finish before their connections are cut. */
  timeoutMs: number;
  logger: Logger;
  /** Closed in order after the server, e.g. Mesh's handles, then the sandboxes. */
  closers: readonly (() => void | Promise<void>)[];
  /**
   * Completes every open stream (live subscriptions), called as the listener closes: a stream
   * never finishes by itself, so without this each would hold its connection until the deadline.
   */
  endStreams?: () => void | Promise<void>;
}

export interface Drain {
  /** True from the first signal on. */
  isDraining(): boolean;
  /** Drains and resolves with the exit code: 0 when every request finished, 1 when the deadline cut some. */
  run(signal: string): Promise<number>;
}

/** How often idle keep-alive connections are swept while requests are still in flight. */
const IDLE_SWEEP_MS = 50;

/** Creates the drain for `server`; `run` is idempotent (a second signal waits for the same drain). */
export function createDrain(options: DrainOptions): Drain {
  const { server, timeoutMs, logger } = options;
  let running: Promise<number> | undefined;
  const drain = async (signal: string): Promise<number> => {
    let forced = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Logged once the listener is closed, so whoever reads this line can rely on new connections being refused.
    logger.info({ signal, timeoutMs }, 'drain started: not ready, no new connections');
    // A connection whose request finished goes idle; close it so the server can finish closing.
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    let deadline: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => {
      deadline = setTimeout(() => {
        forced = true;
        server.closeAllConnections();
        resolve();
      }, timeoutMs);
    });
    server.closeIdleConnections();
    // Not awaited alone: the deadline bounds it like any request.
    const streamsEnded = Promise.resolve()
      .then(options.endStreams)
      .catch((error: unknown) => logger.warn({ err: error }, 'completing open streams failed during drain'));
    await Promise.race([Promise.all([closed, streamsEnded]), timedOut]);
    clearInterval(sweep);
    clearTimeout(deadline);
    if (forced) logger.error({ timeoutMs }, 'drain timed out: in-flight requests were cut off');
    for (const close of options.closers) {
      try {
        await close();
      } catch (error) {
        logger.warn({ err: error }, 'closing a dependency failed during drain');
      }
    }
    logger.info({ forced }, 'drain finished');
    return forced ? 1 : 0;
  };
  return {
    isDraining: () => running !== undefined,
    run: (signal) => (running ??= drain(signal)),
  };
}
