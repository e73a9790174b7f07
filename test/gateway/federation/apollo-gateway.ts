/**
 * Apollo Gateway 2.x the way a platform team runs it: IntrospectAndCompose asks every subgraph for
 * `_service { sdl }` over HTTP and composes with Apollo's own composition; operations run through
 * the gateway's executor in-process (what Apollo Server calls once it has validated a document).
 */
import { createHash } from 'node:crypto';
import { ApolloGateway, IntrospectAndCompose } from '@apollo/gateway';
import { type ExecutionResult, getOperationAST, parse, validate } from 'graphql';
import type { Subgraph } from './compose.js';

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** Loads an Apollo Gateway over the subgraphs; rejects with Apollo's reason when it refuses the supergraph. */
export async function apolloGateway(subgraphs: readonly Subgraph[]) {
  const gateway = new ApolloGateway({ supergraphSdl: new IntrospectAndCompose({ subgraphs: [...subgraphs] }), logger: silent });
  const { executor } = await gateway.load();
  if (!executor) throw new Error('Apollo Gateway loaded without an executor');
  type RequestContext = Parameters<typeof executor>[0];
  const entries = new Map<string, string>();
  const cache = {
    get: async (key: string) => entries.get(key),
    set: async (key: string, value: string) => void entries.set(key, value),
    delete: async (key: string) => entries.delete(key),
  };
  return {
    async query(query: string): Promise<ExecutionResult> {
      const schema = gateway.schema;
      if (!schema) throw new Error('Apollo Gateway has no schema');
      const document = parse(query);
      const errors = validate(schema, document);
      const operation = getOperationAST(document);
      if (errors.length > 0 || !operation) return { errors };
      const context: RequestContext = {
        request: { query },
        logger: silent,
        schema,
        schemaHash: 'test' as RequestContext['schemaHash'],
        context: {},
        cache,
        queryHash: createHash('sha256').update(query).digest('hex'),
        document,
        source: query,
        operationName: null,
        operation,
        metrics: {},
        overallCachePolicy: {},
      };
      return executor(context);
    },
    close: () => gateway.stop(),
  };
}
