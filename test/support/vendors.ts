/** Each registered interface's wire profile by name, for tests that resolve upstreams by hand. */
import { byInterface, INTERFACES } from '../../src/gateway/interfaces/registry.js';
import type { VendorProfile } from '../../src/gateway/upstream/vendor-profile.js';

export const VENDORS: Readonly<Record<(typeof INTERFACES)[number]['name'], VendorProfile>> = byInterface(
  INTERFACES,
  (definition) => definition.vendor,
);
