/** Each registered interface's wire profile by name, for tests that resolve upstreams by hand. */
import { byInterface, INTERFACES } from '../../src/gateway/interfaces/registry.js';
import type { ResolvedUpstream } from '../../src/gateway/upstream/upstream-fetch.js';
import type { VendorProfile } from '../../src/gateway/upstream/vendor-profile.js';
import { SANDBOXES } from '../../src/sandbox/registry.js';
import type { RunningSandbox } from '../../src/sandbox/sandbox-server.js';

export const VENDORS: Readonly<Record<(typeof INTERFACES)[number]['name'], VendorProfile>> = byInterface(
  INTERFACES,
  (definition) => definition.vendor,
);

/** The upstreams of `sandboxes`, started in the order of SANDBOXES, with their sandbox credentials. */
export function sandboxUpstreams(sandboxes: readonly RunningSandbox[]): ResolvedUpstream[] {
  return SANDBOXES.map((entry, index) => ({
    name: entry.upstream,
    url: sandboxes[index]?.url ?? '',
    credentials: entry.credentials,
    vendor: VENDORS[entry.upstream],
  }));
}
