/**
 * The build's last step (scripts/prime-code-cache.mjs): it leaves the built gateway's code cache
 * behind, and it never reaches a vendor that the developer's environment points at.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../support/gateway.js';
import { codeCacheEntries } from './code-cache-files.js';

const run = promisify(execFile);

let caches: string;
let vendor: Server;
let vendorRequests: string[];

beforeEach(async () => {
  caches = mkdtempSync(join(tmpdir(), 'prime-caches-'));
  vendorRequests = [];
  vendor = createServer((request, response) => {
    vendorRequests.push(`${request.method} ${request.url}`);
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
});

afterEach(async () => {
  rmSync(caches, { recursive: true, force: true });
  await new Promise((resolve) => vendor.close(resolve));
});

/** Runs the step as the build does, with `env` on top of this process's environment. */
async function prime(env: Record<string, string>): Promise<{ stderr: string; files: string[] }> {
  const { stderr } = await run(process.execPath, ['scripts/prime-code-cache.mjs'], {
    cwd: ROOT,
    env: { ...process.env, NODE_COMPILE_CACHE: caches, ...env },
  });
  return { stderr, files: codeCacheEntries(caches).map((file) => basename(file)) };
}

describe('priming the code cache', () => {
  it("leaves this Node's cache of the built bundle, spending no request on the vendors the shell names", async () => {
    const url = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
    const { stderr, files } = await prime({
      CRYPTO_API_URL: url,
      BLOCKCHAIN_API_URL: url,
      ADDRESS_API_URL: url,
      COUNTRY_API_URL: url,
      CRYPTO_API_KEY: 'a-metered-key',
      NODE_ENV: 'production',
    });
    expect(stderr).toBe('');
    expect(files).toEqual([expect.stringMatching(new RegExp(`^[0-9a-f]{64}-${process.version}-${process.arch}\\.bin$`))]);
    expect(vendorRequests).toEqual([]);
  }, 60_000);

  it('does nothing when the operator turned compile caches off', async () => {
    const { stderr, files } = await prime({ NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(stderr).toBe('');
    expect(files).toEqual([]);
  });
});
