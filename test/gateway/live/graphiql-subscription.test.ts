/**
 * GraphiQL runs a subscription in a real browser (Debian's Chromium via playwright-core) and
 * shows its events as they come. The blockchain sandbox's clock runs an hour a second, so its
 * oracle (one reading an hour) moves between two polls and every poll is a new event. Without
 * Chromium the test is skipped, except in CI, whose .ci/run installs it.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewaySchema } from '../../../src/gateway/build-schema.js';
import { DEFAULT_LIVE_SETTINGS } from '../../../src/gateway/live/live-settings.js';
import { createGateway } from '../../../src/gateway/server.js';
import { SANDBOXES } from '../../../src/sandbox/registry.js';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/sandbox-server.js';
import { ROOT } from '../../support/gateway.js';
import { sandboxUpstreams } from '../../support/vendors.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI) throw new Error(`CI must install Chromium at ${CHROMIUM} (see .ci/run)`);

const SUBSCRIPTION = 'subscription LiveStablecoin { stablecoinState { reserveRatio sigUsdPriceInErg } }';
/** How much faster the sandbox's clock runs: one oracle epoch (an hour) each real second. */
const CLOCK_SPEED = 3_600;

let server: Server;
let address: string;
let sandboxes: RunningSandbox[] = [];
let destroy: () => void = () => undefined;
const dataRoot = mkdtempSync(join(tmpdir(), 'graphiql-live-test-'));

beforeAll(async () => {
  if (!haveChromium) return;
  const started = Date.now();
  const fastClock = (): Date => new Date(started + (Date.now() - started) * CLOCK_SPEED);
  sandboxes = await Promise.all(
    SANDBOXES.map((entry) =>
      startSandbox(
        entry.create({ dataDir: join(dataRoot, entry.upstream), ...(entry.upstream === 'blockchain-utility' ? { clock: fastClock } : {}) }),
      ),
    ),
  );
  const built = await buildGatewaySchema(ROOT);
  destroy = built.destroy;
  const upstreams = sandboxUpstreams(sandboxes);
  // No cache, and a poll a second: every poll reaches the sandbox and sees a new oracle reading.
  const live = { settings: { ...DEFAULT_LIVE_SETTINGS, intervalsMs: { ...DEFAULT_LIVE_SETTINGS.intervalsMs, stablecoin: 1_000 } } };
  server = createServer(createGateway({ schema: built.schema, upstreams, upstreamTimeoutMs: 10_000, cacheTtlMs: 0, live }));
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

describe.skipIf(!haveChromium)('a subscription in GraphiQL', () => {
  it('shows event after event in the result pane', { timeout: 90_000 }, async () => {
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
      // GraphiQL takes its first query from the address, as its share links do.
      await page.goto(`${address}/graphql?query=${encodeURIComponent(SUBSCRIPTION)}`, { waitUntil: 'load' });
      await page.waitForSelector('.graphiql-container', { timeout: 20_000 });
      await expect.poll(() => page.locator('.graphiql-query-editor').innerText(), { timeout: 20_000 }).toContain('LiveStablecoin');
      await page.locator('.graphiql-execute-button').click();
      const shown = new Set<string>();
      await expect
        .poll(
          async () => {
            const text = await page.locator('.graphiql-response').innerText();
            if (/"reserveRatio":/.test(text)) shown.add(text.replace(/\s+/g, ' '));
            return shown.size;
          },
          { timeout: 60_000, interval: 100 },
        )
        .toBeGreaterThanOrEqual(2);
      expect([...shown].every((text) => !text.includes('"errors"'))).toBe(true);
    } finally {
      await browser.close();
    }
  });
});
