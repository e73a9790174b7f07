/**
 * Configuration that fails fast, tested on the real process: every bad variable named at once,
 * `.env` read (real variables winning), a busy port one line — all before the slow start.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnGateway } from './gateway-process.js';

/** Generous: the process must fail long before Mesh would have loaded (tens of seconds). */
const FAILS_WITHIN_MS = 8_000;

let busy: Server;
let busyPort: number;
let dir: string;

beforeAll(async () => {
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  const address = busy.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  busyPort = address.port;
  dir = mkdtempSync(join(tmpdir(), 'gateway-env-'));
});

afterAll(async () => {
  await new Promise((resolve) => busy.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function failure(env: Record<string, string>, cwd?: string): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  const gateway = spawnGateway(env, cwd);
  const code = await gateway.exited;
  return { code, output: gateway.output().trim(), ms: Date.now() - started };
}

describe('start-up configuration', () => {
  it('names every bad variable at once, with what was expected and what came, and exits 1 fast', async () => {
    const { code, output, ms } = await failure({
      PORT: 'eighty',
      HOST: 'not a host',
      COUNTRY_API_URL: 'ftp://example.com',
      SHUTDOWN_TIMEOUT_MS: 'soon',
      CORS_ORIGINS: 'https://ok.example,evil',
    });
    expect(code).toBe(1);
    expect(ms).toBeLessThan(FAILS_WITHIN_MS);
    expect(output).toContain('PORT must be a port number from 0 to 65535, got "eighty"');
    expect(output).toContain('HOST must be an IP address or a host name');
    expect(output).toContain('got "not a host"');
    expect(output).toContain('COUNTRY_API_URL must be an http(s) URL, got "ftp://example.com"');
    expect(output).toContain('SHUTDOWN_TIMEOUT_MS must be a whole number of at least 0, got "soon"');
    expect(output).toContain('CORS_ORIGINS must be a comma-separated list of origins');
    expect(output).toContain('got "evil"');
  });

  it('reports a busy port in one line and exits 1 before the slow start', async () => {
    const { code, output, ms } = await failure({ PORT: String(busyPort), HOST: '127.0.0.1' });
    expect(code).toBe(1);
    expect(ms).toBeLessThan(FAILS_WITHIN_MS);
    expect(output).toBe(`PORT ${busyPort} is already in use on 127.0.0.1`);
  });

  it('reads PORT from .env in the working directory', async () => {
    writeFileSync(join(dir, '.env'), `# test\nPORT=${busyPort}\n`);
    const { code, output } = await failure({}, dir);
    expect(code).toBe(1);
    expect(output).toBe(`PORT ${busyPort} is already in use on 127.0.0.1`);
  });

  it('lets a real environment variable win over .env', async () => {
    writeFileSync(join(dir, '.env'), `PORT=${busyPort}\nSHUTDOWN_TIMEOUT_MS=later\n`);
    const { code, output } = await failure({ PORT: 'real', SHUTDOWN_TIMEOUT_MS: '5' }, dir);
    expect(code).toBe(1);
    expect(output).toBe('Invalid configuration:\n  PORT must be a port number from 0 to 65535, got "real"');
  });
});
