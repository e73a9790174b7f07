/**
 * A real redis-server (Debian's package) for the shared-cache tests: started on a free loopback
 * port with nothing persisted, stoppable and restartable on the same port to play an outage.
 * On a machine without redis-server the tests that need it are skipped, except in CI, where
 * `.ci/run` installs it and its absence is a failure.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

export function hasRedisServer(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    if (process.env.CI) throw new Error('redis-server is missing: .ci/run installs it (Debian package redis-server)');
    return false;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function launch(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
  });
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child = await launch(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    async start() {
      child = await launch(port);
    },
  };
}
