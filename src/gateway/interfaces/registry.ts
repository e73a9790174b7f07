/**
 * The interfaces the gateway serves, one line per folder (`interfaces/<name>/interface.ts`), in
 * the order of the docs (A, B, C, D). Configuration, the transport's pools and breakers,
 * readiness, the metrics' labels, Mesh's sources and endpoints and the interfaces' graph modules
 * all come from this list. Adding a vendor is a folder and a line here.
 */
import { addressInterface } from './address/interface.js';
import { blockchainUtilityInterface } from './blockchain-utility/interface.js';
import { countryDataInterface } from './country-data/interface.js';
import { cryptoAnalyticsInterface } from './crypto-analytics/interface.js';
import type { InterfaceDefinition } from './interface-definition.js';

export const INTERFACES = [cryptoAnalyticsInterface, blockchainUtilityInterface, addressInterface, countryDataInterface] as const;

/** An interface's name, as errors, logs, metrics and provenance give it. */
export type UpstreamName = (typeof INTERFACES)[number]['name'];

/** The registered interfaces, as the modules derived from them take the list. */
export type Interfaces = readonly InterfaceDefinition<UpstreamName>[];

/** One value per interface of `interfaces`, by name. */
export function byInterface<T>(
  interfaces: Interfaces,
  value: (definition: InterfaceDefinition<UpstreamName>) => T,
): Record<UpstreamName, T> {
  // Every name of the union is an entry of INTERFACES, so the object has every key.
  return Object.fromEntries(interfaces.map((definition) => [definition.name, value(definition)])) as Record<UpstreamName, T>;
}
