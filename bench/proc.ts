/**
 * Gateways as black-box processes: start one pinned to a core in its own process group, wait for
 * its first answered query, find the process that serves its port, read that process's memory,
 * stop the whole group.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';

/** Whether `taskset` can pin processes here (Linux with util-linux and at least two cores). */
export function canPin(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Pins this process (and the threads it starts later) to the given cores, e.g. "0". */
export function pinSelf(cores: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cores, String(process.pid)], { stdio: 'ignore' });
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export interface Started {
  name: string;
  child: ChildProcess;
  /** The last lines the process printed, for the error message when it fails. */
  output(): string;
  stop(): Promise<void>;
}

/** Runs a shell command in its own process group, pinned to `cores` when given. */
export function startProcess(name: string, command: string, options: { cwd: string; env: NodeJS.ProcessEnv; cores?: string }): Started {
  const argv = options.cores ? ['taskset', '-c', options.cores, 'sh', '-c', command] : ['sh', '-c', command];
  const child = spawn(argv[0] as string, argv.slice(1), {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer): void => {
    lines.push(...chunk.toString().split('\n'));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    child,
    output: () => lines.filter(Boolean).slice(-30).join('\n'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      const group = -child.pid;
      const signal = (sig: NodeJS.Signals): void => {
        try {
          process.kill(group, sig);
        } catch {
          // already gone
        }
      };
      signal('SIGTERM');
      const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5000).unref());
      if ((await Promise.race([exited, timer])) === 'timeout') signal('SIGKILL');
      // Children that outlive the group leader (npm's grandchildren) get the same treatment.
      await new Promise((resolve) => setTimeout(resolve, 200));
      signal('SIGKILL');
    },
  };
}

/** POSTs one GraphQL query (with `headers`, e.g. a profile's Authorization); resolves with the parsed body. */
export async function postQuery(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  headers: Readonly<Record<string, string>> = {},
): Promise<any> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${url} answered ${response.status} with no JSON: ${text.slice(0, 200)}`);
  }
}

/** Milliseconds from `since` until `query` is answered with data and no errors. */
export async function waitForFirstAnswer(
  started: Started,
  url: string,
  query: string,
  since: number,
  headers: Readonly<Record<string, string>> = {},
  timeoutMs = 120_000,
): Promise<number> {
  for (;;) {
    if (started.child.exitCode !== null) throw new Error(`${started.name} exited (${started.child.exitCode}):\n${started.output()}`);
    try {
      const body = await postQuery(url, query, undefined, headers);
      if (body.data && !body.errors) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > timeoutMs)
      throw new Error(`${started.name} gave no answer in ${timeoutMs / 1000} s:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      // state 0A is LISTEN; the local address ends in the port in hex.
      if (!local || fields[3] !== '0A' || parseInt(local.split(':')[1] ?? '', 16) !== port) continue;
      if (fields[9]) inodes.add(fields[9]);
    }
  }
  return inodes;
}

/** The process in `group` that holds the listening socket of `port` (the serving process). */
export function servingPid(group: number, port: number): number | undefined {
  const inodes = listeningInodes(port);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp !== group) continue;
      for (const fd of readdirSync(`/proc/${entry}/fd`)) {
        const link = readlinkSync(`/proc/${entry}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
        if (inode && inodes.has(inode)) return Number(entry);
      }
    } catch {
      // the process ended or is not ours to read
    }
  }
  return undefined;
}

/** VmRSS and VmHWM of a process, in MiB. */
export function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/**
 * Resolves once `url` answers 200 (a gateway's `/readyz`), asking every 100 ms; throws with
 * `describe()` when `gaveUp()` says the process is gone or after `maxTries`.
 */
export async function untilReady(url: string, gaveUp: () => boolean, describe: () => string, maxTries = 600): Promise<void> {
  for (let tries = 0; ; tries += 1) {
    const ready = await fetch(url).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return;
    if (tries > maxTries || gaveUp()) throw new Error(`the gateway did not start:\n${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
