/**
 * The static upstream (upstream.ts) as a process of its own, as `npm run bench` and
 * `npm run bench:instructions` start it, and the variables that point a gateway at it.
 */
import { ROOT } from './gateways.js';
import { startProcess } from './proc.js';
import type { InterfaceName } from './upstream.js';

export interface UpstreamProcess {
  urls: Record<InterfaceName, string>;
  close(): Promise<void>;
}

/** Starts it (pinned to `cores` when given); `cacheControl` is the Cache-Control its answers carry. */
export async function startUpstreamProcess(
  options: { cores?: string | undefined; cacheControl?: string | undefined } = {},
): Promise<UpstreamProcess> {
  const { cores, cacheControl } = options;
  const started = startProcess('static upstream', `"${process.execPath}" --import tsx bench/upstream.ts 0`, {
    cwd: ROOT,
    env: { ...process.env, ...(cacheControl ? { BENCH_UPSTREAM_CACHE_CONTROL: cacheControl } : {}) },
    cores,
  });
  const urls = await new Promise<Record<InterfaceName, string>>((resolve, reject) => {
    let text = '';
    started.child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    started.child.once('exit', (code) => reject(new Error(`static upstream exited (${code}):\n${started.output()}`)));
  });
  return { urls, close: started.stop };
}

/** The gateway's four interface URLs, at the static upstream. */
export function upstreamEnv(urls: Record<InterfaceName, string>): NodeJS.ProcessEnv {
  return {
    CRYPTO_API_URL: urls['crypto-analytics'],
    BLOCKCHAIN_API_URL: urls['blockchain-utility'],
    ADDRESS_API_URL: urls.address,
    COUNTRY_API_URL: urls['country-data'],
  };
}
