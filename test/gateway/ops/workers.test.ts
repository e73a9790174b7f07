/**
 * WORKERS=2: two worker processes answer on one port, the primary's sandboxes serve both, and
 * SIGTERM drains every worker before the primary exits 0.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/gateway/config.js';
import { type GatewayProcess, spawnGateway } from './gateway-process.js';

/** Generous bound for two full starts at once on a busy two-core machine. */
const START_TIMEOUT_MS = 180_000;

interface LogLine {
  msg?: string;
  pid?: number;
  url?: string;
}

function lines(gateway: GatewayProcess): LogLine[] {
  return gateway
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

async function until<T>(read: () => T | undefined, gateway: GatewayProcess): Promise<T> {
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (gateway.child.exitCode !== null) throw new Error(`the gateway exited (${gateway.child.exitCode}):\n${gateway.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let gateway: GatewayProcess | undefined;

afterAll(async () => {
  if (gateway && gateway.child.exitCode === null) {
    gateway.child.kill('SIGTERM');
    await gateway.exited;
  }
});

describe('WORKERS', () => {
  it('is read as a count or auto, and refuses anything else', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ WORKERS: 'auto' }).workers).toBeGreaterThanOrEqual(1);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow(/WORKERS must be a whole number from 1 to 64, or auto, got "0"/);
  });

  it(
    'runs two workers on one port, both answering from the same sandboxes, and drains them all on SIGTERM',
    async () => {
      const started = spawnGateway({ PORT: '0', WORKERS: '2' });
      gateway = started;
      const ready = await until(() => {
        const found = lines(started).filter((line) => line.msg?.startsWith('gateway ready'));
        return found.length === 2 ? found : undefined;
      }, started);
      const pids = new Set(ready.map((line) => line.pid));
      expect(pids.size).toBe(2);
      const url = ready[0]?.url ?? '';
      expect(ready[1]?.url).toBe(url);
      for (let request = 0; request < 12; request += 1) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({ query: '{ country(code: "FR") { names { common } } }' }),
        });
        expect(await response.json()).toMatchObject({ data: { country: { names: { common: 'France' } } } });
      }
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
      // Request lines are buffered (up to a second); by the exit every worker has written its own.
      const served = new Set(
        lines(started)
          .filter((line) => line.msg === 'graphql request')
          .map((line) => line.pid),
      );
      expect(served).toEqual(pids);
      expect(lines(started).filter((line) => line.msg === 'drain finished')).toHaveLength(2);
      expect(lines(started).some((line) => line.msg === 'workers stopped')).toBe(true);
    },
    START_TIMEOUT_MS,
  );
});
