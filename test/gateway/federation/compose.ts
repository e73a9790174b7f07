/**
 * Composition the way a platform team runs it: ask every subgraph for `_service { sdl }` over
 * HTTP (what Apollo's IntrospectAndCompose does), compose with @theguild/federation-composition,
 * and serve the supergraph through a real federation gateway (Hive Gateway's runtime).
 */
import { createGatewayRuntime } from '@graphql-hive/gateway-runtime';
import { composeServices } from '@theguild/federation-composition';
import { parse } from 'graphql';

export interface Subgraph {
  name: string;
  url: string;
}

/** The subgraph's own SDL, fetched the way composers introspect a subgraph. */
export async function serviceSdl(url: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query: '{ _service { sdl } }' }),
  });
  const body = (await response.json()) as { data?: { _service: { sdl: string } }; errors?: unknown };
  if (!body.data) throw new Error(`${url} gave no _service: ${JSON.stringify(body.errors)}`);
  return body.data._service.sdl;
}

/** Composes the subgraphs into a supergraph, throwing with every composition error. */
export async function composeSupergraph(subgraphs: readonly Subgraph[]): Promise<string> {
  const services = await Promise.all(subgraphs.map(async ({ name, url }) => ({ name, url, typeDefs: parse(await serviceSdl(url)) })));
  const result = composeServices(services);
  if (result.errors) throw new Error(`composition failed:\n${result.errors.map((error) => error.message).join('\n')}`);
  return result.supergraphSdl;
}

/** A federation gateway over the supergraph, queried in-process. */
export function federationGateway(supergraphSdl: string) {
  const gateway = createGatewayRuntime({ supergraph: supergraphSdl, logging: false, maskedErrors: false });
  return {
    async query(
      query: string,
    ): Promise<{ data?: Record<string, unknown> | null; errors?: { message: string; path?: (string | number)[] }[] }> {
      const response = await gateway.fetch('http://federation.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query }),
      });
      return response.json();
    },
    close: () => gateway.dispose(),
  };
}
