/** `npm run sandbox`: the built-in sandboxes alone, on 127.0.0.1 at their fixed ports. */
import { SANDBOXES } from './registry.js';
import { startSandbox } from './sandbox-server.js';

async function main(): Promise<void> {
  const running = await Promise.all(SANDBOXES.map((entry) => startSandbox(entry.create(), entry.port)));
  for (const sandbox of running) console.log(`${sandbox.name}: ${sandbox.url}`);
  const stop = (): void => {
    void Promise.all(running.map((sandbox) => sandbox.close())).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
