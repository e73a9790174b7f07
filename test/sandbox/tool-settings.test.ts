/** The variables of `npm run sandbox`: ports, data directory, and the errors bad values give. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SANDBOXES } from '../../src/sandbox/registry.js';
import { prepareDataDir, readSandboxSettings, sandboxDataDir, sandboxPort, SandboxSettingError } from '../../src/sandbox/tool-settings.js';

function portsFor(env: NodeJS.ProcessEnv): number[] {
  const { basePort } = readSandboxSettings(env);
  return SANDBOXES.map((entry) => sandboxPort(entry, basePort));
}

describe('SANDBOX_BASE_PORT', () => {
  it('keeps the fixed ports 4101..4104 for A, B, C, D when unset or empty', () => {
    expect(SANDBOXES.map((entry) => entry.upstream)).toEqual(['crypto-analytics', 'blockchain-utility', 'address', 'country-data']);
    expect(portsFor({})).toEqual([4101, 4102, 4103, 4104]);
    expect(portsFor({ SANDBOX_BASE_PORT: ' ' })).toEqual([4101, 4102, 4103, 4104]);
  });

  it('gives every sandbox a free port with 0, and N+1..N+4 with N', () => {
    expect(portsFor({ SANDBOX_BASE_PORT: '0' })).toEqual([0, 0, 0, 0]);
    expect(portsFor({ SANDBOX_BASE_PORT: '5000' })).toEqual([5001, 5002, 5003, 5004]);
    expect(portsFor({ SANDBOX_BASE_PORT: '65531' })).toEqual([65532, 65533, 65534, 65535]);
  });

  it.each(['-1', '4.5', 'abc', '0x10', '65532', '1e3'])('refuses %j, naming the variable', (value) => {
    expect(() => readSandboxSettings({ SANDBOX_BASE_PORT: value })).toThrow(SandboxSettingError);
    expect(() => readSandboxSettings({ SANDBOX_BASE_PORT: value })).toThrow(/^SANDBOX_BASE_PORT must be .*, got "/);
  });
});

describe('SANDBOX_DATA_DIR', () => {
  it('leaves each sandbox its default when unset, else gives each a sub-folder of an absolute path', () => {
    const unset = readSandboxSettings({ SANDBOX_DATA_DIR: '' });
    expect(SANDBOXES.map((entry) => sandboxDataDir(unset, entry))).toEqual([undefined, undefined, undefined, undefined]);
    const set = readSandboxSettings({ SANDBOX_DATA_DIR: 'state' }, '/srv/sandbox');
    expect(set.dataDir).toBe('/srv/sandbox/state');
    expect(SANDBOXES.map((entry) => sandboxDataDir(set, entry))).toEqual([
      '/srv/sandbox/state/crypto-analytics',
      '/srv/sandbox/state/blockchain-utility',
      '/srv/sandbox/state/address',
      '/srv/sandbox/state/country-data',
    ]);
  });

  it('creates a missing directory, and refuses a path that cannot hold one, naming the variable', async () => {
    const root = await mkdtemp(join(tmpdir(), 'tool-settings-'));
    try {
      await prepareDataDir(join(root, 'new', 'state'));
      const file = join(root, 'a-file');
      await writeFile(file, '');
      await expect(prepareDataDir(file)).rejects.toThrow(`SANDBOX_DATA_DIR: cannot keep state in "${file}"`);
      await expect(prepareDataDir(join(file, 'below'))).rejects.toThrow(SandboxSettingError);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
