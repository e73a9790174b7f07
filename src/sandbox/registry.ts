/**
 * The built-in sandboxes: which interface each serves, its fixed port under `npm run sandbox`,
 * and the credentials the gateway uses against it when no key is configured.
 */
import type { UpstreamName } from '../gateway/config.js';
import type { Credentials } from '../gateway/upstream/vendors.js';
import {
  createAddressSandbox,
  SANDBOX_API_KEY as ADDRESS_SANDBOX_KEY,
  SANDBOX_USER_TOKEN as ADDRESS_SANDBOX_TOKEN,
} from './address/index.js';
import { createBlockchainUtilitySandbox } from './blockchain-utility/index.js';
import { createCountryDataSandbox, DEMO_KEY as COUNTRY_DATA_DEMO_KEY } from './country-data/index.js';
import { createCryptoAnalyticsSandbox, SANDBOX_DEMO_KEY as CRYPTO_ANALYTICS_DEMO_KEY } from './crypto-analytics/index.js';
import type { SandboxDefinition } from './sandbox-server.js';

/** Where a sandbox with state keeps it; absent, each uses its default under `var/`. */
export interface SandboxStartOptions {
  dataDir?: string;
  /** The sandbox's "now"; the composition root passes the gateway's clock so both agree on today. */
  clock?: () => Date;
}

export interface SandboxEntry {
  upstream: UpstreamName;
  port: number;
  create(options?: SandboxStartOptions): SandboxDefinition;
  credentials: Credentials;
}

function epochMs(clock: (() => Date) | undefined): (() => number) | undefined {
  return clock ? () => clock().getTime() : undefined;
}

export const SANDBOXES: readonly SandboxEntry[] = [
  { upstream: 'country-data', port: 4104, create: () => createCountryDataSandbox(), credentials: { key: COUNTRY_DATA_DEMO_KEY } },
  {
    upstream: 'crypto-analytics',
    port: 4101,
    create: (options) => createCryptoAnalyticsSandbox({ today: options?.clock?.() }),
    credentials: { key: CRYPTO_ANALYTICS_DEMO_KEY },
  },
  {
    upstream: 'blockchain-utility',
    port: 4102,
    create: (options) => createBlockchainUtilitySandbox({ dataDir: options?.dataDir, now: epochMs(options?.clock) }),
    credentials: {},
  },
  {
    upstream: 'address',
    port: 4103,
    create: (options) => createAddressSandbox({ dataDir: options?.dataDir, now: epochMs(options?.clock) }),
    credentials: { key: ADDRESS_SANDBOX_KEY, userToken: ADDRESS_SANDBOX_TOKEN },
  },
];
