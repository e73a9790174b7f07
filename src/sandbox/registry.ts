/**
 * The built-in sandboxes: the name each is known by (a gateway interface names the sandbox that
 * stands in for it, and the composition root, src/main.ts, looks it up here), its fixed port
 * under `npm run sandbox`, and the credentials the gateway uses against it when no key is
 * configured.
 */
import {
  createAddressSandbox,
  SANDBOX_API_KEY as ADDRESS_SANDBOX_KEY,
  SANDBOX_USER_TOKEN as ADDRESS_SANDBOX_TOKEN,
} from './address/index.js';
import { createBlockchainUtilitySandbox } from './blockchain-utility/index.js';
import { createCountryDataSandbox, DEMO_KEY as COUNTRY_DATA_DEMO_KEY } from './country-data/index.js';
import { createCryptoAnalyticsSandbox, SANDBOX_DEMO_KEY as CRYPTO_ANALYTICS_DEMO_KEY } from './crypto-analytics/index.js';
import type { SandboxDefinition } from './sandbox-server.js';

/** What a client sends a sandbox to be let in: an API key, and C's user token. */
export interface SandboxCredentials {
  key?: string;
  userToken?: string;
}

/** The port below A's fixed port: `npm run sandbox` serves A..D on the four ports above it. */
export const DEFAULT_BASE_PORT = 4100;

/** Where a sandbox with state keeps it; absent, each uses its default under `var/`. */
export interface SandboxStartOptions {
  dataDir?: string;
  /** The sandbox's "now"; the composition root passes the gateway's clock so both agree on today. */
  clock?: () => Date;
}

export interface SandboxEntry {
  /** The sandbox's name: the interface it plays. */
  upstream: string;
  /** Its fixed port under `npm run sandbox`: DEFAULT_BASE_PORT + 1..4 for A..D. */
  port: number;
  create(options?: SandboxStartOptions): SandboxDefinition;
  credentials: SandboxCredentials;
}

function epochMs(clock: (() => Date) | undefined): (() => number) | undefined {
  return clock ? () => clock().getTime() : undefined;
}

/** An entry, its name kept literal so the list's names form a type. */
function sandbox<const N extends string>(entry: SandboxEntry & { upstream: N }): SandboxEntry & { upstream: N } {
  return entry;
}

/** In port order: A, B, C, D. */
export const SANDBOXES = [
  sandbox({
    upstream: 'crypto-analytics',
    port: DEFAULT_BASE_PORT + 1,
    create: (options) => createCryptoAnalyticsSandbox({ today: options?.clock?.() }),
    credentials: { key: CRYPTO_ANALYTICS_DEMO_KEY },
  }),
  sandbox({
    upstream: 'blockchain-utility',
    port: DEFAULT_BASE_PORT + 2,
    create: (options) => createBlockchainUtilitySandbox({ dataDir: options?.dataDir, now: epochMs(options?.clock) }),
    credentials: {},
  }),
  sandbox({
    upstream: 'address',
    port: DEFAULT_BASE_PORT + 3,
    create: (options) => createAddressSandbox({ dataDir: options?.dataDir, now: epochMs(options?.clock) }),
    credentials: { key: ADDRESS_SANDBOX_KEY, userToken: ADDRESS_SANDBOX_TOKEN },
  }),
  sandbox({
    upstream: 'country-data',
    port: DEFAULT_BASE_PORT + 4,
    create: () => createCountryDataSandbox(),
    credentials: { key: COUNTRY_DATA_DEMO_KEY },
  }),
];

/** The sandboxes' names, from the list above. */
export type SandboxUpstream = (typeof SANDBOXES)[number]['upstream'];
