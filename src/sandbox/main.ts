/**
 * `npm run sandbox`: the four built-in sandboxes alone, on 127.0.0.1. Variables (see
 * tool-settings.ts): SANDBOX_BASE_PORT picks the ports, SANDBOX_DATA_DIR the state's folder.
 * Once all four listen it prints one JSON line to stdout, `{"crypto-analytics": url, …}` in
 * the order A, B, C, D, for scripts to read; everything else goes to stderr. SIGINT and
 * SIGTERM close the servers and exit 0; a bad variable or a port in use exits 1 with one line.
 */
import { SANDBOXES, type SandboxUpstream } from './registry.js';
import { type RunningSandbox, startSandbox } from './sandbox-server.js';
import { prepareDataDir, readSandboxSettings, sandboxDataDir, sandboxPort, SandboxSettingError } from './tool-settings.js';

const running: RunningSandbox[] = [];

async function stop(): Promise<void> {
  await Promise.all(running.map((sandbox) => sandbox.close()));
  process.exit(0);
}

async function main(): Promise<void> {
  const settings = readSandboxSettings(process.env);
  if (settings.dataDir !== undefined) await prepareDataDir(settings.dataDir);
  const urls: Partial<Record<SandboxUpstream, string>> = {};
  for (const entry of SANDBOXES) {
    const port = sandboxPort(entry, settings.basePort);
    const definition = entry.create({ dataDir: sandboxDataDir(settings, entry) });
    const sandbox = await startSandbox(definition, port).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      throw new SandboxSettingError(`port ${port} (${entry.upstream}) is in use; choose others with SANDBOX_BASE_PORT`);
    });
    running.push(sandbox);
    urls[entry.upstream] = sandbox.url;
    console.error(`${entry.upstream}: ${sandbox.url}`);
  }
  process.stdout.write(`${JSON.stringify(urls)}\n`);
}

process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());

main().catch((error: unknown) => {
  console.error(error instanceof SandboxSettingError ? error.message : `sandbox: ${String(error)}`);
  process.exit(1);
});
