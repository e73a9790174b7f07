/**
 * Everything the gateway knows about one vendor, declared once in the vendor's folder
 * (`interfaces/<name>/interface.ts`) and listed once in the registry (registry.ts). The
 * configuration's variables, the transport's pools and breakers, readiness, the metrics' labels
 * and Mesh's endpoints are derived from these entries; no other module names a vendor.
 */
import type { GraphModule } from '../schema/graph-module.js';
import type { VendorProfile } from '../upstream/vendor-profile.js';

/** The environment variables that point the gateway at the vendor (see docs/configuration.md). */
export interface InterfaceVariables {
  url: string;
  key?: string;
  userToken?: string;
  /** A caller's units per UTC day there (callers/caller-limits.ts); `<variable>_<TIER>` per tier. */
  dailyQuota: string;
}

/**
 * A moving data subscriptions follow at the interface (features/live says what each polls): its
 * name, the least time between two polls of one key unless `LIVE_INTERVAL_MS_<NAME>` says
 * otherwise, and what follows it, for the configuration reference.
 */
export interface LiveFeedDefinition {
  name: string;
  intervalMs: number;
  follows: string;
}

/**
 * The records the interface's resolvers receive, for GraphQL Code Generator's `mappers`
 * (scripts/codegen-config.ts): GraphQL type → the name of its record type exported by `module`.
 */
export interface ResolverTypes {
  module: URL;
  mappers: Readonly<Record<string, string>>;
  /** The interface's own scalars, by the TypeScript type their values travel as (codegen's `strictScalars` needs each). */
  scalars?: Readonly<Record<string, string>>;
}

export interface InterfaceDefinition<N extends string = string> {
  /** The interface's name in errors, logs, metrics, provenance and `READINESS_REQUIRES`. */
  name: N;
  variables: InterfaceVariables;
  /** The key used when its variable is unset (a vendor's documented public demo key). */
  defaultKey?: string;
  /** Wire facts: auth, failures, cacheable paths, the OpenAPI document, the readiness probe. */
  vendor: VendorProfile;
  /**
   * The interface's Mesh source: a `.meshrc.yml` source block (OpenAPI handler options,
   * transforms) without `name`, `source` and `endpoint`, which the build step derives from the
   * interface's name and `vendor.document` (scripts/mesh-artifact.ts).
   */
  meshSource: URL;
  /**
   * The built-in sandbox the composition root (src/main.ts) starts when the URL variable is unset,
   * by its name in src/sandbox/registry.ts; the gateway never imports sandbox code itself.
   */
  sandbox?: string;
  /** The vendor records its GraphQL types resolve from, for the generated resolver types. */
  resolverTypes?: ResolverTypes;
  /** The live feeds polled at the interface (live/live-settings.ts reads their intervals). */
  liveFeeds?: readonly LiveFeedDefinition[];
  /**
   * Facts the build step reads from the interface's document and writes into the Mesh artefact
   * (scripts/mesh-artifact.ts), by file name, for the gateway to read at start without parsing
   * the document: loaded only by the build, so a start never pays for it.
   */
  buildFacts?(): Promise<ReadonlyMap<string, string>>;
  /** The interface's root-field additions and resolvers, loaded when the schema is built. */
  graph(): Promise<GraphModule>;
}

/** Declares an interface, keeping its name's literal type (the registry derives `UpstreamName` from it). */
export function defineInterface<const N extends string>(definition: InterfaceDefinition<N>): InterfaceDefinition<N> {
  return definition;
}
