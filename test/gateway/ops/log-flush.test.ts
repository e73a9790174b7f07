/**
 * The buffered log on real processes: request lines wait in the buffer (no write per line) but
 * none is lost. Any other line flushes the buffer at once, request lines first; a quiet buffer
 * goes out on its own within the interval; an exit (after a drain, a fatal error, an uncaught
 * exception) writes what is left; and the gateway's drain on SIGTERM ends with every request's
 * line written before its `drain finished`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../support/gateway.js';
import { type GatewayProcess, spawnGateway } from './gateway-process.js';

const TSX = pathToFileURL(createRequire(join(ROOT, 'package.json')).resolve('tsx')).href;
const LOGGER = pathToFileURL(join(ROOT, 'src/gateway/logger.ts')).href;

interface Line {
  msg: string;
  level: number;
  operationName?: string;
}

interface Script {
  child: ChildProcess;
  /** stdout so far, as parsed JSON lines. */
  lines(): Line[];
  stderr(): string;
  /** Resolves once a line with this `msg` is on stdout. */
  until(msg: string): Promise<void>;
  exited: Promise<number | null>;
}

/** Runs `body` as an ES module with `createLogger` and `hotPathLogger` imported from the gateway's logger. */
function runScript(body: string): Script {
  const source = `import { createLogger, hotPathLogger } from ${JSON.stringify(LOGGER)};\n${body}`;
  const child = spawn(process.execPath, ['--import', TSX, '--input-type=module', '-e', source], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const waiters: (() => void)[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = (): Line[] =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Line);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    stderr: () => stderr,
    exited,
    until: (msg) =>
      new Promise((resolve, reject) => {
        const look = (): void => {
          if (lines().some((line) => line.msg === msg)) resolve();
          else if (child.exitCode !== null) reject(new Error(`exited before "${msg}": ${stderr}`));
          else waiters.push(look);
        };
        child.once('exit', look);
        look();
      }),
  };
}

/** Five request lines on the hot path, then `then` (an exit of some kind). */
const FIVE_REQUEST_LINES = `
const logger = createLogger('info');
const lines = hotPathLogger(logger);
for (let index = 0; index < 5; index += 1) lines.info({ index }, 'graphql request');
`;

describe('the buffered stdout logger', () => {
  it('writes buffered request lines before the next other line, at once and in order', async () => {
    // Kept alive well past the flush interval: the prompt line must not wait for it.
    const script = runScript(`${FIVE_REQUEST_LINES} logger.info('gateway ready'); setTimeout(() => {}, 60_000);`);
    try {
      await script.until('gateway ready');
      expect(script.lines().map((line) => line.msg)).toEqual([...Array<string>(5).fill('graphql request'), 'gateway ready']);
    } finally {
      script.child.kill('SIGKILL');
    }
  });

  it('writes request lines on their own within the interval when nothing else is logged', async () => {
    const script = runScript(`${FIVE_REQUEST_LINES} lines.info('last request'); setTimeout(() => {}, 60_000);`);
    try {
      await script.until('last request');
      expect(script.lines()).toHaveLength(6);
    } finally {
      script.child.kill('SIGKILL');
    }
  });

  it('writes what is buffered when the process exits (a fatal error: process.exit(1))', async () => {
    const script = runScript(`${FIVE_REQUEST_LINES} process.exit(1);`);
    expect(await script.exited).toBe(1);
    expect(script.lines()).toHaveLength(5);
  });

  it('writes what is buffered when an uncaught exception ends the process', async () => {
    const script = runScript(`${FIVE_REQUEST_LINES} setImmediate(() => { throw new Error('a bug'); });`);
    expect(await script.exited).toBe(1);
    expect(script.stderr()).toContain('a bug');
    expect(script.lines()).toHaveLength(5);
  });
});

describe('the gateway process on SIGTERM', () => {
  /** A full start (Mesh builds four sources) on a busy two-core machine. */
  const START_TIMEOUT_MS = 150_000;
  const REQUESTS = 40;
  let gateway: GatewayProcess;
  let url: string;

  beforeAll(async () => {
    gateway = spawnGateway({ PORT: '0' });
    url = String((await gateway.logLine('gateway ready')).url);
  }, START_TIMEOUT_MS);

  afterAll(() => {
    if (gateway.child.exitCode === null) gateway.child.kill('SIGKILL');
  });

  it("has written every request's line before its drain finished", async () => {
    for (let index = 0; index < REQUESTS; index += 1) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `query Probe${index} { __typename }` }),
      });
      expect(response.status).toBe(200);
    }
    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
    const messages = gateway
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Line);
    const requests = messages.filter((line) => line.msg === 'graphql request' && line.operationName?.startsWith('Probe'));
    expect(requests.map((line) => line.operationName)).toEqual(Array.from({ length: REQUESTS }, (_, index) => `Probe${index}`));
    expect(messages.at(-1)?.msg).toBe('drain finished');
  });
});
