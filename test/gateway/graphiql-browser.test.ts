/**
 * GraphiQL in a real browser (Debian's Chromium, driven by playwright-core): it renders from the
 * package alone, opens with the example query, and runs it. Without Chromium on the machine the
 * test is skipped, except in CI, whose .ci/run installs it.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewaySchema } from '../../src/gateway/build-schema.js';
import { SANDBOXES } from '../../src/sandbox/registry.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/sandbox-server.js';
import { createGateway } from '../../src/gateway/server.js';
import { ROOT } from '../support/gateway.js';
import { sandboxUpstreams } from '../support/vendors.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI) throw new Error(`CI must install Chromium at ${CHROMIUM} (see .ci/run)`);

let server: Server;
let address: string;
let sandboxes: RunningSandbox[] = [];
let destroy: () => void = () => undefined;
const dataRoot = mkdtempSync(join(tmpdir(), 'graphiql-test-'));

beforeAll(async () => {
  if (!haveChromium) return;
  sandboxes = await Promise.all(SANDBOXES.map((entry) => startSandbox(entry.create({ dataDir: join(dataRoot, entry.upstream) }))));
  const built = await buildGatewaySchema(ROOT);
  destroy = built.destroy;
  const upstreams = sandboxUpstreams(sandboxes);
  server = createServer(createGateway({ schema: built.schema, upstreams, upstreamTimeoutMs: 10_000, cacheTtlMs: 60_000 }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (!haveChromium) return;
  server.closeAllConnections();
  server.close();
  destroy();
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  rmSync(dataRoot, { recursive: true, force: true });
});

describe.skipIf(!haveChromium)('GraphiQL in Chromium', () => {
  it('renders offline, opens with the example query and runs it', async () => {
    const browser = await chromium.launch({
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
    try {
      const page = await browser.newPage();
      const offLoopback: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return;
        if (url.hostname !== '127.0.0.1') offLoopback.push(request.url());
      });
      await page.goto(`${address}/graphql`, { waitUntil: 'load' });
      await page.waitForSelector('.graphiql-container', { timeout: 20_000 });
      await expect.poll(() => page.locator('.graphiql-query-editor').innerText(), { timeout: 20_000 }).toContain('FranceAtAGlance');
      await page.locator('.graphiql-execute-button').click();
      await expect.poll(() => page.locator('.graphiql-response').innerText(), { timeout: 20_000 }).toMatch(/"common":\s*"France"/);
      expect(offLoopback).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
