/**
 * The built-in sandboxes: which interface each serves, its fixed port under `npm run sandbox`,
 * and the credentials the gateway uses against it when no key is configured.
 */
import type { UpstreamName } from '../config.js';
import type { Credentials } from '../upstream/vendors.js';
import { createCountryDataSandbox, DEMO_KEY as COUNTRY_DATA_DEMO_KEY } from './country-data/index.js';
import type { SandboxDefinition } from './sandbox-server.js';

export interface SandboxEntry {
  upstream: UpstreamName;
  port: number;
  create(): SandboxDefinition;
  credentials: Credentials;
}

export const SANDBOXES: readonly SandboxEntry[] = [
  { upstream: 'country-data', port: 4104, create: () => createCountryDataSandbox(), credentials: { key: COUNTRY_DATA_DEMO_KEY } },
];
