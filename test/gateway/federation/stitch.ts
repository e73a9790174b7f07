/** Stitching the way a platform team does: our `_sdl` over HTTP with the stitching directives, batched. */
import { buildHTTPExecutor } from '@graphql-tools/executor-http';
import { stitchSchemas } from '@graphql-tools/stitch';
import { stitchingDirectives } from '@graphql-tools/stitching-directives';
import type { SubschemaConfig } from '@graphql-tools/delegate';
import { buildSchema, type GraphQLSchema } from 'graphql';

/** Our gateway as a stitching subschema: its `_sdl`, an HTTP executor, batch execution on. */
export async function remoteSubschema(url: string): Promise<SubschemaConfig> {
  const executor = buildHTTPExecutor({ endpoint: url });
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query: '{ _sdl }' }),
  });
  const body = (await response.json()) as { data: { _sdl: string } };
  return { schema: buildSchema(body.data._sdl), executor, batch: true };
}

/** Stitches the subschemas with the stitching directives applied. */
export function stitch(subschemas: readonly (SubschemaConfig | GraphQLSchema)[]): GraphQLSchema {
  const { stitchingDirectivesTransformer } = stitchingDirectives();
  return stitchSchemas({ subschemaConfigTransforms: [stitchingDirectivesTransformer], subschemas: [...subschemas] });
}
