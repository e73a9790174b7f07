/**
 * The real process through its life: CORS by allow-list, `/readyz` reporting (but staying 200)
 * while an upstream is down and comes back, and a SIGTERM that lets a slow query finish, refuses
 * new connections and exits 0. Interface D sits behind a loopback proxy the test controls (stop, restart, delay);
 * the other three interfaces are the process's own sandboxes.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOXES } from '../../../src/sandbox/registry.js';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/sandbox-server.js';
import { type GatewayProcess, spawnGateway } from './gateway-process.js';

/** A proxy in front of the D sandbox that can be stopped and restarted on its port, and can hold requests. */
interface ControlledUpstream {
  url: string;
  delayMs: number;
  /** Resolves when the next request arrives. */
  nextRequest(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function controlledUpstream(target: string): Promise<ControlledUpstream> {
  let server: Server | undefined;
  let port = 0;
  let arrived: (() => void)[] = [];
  const control: ControlledUpstream = {
    url: '',
    delayMs: 0,
    nextRequest: () => new Promise((resolve) => arrived.push(resolve)),
    async start() {
      server = createServer((incoming, outgoing) => {
        for (const wake of arrived) wake();
        arrived = [];
        setTimeout(() => {
          const forward = httpRequest(
            new URL(incoming.url ?? '/', target),
            { method: incoming.method, headers: incoming.headers },
            (answer) => {
              outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(outgoing);
            },
          );
          incoming.pipe(forward);
        }, control.delayMs);
      });
      await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      port = address.port;
      control.url = `http://127.0.0.1:${port}`;
    },
    async stop() {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    },
  };
  await control.start();
  return control;
}

/** Generous bound for a full start (Mesh builds four sources) on a busy two-core machine. */
const START_TIMEOUT_MS = 150_000;

let sandbox: RunningSandbox;
let upstream: ControlledUpstream;
let gateway: GatewayProcess;
let base: string;

beforeAll(async () => {
  const entry = SANDBOXES.find((candidate) => candidate.upstream === 'country-data');
  if (!entry) throw new Error('no country-data sandbox');
  sandbox = await startSandbox(entry.create());
  upstream = await controlledUpstream(sandbox.url);
  gateway = spawnGateway({
    PORT: '0',
    COUNTRY_API_URL: upstream.url,
    CORS_ORIGINS: 'https://app.example',
    READINESS_CACHE_MS: '0',
    SHUTDOWN_TIMEOUT_MS: '10000',
  });
  const ready = await gateway.logLine('gateway ready');
  base = String(ready.url).replace(/\/graphql$/, '');
}, START_TIMEOUT_MS);

afterAll(async () => {
  if (gateway.child.exitCode === null) gateway.child.kill('SIGKILL');
  await upstream.stop();
  await sandbox.close();
});

const TYPENAME = '/graphql?query=%7B__typename%7D';

describe('the gateway process', () => {
  it('does not reflect an arbitrary origin with credentials', async () => {
    const response = await fetch(`${base}${TYPENAME}`, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('allows a configured origin, preflight included', async () => {
    const response = await fetch(`${base}${TYPENAME}`, { headers: { origin: 'https://app.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('vary')).toContain('Origin');
    const preflight = await fetch(`${base}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example');
  });

  it('keeps /readyz 200 while an upstream is down, naming it as degraded, and ready again when it is back; /healthz stays 200', async () => {
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    await upstream.stop();
    const down = await fetch(`${base}/readyz`);
    // One vendor down is down for every replica: pulling this one would not route around it.
    expect(down.status).toBe(200);
    const body = (await down.json()) as {
      status: string;
      degraded: string[];
      upstreams: Record<string, { ready: boolean; reason: string }>;
    };
    expect(body.status).toBe('degraded');
    expect(body.degraded).toEqual(['country-data']);
    expect(body.upstreams['country-data']?.reason).toMatch(/ECONNREFUSED|fetch failed|connect/);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await upstream.start();
    const back = await fetch(`${base}/readyz`);
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ status: 'ready' });
  });

  it('on SIGTERM lets a query behind a 3 s upstream finish, refuses new connections and exits 0', async () => {
    upstream.delayMs = 3_000;
    const held = upstream.nextRequest();
    const query = fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ country(code: "FR") { names { common } } }' }),
    });
    await held;
    gateway.child.kill('SIGTERM');
    await gateway.logLine('drain started');
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(base).port), '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    expect(refused).toBe('ECONNREFUSED');
    const response = await query;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { country: { names: { common: 'France' } } } });
    expect(await gateway.exited).toBe(0);
    expect(gateway.output()).toContain('"forced":false');
  }, 30_000);
});
