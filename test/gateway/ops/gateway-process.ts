/**
 * The real gateway process for ops tests: `node --import tsx src/main.ts` (the source), or
 * `node dist/main.js` (what `npm start` runs: the bundle the build step wrote), with a chosen
 * environment and working directory, its output collected line by line.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../support/gateway.js';

/** tsx's loader by absolute URL, so the process may run from a directory without node_modules. */
const TSX = pathToFileURL(createRequire(join(ROOT, 'package.json')).resolve('tsx')).href;

export interface GatewayProcess {
  child: ChildProcess;
  /** Everything written so far to stdout and stderr. */
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Resolves with the first JSON log line whose `msg` starts with `prefix`. */
  logLine(prefix: string): Promise<Record<string, unknown>>;
}

/** Variables the parent's environment must not leak into the child (a developer's own URLs or port). */
const CLEARED = [
  'PORT',
  'HOST',
  'CORS_ORIGINS',
  'CRYPTO_API_URL',
  'BLOCKCHAIN_API_URL',
  'ADDRESS_API_URL',
  'COUNTRY_API_URL',
  'REDIS_URL',
  'PERSISTED_DOCUMENTS',
  'PERSISTED_ONLY',
  'METRICS',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_TRACES_EXPORTER',
  'OTEL_SDK_DISABLED',
  'WORKERS',
  'GATEWAY_SANDBOX_UPSTREAMS',
];

/** Spawns the gateway process with `env` on top of a cleaned copy of this process's environment. */
export function spawnGateway(env: Record<string, string>, cwd = ROOT, entry: 'source' | 'built' = 'source'): GatewayProcess {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !CLEARED.includes(name)));
  const args = entry === 'built' ? [join(ROOT, 'dist/main.js')] : ['--import', TSX, join(ROOT, 'src/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters: (() => void)[] = [];
  const append = (chunk: Buffer): void => {
    text += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const find = (prefix: string): Record<string, unknown> | undefined => {
    for (const line of text.split('\n')) {
      if (!line.startsWith('{')) continue;
      const parsed = JSON.parse(line) as Record<string, unknown>;
      if (typeof parsed.msg === 'string' && parsed.msg.startsWith(prefix)) return parsed;
    }
    return undefined;
  };
  return {
    child,
    output: () => text,
    exited,
    logLine: (prefix) =>
      new Promise((resolve, reject) => {
        const look = (): void => {
          const found = find(prefix);
          if (found) resolve(found);
          else if (child.exitCode !== null) reject(new Error(`the gateway exited (${child.exitCode}) before "${prefix}":\n${text}`));
          else waiters.push(look);
        };
        child.once('exit', look);
        look();
      }),
  };
}
