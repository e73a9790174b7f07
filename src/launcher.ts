/**
 * `node dist/main.js`: runs the bundled gateway (dist/gateway.cjs: main.ts, the composition root,
 * and everything it imports) through V8's code cache (gateway/ops/code-cache.ts), and saves the
 * cache once the gateway says it has settled. The build bundles this file as dist/main.js and
 * gives it the bundle's digest; run from source, main.ts is started directly and nothing is cached.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import * as nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';
import { codeCacheFile, runCachedBundle, SETTLED_CHANNEL } from './gateway/ops/code-cache.js';

/** The SHA-256 of dist/gateway.cjs, written in by the build (scripts/bundle.mjs). */
declare const GATEWAY_BUNDLE_DIGEST: string;

// Node's own compile cache (Node >= 22.1) for what the gateway imports apart from its bundle: the
// sandboxes and GraphiQL's page. It honours NODE_DISABLE_COMPILE_CACHE itself.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const bundle = runCachedBundle(fileURLToPath(new URL('./gateway.cjs', import.meta.url)), codeCacheFile(process.env, GATEWAY_BUNDLE_DIGEST));
if (!bundle.accepted) {
  const saveOnce = (): void => {
    unsubscribe(SETTLED_CHANNEL, saveOnce);
    bundle.save();
  };
  subscribe(SETTLED_CHANNEL, saveOnce);
}
