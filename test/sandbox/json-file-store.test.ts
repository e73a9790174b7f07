/**
 * The shared JSON store of B and C across processes: two processes writing one data directory
 * lose no acknowledged write, and temporary files a crashed writer left are removed at start.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAddressSandbox } from '../../src/sandbox/address/index.js';
import type { Config } from '../../src/sandbox/address/types.js';
import { createBlockchainUtilitySandbox } from '../../src/sandbox/blockchain-utility/index.js';
import { JsonFileStore } from '../../src/sandbox/json-file-store.js';

const WRITER = join(import.meta.dirname, 'fixtures', 'config-writer.ts');
const WRITES_EACH = 100;

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'json-file-store-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function nextMessage(child: ChildProcess): Promise<unknown> {
  return new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`writer exited with ${code} before answering`)));
  });
}

describe('JsonFileStore across processes', () => {
  it('keeps every acknowledged write of two processes changing one file at the same time', async () => {
    const writers = ['first', 'second'].map((name) =>
      fork(WRITER, [dataDir, name, String(WRITES_EACH)], { execArgv: ['--import', 'tsx'], stdio: 'inherit' }),
    );
    try {
      // Both load first, then start together, so their writes interleave.
      await Promise.all(writers.map(nextMessage));
      const reports = writers.map(nextMessage);
      for (const writer of writers) writer.send('go');
      expect(await Promise.all(reports)).toEqual([{ acknowledged: WRITES_EACH }, { acknowledged: WRITES_EACH }]);
    } finally {
      for (const writer of writers) writer.kill();
    }
    const stored = JSON.parse(await readFile(join(dataDir, 'configs.json'), 'utf8')) as Record<string, Config[]>;
    const names = new Set(stored.ak_shared?.map((config) => config.name));
    const expected = ['first', 'second'].flatMap((writer) => Array.from({ length: WRITES_EACH }, (_, n) => `${writer}-${n}`));
    expect(expected.filter((name) => !names.has(name))).toEqual([]);
    expect(names.size).toBe(2 * WRITES_EACH);
    expect(await readdir(dataDir)).toEqual(['configs.json']);
  }, 60_000);

  it('removes the temporary files a crashed writer left when a sandbox starts on the directory', async () => {
    const leftovers = [
      join(dataDir, 'address', 'configs.json.4242.7.tmp'),
      join(dataDir, 'blockchain-utility', 'chain-state.json.4242.1.tmp'),
    ];
    // Not a temporary file of either store: it stays.
    const kept = join(dataDir, 'address', 'notes.tmp');
    await mkdir(join(dataDir, 'address'));
    await mkdir(join(dataDir, 'blockchain-utility'));
    await Promise.all([...leftovers, kept].map((file) => writeFile(file, '{"half":')));

    createAddressSandbox({ dataDir: join(dataDir, 'address') });
    createBlockchainUtilitySandbox({ dataDir: join(dataDir, 'blockchain-utility') });

    await vi.waitFor(() => expect(leftovers.filter(existsSync)).toEqual([]));
    expect(existsSync(kept)).toBe(true);
  });

  it('writes nothing when a change throws or changes nothing', async () => {
    const file = join(dataDir, 'document.json');
    const store = new JsonFileStore<{ count: number }>(file, () => ({ count: 0 }));
    await expect(
      store.update((document) => {
        document.count += 1;
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(existsSync(file)).toBe(false);
    await store.update((document) => (document.count = 1));
    const written = await readFile(file, 'utf8');
    await store.update(() => undefined);
    expect(await readFile(file, 'utf8')).toBe(written);
    expect(await store.read()).toEqual({ count: 1 });
  });
});
