/**
 * A lock shared by every process on this machine: a lock file created with `open(…, 'wx')`,
 * which the file system lets exactly one process create. The holder removes it when done.
 *
 * A holder that died leaves its lock file behind, so a lock is stale when its holder's process
 * is gone (same host, checked with signal 0), or when the file is older than `staleMs` (a holder
 * keeps it for one read-modify-write, milliseconds; the age rule covers other hosts and reused
 * process ids). Breaking a stale lock is itself arbitrated: only the process that creates
 * `<lock>.<identity>.break` (identity: inode and nanosecond mtime) may remove that very lock
 * file, and it removes it only after checking the lock path still names that file. A dead
 * holder cannot release its lock, so a fresh lock is never removed in its place; only a live
 * holder that outstays `staleMs` can lose its lock.
 */
import { randomUUID } from 'node:crypto';
import { open, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { unlessMissing } from './missing-file.js';

export interface FileLockOptions {
  /** Age after which a lock whose holder cannot be checked counts as abandoned (default 10 s). */
  staleMs?: number;
  /** How long to wait for the lock before failing (default 30 s). */
  timeoutMs?: number;
}

interface Holder {
  pid: number;
  host: string;
  token: string;
  /** When it was taken, by the holder's clock (ms since the epoch). */
  since?: number;
}

const HOST = hostname();

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** One lock file as found: who holds it, and which file it is (a recreated lock is another file). */
interface LockFile {
  holder: Holder | undefined;
  identity: string;
  ageMs: number;
}

/** Reads the lock file through one handle, so holder and identity belong to the same file. */
async function inspect(lockPath: string): Promise<LockFile | undefined> {
  const handle = await unlessMissing(() => open(lockPath, 'r'));
  if (!handle) return undefined;
  try {
    const info = await handle.stat({ bigint: true });
    const text = await handle.readFile('utf8');
    let holder: Holder | undefined;
    try {
      holder = text ? (JSON.parse(text) as Holder) : undefined;
    } catch {
      // Its holder died between creating and filling it; only its age can tell.
    }
    // The holder's own timestamp, on the same clock as ours: the file's mtime is the kernel's, which
    // a moved process clock (libfaketime in CI, a container's) does not follow.
    const since = typeof holder?.since === 'number' ? holder.since : Number(info.mtimeMs);
    return { holder, identity: `${info.ino}-${info.mtimeNs}`, ageMs: Date.now() - since };
  } finally {
    await handle.close();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return errorCode(error) === 'EPERM';
  }
}

function isStale({ holder, ageMs }: LockFile, staleMs: number): boolean {
  if (holder && holder.host === HOST && !isAlive(holder.pid)) return true;
  return ageMs > staleMs;
}

/** Creates `path` if no one else has; answers whether this call did. */
async function tryCreate(path: string, holder: Holder): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, 'wx');
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(JSON.stringify({ ...holder, since: Date.now() }));
  } finally {
    await handle.close();
  }
  return true;
}

/** Removes the stale lock file `stale`, unless another process is already doing so. */
async function breakStale(lockPath: string, stale: LockFile, staleMs: number): Promise<void> {
  const breaker = `${lockPath}.${stale.identity}.break`;
  if (!(await tryCreate(breaker, { pid: process.pid, host: HOST, token: randomUUID() }))) {
    // A breaker that died mid-way would block everyone; its marker ages out like a lock.
    const marker = await inspect(breaker);
    if (marker && isStale(marker, staleMs)) await unlessMissing(() => unlink(breaker));
    return;
  }
  try {
    if ((await inspect(lockPath))?.identity === stale.identity) await unlessMissing(() => unlink(lockPath));
  } finally {
    await unlessMissing(() => unlink(breaker));
  }
}

/** Runs `task` while holding the lock file `lockPath` (its folder must exist). */
export async function withFileLock<T>(lockPath: string, task: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const staleMs = options.staleMs ?? 10_000;
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  const mine: Holder = { pid: process.pid, host: HOST, token: randomUUID() };
  let pause = 1;
  while (!(await tryCreate(lockPath, mine))) {
    const found = await inspect(lockPath);
    if (found && isStale(found, staleMs)) {
      await breakStale(lockPath, found, staleMs);
    } else if (found && Date.now() > deadline) {
      const who = found.holder ? `process ${found.holder.pid} on ${found.holder.host}` : 'another process';
      throw new Error(`Timed out waiting for ${lockPath}, held by ${who}`);
    }
    // Jittered back-off, so waiting processes do not retry in step.
    await sleep(pause * (0.5 + Math.random()));
    pause = Math.min(pause * 2, 50);
  }
  try {
    return await task();
  } finally {
    // If our lock was broken as stale meanwhile, the file is someone else's now.
    if ((await inspect(lockPath))?.holder?.token === mine.token) await unlessMissing(() => unlink(lockPath));
  }
}
