/**
 * `npm run sandbox` as peers drive it: a real process on free ports over a temporary data
 * directory, read through its one JSON line, called once per interface with the registry's
 * keys, and stopped with SIGTERM. Bad variables end it at once with one line naming them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOXES, type SandboxUpstream } from '../../src/sandbox/registry.js';

const ROOT = join(import.meta.dirname, '..', '..');

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sandbox-tool-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function startTool(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`the sandbox tool exited with ${code} before listening`)));
  });
}

function credentialsOf(upstream: SandboxUpstream): { key?: string; userToken?: string } {
  return SANDBOXES.find((entry) => entry.upstream === upstream)!.credentials;
}

/** One real operation per interface, authenticated as each vendor documents. */
const CALLS: Record<SandboxUpstream, (url: string) => Promise<Response>> = {
  'crypto-analytics': (url) => fetch(`${url}/v1/tokens?limit=1`, { headers: { api_key: credentialsOf('crypto-analytics').key! } }),
  'blockchain-utility': (url) => fetch(`${url}/stablecoin/info`),
  address: (url) => fetch(`${url}/postcodes/SW1A2AA?api_key=${credentialsOf('address').key!}`),
  'country-data': (url) =>
    fetch(`${url}/countries/v5?q=france&limit=1`, { headers: { authorization: `Bearer ${credentialsOf('country-data').key!}` } }),
};

describe('npm run sandbox', () => {
  it('prints one JSON line of four URLs on free ports, serves each interface, keeps state in SANDBOX_DATA_DIR, stops on SIGTERM', async () => {
    const tool = startTool({ SANDBOX_BASE_PORT: '0', SANDBOX_DATA_DIR: dataDir });
    const result = exited(tool);
    let line = '';
    try {
      line = await firstLine(tool);
      const urls = JSON.parse(line) as Record<SandboxUpstream, string>;
      expect(Object.keys(urls)).toEqual(['crypto-analytics', 'blockchain-utility', 'address', 'country-data']);
      for (const url of Object.values(urls)) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(new Set(Object.values(urls)).size).toBe(4);
      for (const upstream of Object.keys(CALLS) as SandboxUpstream[]) {
        const response = await CALLS[upstream](urls[upstream]);
        expect({ upstream, status: response.status }).toEqual({ upstream, status: 200 });
        expect(await response.text()).not.toBe('');
      }
      expect(existsSync(join(dataDir, 'blockchain-utility', 'chain-state.json'))).toBe(true);
    } finally {
      tool.kill('SIGTERM');
    }
    const { code, stdout } = await result;
    expect(code).toBe(0);
    // The JSON line is all of stdout; the log lines went to stderr.
    expect(stdout).toBe(`${line}\n`);
  }, 60_000);

  it('exits 1 with one line naming the variable when a value is bad', async () => {
    const notADirectory = join(dataDir, 'a-file');
    await writeFile(notADirectory, '');
    const [badPort, badDir] = await Promise.all([
      exited(startTool({ SANDBOX_BASE_PORT: 'abc' })),
      exited(startTool({ SANDBOX_BASE_PORT: '0', SANDBOX_DATA_DIR: notADirectory })),
    ]);
    for (const [run, variable] of [
      [badPort, 'SANDBOX_BASE_PORT'],
      [badDir, 'SANDBOX_DATA_DIR'],
    ] as const) {
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      const lines = run.stderr.split('\n').filter((line) => line !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^${variable}\\b`));
    }
  }, 60_000);
});
