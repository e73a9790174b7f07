/**
 * Behind a real header-rewriting proxy, a WebSocket client cannot choose its address. Debian's
 * nginx runs `deploy/nginx.conf` as shipped, with only its upstream and listen address pointed at
 * loopback: it replaces X-Forwarded-For with the client's own address, and the gateway (trusting
 * loopback hops, its default) takes the caller's address from it. Clients connect from 127.0.0.2,
 * so the address nginx saw differs from the one between nginx and the gateway. `connectionParams`
 * carry credentials only: an `x-forwarded-for` (or `x-real-ip`) among them changes nothing, over
 * WebSocket as over HTTP. Skipped where nginx is not installed (.ci/run installs it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ROOT } from '../../support/gateway.js';
import { type GatewayProcess, spawnGateway } from '../ops/gateway-process.js';

const NGINX = '/usr/sbin/nginx';
const CLIENT_ADDRESS = '127.0.0.2';
const SPOOFED = '198.51.100.101';

let dataRoot: string;
let gateway: GatewayProcess;
let nginx: ChildProcess;
let proxyPort: number;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** deploy/nginx.conf as shipped, but for its upstream (the gateway on loopback), its listen address and Docker's resolver. */
function siteConfig(gatewayPort: number, port: number): string {
  const shipped = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const site = shipped
    .replace(/^resolver .*$/m, '')
    .replace('server gateway:4000 resolve;', `server 127.0.0.1:${gatewayPort};`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`);
  expect(site).not.toContain('gateway:4000');
  expect(site).toContain(`listen 127.0.0.1:${port};`);
  return site;
}

async function startNginx(gatewayPort: number): Promise<void> {
  proxyPort = await freePort();
  const prefix = join(dataRoot, 'nginx');
  mkdirSync(join(prefix, 'temp'), { recursive: true });
  writeFileSync(join(prefix, 'site.conf'), siteConfig(gatewayPort, proxyPort));
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      'master_process off;',
      'worker_processes 1;',
      `pid ${join(prefix, 'nginx.pid')};`,
      'events { worker_connections 64; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(prefix, 'temp', kind)};`),
      `  include ${join(prefix, 'site.conf')};`,
      '}',
    ].join('\n'),
  );
  nginx = spawn(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')], { stdio: 'ignore' });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const answer = await fetch(`http://127.0.0.1:${proxyPort}/healthz`).catch(() => undefined);
    if (answer?.ok) return;
    await sleep(50);
  }
  throw new Error(`nginx did not answer on ${proxyPort}: ${readFileSync(join(prefix, 'error.log'), 'utf8')}`);
}

const available = existsSync(NGINX);

beforeAll(async () => {
  if (!available) return;
  dataRoot = mkdtempSync(join(tmpdir(), 'ws-proxy-'));
  gateway = spawnGateway({ PORT: '0', SANDBOX_DATA_DIR: join(dataRoot, 'sandboxes') }, ROOT);
  const ready = await gateway.logLine('gateway ready');
  await startNginx(Number(new URL(String(ready.url)).port));
}, 90_000);

afterAll(() => {
  nginx?.kill('SIGKILL');
  if (gateway?.child.exitCode === null) gateway.child.kill('SIGKILL');
  if (dataRoot) rmSync(dataRoot, { recursive: true, force: true });
});

/** `{ visitor { ip } }` over graphql-ws through nginx, from CLIENT_ADDRESS, with these connection params. */
async function ipOverWebSocket(connectionParams: Record<string, string>): Promise<unknown> {
  class FromClientAddress extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { localAddress: CLIENT_ADDRESS });
    }
  }
  const client = createClient({
    url: `ws://127.0.0.1:${proxyPort}/graphql`,
    webSocketImpl: FromClientAddress,
    retryAttempts: 0,
    connectionParams,
  });
  try {
    for await (const result of client.iterate({ query: '{ visitor { ip } }' })) return result;
    return undefined;
  } finally {
    await client.dispose();
  }
}

describe.skipIf(!available)('behind nginx (deploy/nginx.conf)', () => {
  it('over HTTP, the address is the one nginx saw, whatever X-Forwarded-For the client sends', async () => {
    const { request } = await import('node:http');
    const answer = await new Promise<string>((resolve, reject) => {
      const body = JSON.stringify({ query: '{ visitor { ip } }' });
      const outgoing = request(
        {
          host: '127.0.0.1',
          port: proxyPort,
          path: '/graphql',
          method: 'POST',
          localAddress: CLIENT_ADDRESS,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': SPOOFED },
        },
        (incoming) => {
          let text = '';
          incoming.on('data', (chunk: Buffer) => (text += chunk.toString()));
          incoming.on('end', () => resolve(text));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
    expect(JSON.parse(answer)).toEqual({ data: { visitor: { ip: CLIENT_ADDRESS } } });
  });

  it('over WebSocket, connectionParams cannot name another address', async () => {
    expect(await ipOverWebSocket({})).toEqual({ data: { visitor: { ip: CLIENT_ADDRESS } } });
    const spoofs: Record<string, string>[] = [
      { 'x-forwarded-for': SPOOFED },
      { 'X-Forwarded-For': `${SPOOFED}, ${CLIENT_ADDRESS}` },
      { 'x-real-ip': SPOOFED },
      { forwarded: `for=${SPOOFED}` },
    ];
    for (const params of spoofs) {
      expect(await ipOverWebSocket(params), JSON.stringify(params)).toEqual({ data: { visitor: { ip: CLIENT_ADDRESS } } });
    }
    expect(gateway.child.exitCode).toBeNull();
  });

  it("forwards nothing but the gateway's own paths", async () => {
    for (const path of ['/graphql/', '/x/graphql', '/metrics', '/']) {
      expect((await fetch(`http://127.0.0.1:${proxyPort}${path}`, { method: 'POST' })).status, path).toBe(404);
    }
  });
});
