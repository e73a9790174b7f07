/**
 * Runs GraphQL Mesh over `.meshrc.yml` and returns each source's executable schema (the
 * OpenAPI operations with their per-source transforms applied).
 */
import { findAndParseConfig } from '@graphql-mesh/cli';
import { getMesh, type MeshInstance } from '@graphql-mesh/runtime';
import type { GraphQLSchema } from 'graphql';

export interface MeshSources {
  schemas: GraphQLSchema[];
  destroy(): void;
}

/** Loads the Mesh configuration from `dir` (the repository root by default). */
export async function loadMeshSources(dir: string): Promise<MeshSources> {
  const config = await findAndParseConfig({ dir });
  const mesh: MeshInstance = await getMesh(config);
  return {
    schemas: mesh.rawSources.map((source) => source.schema),
    destroy: () => mesh.destroy(),
  };
}
