/**
 * A real browser (Debian's Chromium, driven by playwright-core, as the GraphiQL test) reuses the
 * gateway's cached answers: a repeated GET is served from Chromium's HTTP cache without reaching
 * the gateway, a revalidation gets a 304 that Chromium turns back into the full answer, and a POST
 * is never reused. Without Chromium the test is skipped, except in CI, whose .ci/run installs it.
 *
 * The page comes from a second loopback server, allowed by the gateway's `corsOrigins`, and calls
 * the gateway with `fetch`. A page of its own origin is needed: Chromium keys its HTTP cache by the
 * top-level site, and a data: or about:blank page has an opaque origin whose entries it never
 * reuses, so such a page would show no browser caching whatever the gateway answered.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildGatewaySchema } from '../../../src/gateway/build-schema.js';
import { createGatewayServer } from '../../../src/gateway/server.js';
import { SANDBOXES } from '../../../src/sandbox/registry.js';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/sandbox-server.js';
import { ROOT } from '../../support/gateway.js';
import { sandboxUpstreams } from '../../support/vendors.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI) throw new Error(`CI must install Chromium at ${CHROMIUM} (see .ci/run)`);

/** What the page's fetch hands back to the test. */
interface Fetched {
  status: number;
  body: string;
  cacheControl: string | null;
}

let gatewayServer: Server;
let pageServer: Server;
let gatewayUrl: string;
let pageUrl: string;
let sandboxes: RunningSandbox[] = [];
let destroy: () => void = () => undefined;
let browser: Browser | undefined;
let page: Page;
const dataRoot = mkdtempSync(join(tmpdir(), 'browser-cache-'));

/** Each request that reached the gateway's listener, as `METHOD status`, CORS preflights left out. */
const reachedGateway: string[] = [];

function counted(listener: RequestListener): RequestListener {
  return (request, response) => {
    if (request.method !== 'OPTIONS') {
      response.on('finish', () => reachedGateway.push(`${request.method ?? ''} ${response.statusCode}`));
    }
    listener(request, response);
  };
}

const countryData = (): RunningSandbox =>
  sandboxes[SANDBOXES.findIndex((entry) => entry.upstream === 'country-data')] ?? expect.fail('no sandbox D');
const vendorCalls = (): number => countryData().requests.length;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Fetches from inside the page, so Chromium's own network stack and HTTP cache decide. */
async function fetchInPage(url: string, init: { method?: string; cache?: RequestCache; body?: string } = {}): Promise<Fetched> {
  return page.evaluate(
    async ({ url, init }) => {
      const headers: Record<string, string> = { accept: 'application/graphql-response+json' };
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(url, { ...init, headers });
      return { status: response.status, body: await response.text(), cacheControl: response.headers.get('cache-control') };
    },
    { url, init },
  );
}

const getUrl = (query: string): string => `${gatewayUrl}/graphql?query=${encodeURIComponent(query)}`;
const dataOf = (fetched: Fetched): unknown => (JSON.parse(fetched.body) as { data?: unknown }).data;

beforeAll(async () => {
  if (!haveChromium) return;
  sandboxes = await Promise.all(SANDBOXES.map((entry) => startSandbox(entry.create({ dataDir: join(dataRoot, entry.upstream) }))));
  const built = await buildGatewaySchema(ROOT);
  destroy = built.destroy;
  pageServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>a frontend</title>');
  });
  pageUrl = `${await listen(pageServer)}/`;
  const gateway = createGatewayServer({
    schema: built.schema,
    upstreams: sandboxUpstreams(sandboxes),
    upstreamTimeoutMs: 10_000,
    // The upstream cache off: a request that reaches the gateway but not D was answered whole.
    cacheTtlMs: 0,
    metrics: false,
    corsOrigins: [new URL(pageUrl).origin],
    operationCache: { maxBytes: 1_000_000 },
  });
  gatewayServer = createServer(counted(gateway.listener));
  gatewayUrl = await listen(gatewayServer);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  page = await browser.newPage();
  await page.goto(pageUrl, { waitUntil: 'load' });
});

afterAll(async () => {
  if (!haveChromium) return;
  await browser?.close();
  gatewayServer.closeAllConnections();
  pageServer.closeAllConnections();
  await Promise.all([gatewayServer, pageServer].map((server) => new Promise((resolve) => server.close(resolve))));
  destroy();
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  rmSync(dataRoot, { recursive: true, force: true });
});

beforeEach(() => {
  reachedGateway.length = 0;
  for (const sandbox of sandboxes) sandbox.requests.length = 0;
});

describe.skipIf(!haveChromium)('Chromium and the cached answers', () => {
  it('reuses a GET answer from its cache, then revalidates it with a 304 and still reads the whole answer', async () => {
    const url = getUrl('{ country(code: "NO") { names { common } } }');
    const first = await fetchInPage(url);
    expect(first.status).toBe(200);
    expect(first.cacheControl).toBe('public, max-age=86400');
    expect(dataOf(first)).toEqual({ country: { names: { common: 'Norway' } } });

    const second = await fetchInPage(url);
    expect(second.status).toBe(200);
    expect(second.body).toBe(first.body);
    expect(reachedGateway).toEqual(['GET 200']);
    expect(vendorCalls()).toBe(1);

    const revalidated = await fetchInPage(url, { cache: 'no-cache' });
    expect(reachedGateway).toEqual(['GET 200', 'GET 304']);
    expect(revalidated.status).toBe(200);
    expect(revalidated.body).toBe(first.body);
    expect(vendorCalls()).toBe(1);
  });

  it('never reuses a POST: each one reaches the gateway, which answers it from its own cache', async () => {
    const body = JSON.stringify({ query: '{ country(code: "SE") { names { common } } }' });
    const first = await fetchInPage(`${gatewayUrl}/graphql`, { method: 'POST', body });
    const second = await fetchInPage(`${gatewayUrl}/graphql`, { method: 'POST', body });
    expect(reachedGateway).toEqual(['POST 200', 'POST 200']);
    expect(dataOf(second)).toEqual(dataOf(first));
    expect(dataOf(first)).toEqual({ country: { names: { common: 'Sweden' } } });
    expect(vendorCalls()).toBe(1);
  });

  it('leaves the gateway serving once the browser has gone', async () => {
    await browser?.close();
    const response = await fetch(getUrl('{ country(code: "FI") { names { common } } }'), {
      headers: { accept: 'application/graphql-response+json' },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data?: unknown }).data).toEqual({ country: { names: { common: 'Finland' } } });
  });
});
