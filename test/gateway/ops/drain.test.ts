/**
 * The drain's deadline on a real loopback server: a request that outlives SHUTDOWN_TIMEOUT_MS is
 * cut off, the drain says so in an error log line and resolves 1; closers still run, in order.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/gateway/logger.js';
import { createDrain } from '../../../src/gateway/ops/drain.js';

describe('createDrain', () => {
  it('cuts a request that outlives the deadline, logs it as an error and resolves 1 after the closers', async () => {
    const server = createServer(() => {
      // Never answers: the request only ends when the drain cuts its connection.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const lines: string[] = [];
    const closed: string[] = [];
    const drain = createDrain({
      server,
      timeoutMs: 200,
      logger: createLogger('info', { write: (line) => lines.push(line) }),
      closers: [() => void closed.push('mesh'), () => void closed.push('sandboxes')],
    });
    const stuck = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`).then(
      () => 'answered',
      () => 'cut off',
    );
    await new Promise((resolve) => server.once('request', resolve));
    expect(drain.isDraining()).toBe(false);
    const code = drain.run('SIGTERM');
    expect(drain.isDraining()).toBe(true);
    expect(await code).toBe(1);
    expect(await stuck).toBe('cut off');
    expect(closed).toEqual(['mesh', 'sandboxes']);
    const timedOut = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((line) => line.msg.startsWith('drain timed out'));
    expect(timedOut?.level).toBe(50);
  });
});
