/**
 * LOG_SAMPLE_OK and LOG_LEVEL on the built gateway process, as an operator sets them: with
 * successful lines sampled away, only refusals remain in the log; above info, the request lines
 * and the start-up's info lines are gone while the process serves as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, untilReady } from '../../../bench/proc.js';
import { type GatewayProcess, spawnGateway } from './gateway-process.js';

const START_TIMEOUT_MS = 60_000;
let running: GatewayProcess | undefined;

afterEach(() => {
  if (running?.child.exitCode === null) running.child.kill('SIGKILL');
  running = undefined;
});

interface LogLine {
  msg?: string;
  level?: number;
  outcome?: string;
  operationName?: string;
}

/** The JSON lines the process wrote, once it has drained and exited (every buffered line written). */
async function linesAfterExit(gateway: GatewayProcess): Promise<LogLine[]> {
  gateway.child.kill('SIGTERM');
  expect(await gateway.exited).toBe(0);
  return gateway
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

async function post(url: string, query: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify({ query }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Ten successful operations and one refused (a syntax error). */
async function traffic(url: string): Promise<void> {
  for (let index = 0; index < 10; index += 1) expect(await post(url, `query Fine${index} { __typename }`)).toBe(200);
  expect(await post(url, 'query Broken {')).toBe(400);
}

describe('log settings on the gateway process', () => {
  it(
    'LOG_SAMPLE_OK=0 drops every successful request line and keeps the refusal',
    async () => {
      running = spawnGateway({ PORT: '0', LOG_SAMPLE_OK: '0' }, undefined, 'built');
      const url = String((await running.logLine('gateway ready')).url);
      await traffic(url);
      const requests = (await linesAfterExit(running)).filter((line) => line.msg === 'graphql request');
      expect(requests.map((line) => line.outcome)).toEqual(['refused']);
    },
    START_TIMEOUT_MS,
  );

  it(
    'LOG_SAMPLE_OK=1 (the default) keeps a line for every request',
    async () => {
      running = spawnGateway({ PORT: '0' }, undefined, 'built');
      const url = String((await running.logLine('gateway ready')).url);
      await traffic(url);
      const requests = (await linesAfterExit(running)).filter((line) => line.msg === 'graphql request');
      expect(requests.map((line) => line.outcome)).toEqual([...Array<string>(10).fill('ok'), 'refused']);
    },
    START_TIMEOUT_MS,
  );

  it(
    'LOG_LEVEL=warn writes no info line at all, and the gateway serves as before',
    async () => {
      const port = await freePort();
      running = spawnGateway({ PORT: String(port), LOG_LEVEL: 'warn' }, undefined, 'built');
      const url = `http://127.0.0.1:${port}/graphql`;
      const gateway = running;
      await untilReady(
        url.replace('/graphql', '/readyz'),
        () => gateway.child.exitCode !== null,
        () => gateway.output(),
      );
      await traffic(url);
      const lines = await linesAfterExit(running);
      expect(lines.filter((line) => (line.level ?? 0) < 40)).toEqual([]);
    },
    START_TIMEOUT_MS,
  );

  it(
    'refuses a malformed LOG_SAMPLE_OK at start, naming the variable',
    async () => {
      running = spawnGateway({ PORT: '0', LOG_SAMPLE_OK: '10%' }, undefined, 'built');
      expect(await running.exited).not.toBe(0);
      expect(running.output()).toMatch(/LOG_SAMPLE_OK must be a number from 0 to 1.*"10%"/);
    },
    START_TIMEOUT_MS,
  );
});
