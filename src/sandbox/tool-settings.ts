/**
 * The environment of `npm run sandbox` (src/sandbox/main.ts), read in one place:
 *
 * - `SANDBOX_BASE_PORT`: unset, the fixed ports 4101 (A), 4102 (B), 4103 (C), 4104 (D);
 *   `0`, a free port each; `N` (1..65531), ports N+1..N+4 in that order.
 * - `SANDBOX_DATA_DIR`: where the stateful sandboxes keep their state, one sub-folder each
 *   (`blockchain-utility/`, `address/`); unset, each keeps its default under `var/`.
 *
 * An empty value counts as unset. A bad value is a `SandboxSettingError` naming the variable.
 */
import { mkdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DEFAULT_BASE_PORT, type SandboxEntry } from './registry.js';

/** The highest base whose four ports (N+1..N+4) are all valid TCP ports. */
const MAX_BASE_PORT = 65_535 - 4;

export interface SandboxToolSettings {
  /** 0 for free ports, else the port below A's. */
  basePort: number;
  /** Absolute; undefined keeps each sandbox's default. */
  dataDir: string | undefined;
}

/** A variable of the sandbox tool has a value it cannot use; the message names the variable. */
export class SandboxSettingError extends Error {}

function valueOf(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

function parseBasePort(value: string | undefined): number {
  if (value === undefined) return DEFAULT_BASE_PORT;
  const port = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(port <= MAX_BASE_PORT)) {
    throw new SandboxSettingError(
      `SANDBOX_BASE_PORT must be 0 (a free port each) or a whole number from 1 to ${MAX_BASE_PORT} (ports N+1..N+4), got "${value}"`,
    );
  }
  return port;
}

/** Reads the tool's variables; relative data directories resolve against `cwd`. */
export function readSandboxSettings(env: NodeJS.ProcessEnv, cwd = process.cwd()): SandboxToolSettings {
  const dataDir = valueOf(env, 'SANDBOX_DATA_DIR');
  return {
    basePort: parseBasePort(valueOf(env, 'SANDBOX_BASE_PORT')),
    dataDir: dataDir === undefined ? undefined : resolve(cwd, dataDir),
  };
}

/** The port a sandbox listens on: its fixed port moved with the base, or 0 for a free one. */
export function sandboxPort(entry: Pick<SandboxEntry, 'port'>, basePort: number): number {
  return basePort === 0 ? 0 : basePort + (entry.port - DEFAULT_BASE_PORT);
}

/** The sub-folder of the data directory that one sandbox keeps its state in. */
export function sandboxDataDir(settings: SandboxToolSettings, entry: Pick<SandboxEntry, 'upstream'>): string | undefined {
  return settings.dataDir === undefined ? undefined : join(settings.dataDir, entry.upstream);
}

/** Creates the data directory if needed, so a path that cannot hold state fails at start. */
export async function prepareDataDir(dataDir: string): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true });
    if (!(await stat(dataDir)).isDirectory()) throw new Error('not a directory');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new SandboxSettingError(`SANDBOX_DATA_DIR: cannot keep state in "${dataDir}" (${reason})`);
  }
}
