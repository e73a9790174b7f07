/**
 * How an interface's name appears in Mesh: its source is named in PascalCase (`CountryData` for
 * country-data, which Mesh's `subgraph` arguments and error extensions carry), and its base URL
 * is interpolated under its name in camelCase (`{context.upstreamUrls.countryData}`). The build
 * step names the sources and writes the templates with the same functions, so they cannot disagree.
 */
import type { UpstreamName } from '../config.js';
import type { ResolvedUpstream } from './upstream-fetch.js';

export type UpstreamUrls = Readonly<Record<string, string>>;

/** The key of `name`'s base URL in `context.upstreamUrls`. */
export function meshEndpointKey(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/** The name of the interface `name`'s Mesh source. */
export function meshSourceName(name: string): string {
  const key = meshEndpointKey(name);
  return `${key.charAt(0).toUpperCase()}${key.slice(1)}`;
}

/** The interface whose Mesh source is `source`: the inverse of meshSourceName (`CountryData` → country-data). */
export function meshSourceUpstream(source: string): UpstreamName {
  // Mesh names only the registered interfaces' sources (the build step names them with meshSourceName).
  return source.replace(/(?<=[a-z0-9])([A-Z])/g, '-$1').toLowerCase() as UpstreamName;
}

/** The endpoint template of `name`'s Mesh source. */
export function meshEndpointTemplate(name: string): string {
  return `{context.upstreamUrls.${meshEndpointKey(name)}}`;
}

/**
 * Told of each upstream body a resolver has parsed (extensions.provenance listens): Mesh's
 * resolvers parse their answers themselves, so they report the value instead of anyone parsing
 * the same bytes again.
 */
export type AnswerObserver = (upstream: UpstreamName, body: unknown) => void;

/** Base URLs keyed for Mesh's endpoint templates. */
export function meshEndpoints(upstreams: readonly ResolvedUpstream[]): UpstreamUrls {
  return Object.fromEntries(upstreams.map((upstream) => [meshEndpointKey(upstream.name), upstream.url]));
}
