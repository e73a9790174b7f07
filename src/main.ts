/**
 * `npm start`, the composition root: starts a sandbox for every interface without a configured
 * URL, builds the schema and serves the gateway. The only module that imports both the gateway
 * and the sandboxes; with every URL set, no sandbox code is loaded at all.
 */
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { systemClock } from './gateway/clock.js';
import { loadConfig } from './gateway/config.js';
import { buildGatewaySchema } from './gateway/build-schema.js';
import { createGateway } from './gateway/server.js';
import { createLogger } from './gateway/logger.js';
import type { ResolvedUpstream } from './gateway/upstream/upstream-fetch.js';

const root = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  const upstreams: ResolvedUpstream[] = [];
  const closers: (() => Promise<void>)[] = [];
  for (const upstream of Object.values(config.upstreams)) {
    if (upstream.url) {
      upstreams.push({ name: upstream.name, url: upstream.url, credentials: { key: upstream.key, userToken: upstream.userToken } });
      console.log(`${upstream.name}: ${upstream.url}`);
      continue;
    }
    const { SANDBOXES } = await import('./sandbox/registry.js');
    const { startSandbox } = await import('./sandbox/sandbox-server.js');
    const entry = SANDBOXES.find((candidate) => candidate.upstream === upstream.name);
    if (!entry) continue;
    const sandbox = await startSandbox(entry.create({ clock: systemClock }));
    closers.push(sandbox.close);
    upstreams.push({
      name: upstream.name,
      url: sandbox.url,
      credentials: { key: upstream.key ?? entry.credentials.key, userToken: upstream.userToken ?? entry.credentials.userToken },
    });
    console.log(`${upstream.name}: built-in sandbox at ${sandbox.url}`);
  }
  const { schema, destroy } = await buildGatewaySchema(root);
  const yoga = createGateway({
    schema,
    upstreams,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    cacheTtlMs: config.cacheTtlMs,
    clock: systemClock,
    logger: createLogger(),
    limits: config.limits,
  });
  const server = createServer(yoga);
  server.listen(config.port, () => {
    console.log(`GraphiQL and GraphQL: http://localhost:${config.port}/graphql`);
  });
  const stop = (): void => {
    server.close();
    destroy();
    void Promise.all(closers.map((close) => close())).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
