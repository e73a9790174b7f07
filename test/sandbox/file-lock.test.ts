/** The cross-process lock file behind the sandboxes' stores: waiting, stale locks, time-outs. */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withFileLock } from '../../src/sandbox/file-lock.js';

let folder: string;
let lockPath: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'file-lock-'));
  lockPath = join(folder, 'document.json.lock');
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** The id of a process that has exited, as a crashed holder's would be. */
function deadPid(): number {
  const pid = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
  return Number(pid);
}

/** Runs `holders` tasks under the lock at once; answers the most that were ever inside together. */
async function overlapOf(holders: number): Promise<number> {
  let inside = 0;
  let most = 0;
  const tasks = Array.from({ length: holders }, () =>
    withFileLock(lockPath, async () => {
      inside += 1;
      most = Math.max(most, inside);
      await sleep(2);
      inside -= 1;
    }),
  );
  await Promise.all(tasks);
  return most;
}

describe('withFileLock', () => {
  it('runs one holder at a time and leaves nothing behind', async () => {
    expect(await overlapOf(8)).toBe(1);
    expect(await readdir(folder)).toEqual([]);
  });

  it('releases the lock when the task fails', async () => {
    await expect(withFileLock(lockPath, () => Promise.reject(new Error('task failed')))).rejects.toThrow('task failed');
    expect(await readdir(folder)).toEqual([]);
  });

  it('takes over at once a lock whose holder process is gone', async () => {
    await writeFile(lockPath, JSON.stringify({ pid: deadPid(), host: hostname(), token: 'crashed' }));
    expect(await withFileLock(lockPath, async () => 'taken', { timeoutMs: 1000 })).toBe('taken');
    expect(await readdir(folder)).toEqual([]);
  });

  it('lets only one of many waiters break a stale lock, so they still take turns', async () => {
    await writeFile(lockPath, JSON.stringify({ pid: deadPid(), host: hostname(), token: 'crashed' }));
    expect(await overlapOf(8)).toBe(1);
    expect(await readdir(folder)).toEqual([]);
  });

  it('takes over a lock older than staleMs whose holder cannot be checked', async () => {
    await writeFile(lockPath, '');
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(lockPath, longAgo, longAgo);
    expect(await withFileLock(lockPath, async () => 'taken', { staleMs: 10_000, timeoutMs: 1000 })).toBe('taken');
  });

  it('waits for a live holder, and names it when it gives up', async () => {
    await writeFile(lockPath, JSON.stringify({ pid: process.pid, host: hostname(), token: 'alive', since: Date.now() }));
    await expect(withFileLock(lockPath, async () => 'taken', { timeoutMs: 100 })).rejects.toThrow(
      `held by process ${process.pid} on ${hostname()}`,
    );
    // Still the live holder's lock.
    expect(await readdir(folder)).toEqual(['document.json.lock']);
  });
});
