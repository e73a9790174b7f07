/**
 * The Mesh artefact of a list of interfaces (src/gateway/interfaces/registry.ts): GraphQL Mesh
 * reads each interface's OpenAPI document once, here, and the artefact holds each source's
 * annotated schema (the operations as @httpOperation directives) plus a manifest of the handler
 * options and of what the source's transforms do (a rename plan, checked against Mesh's own
 * transforms before it is written). The gateway loads it at start-up
 * (src/gateway/schema/mesh-sources.ts) instead of parsing the documents and importing Mesh's
 * CLI on every start. scripts/build-mesh-artifact.ts builds the registry's into `dist/mesh/`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processDirectives } from '@graphql-mesh/transport-rest';
import { DefaultLogger, PubSub } from '@graphql-mesh/utils';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { loadNonExecutableGraphQLSchemaFromOpenAPI } from '@omnigraph/openapi';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { parse as parseYaml } from 'yaml';
import type { InterfaceDefinition } from '../src/gateway/interfaces/interface-definition.js';
import type { MeshManifest, MeshSourceEntry } from '../src/gateway/schema/mesh-manifest.js';
import { constantCaseEnumValues } from '../src/gateway/schema/enum-value-case.js';
import { applyMeshTransforms } from '../src/gateway/schema/build/mesh-transforms.js';
import { deriveRenamePlan } from '../src/gateway/schema/build/derive-rename-plan.js';
import type { RenamePlan } from '../src/gateway/schema/rename-plan.js';
import { meshEndpointTemplate, meshSourceName } from '../src/gateway/upstream/mesh-endpoints.js';

/** An interface's `mesh-source.yml` once the build has added its document and endpoint: a `.meshrc.yml` source. */
interface MeshrcSource {
  name: string;
  handler: { openapi: { source: string; selectQueryOrMutationField?: { type: string; fieldName: string }[] } & Record<string, unknown> };
  transforms?: Record<string, unknown>[];
}

/** The interface's source block, with the name, `source` and `endpoint` that the interface says. */
function meshrcSource(definition: InterfaceDefinition): MeshrcSource {
  // The block is a `.meshrc.yml` source less three keys; Mesh's own schema for it is not shipped.
  const block = parseYaml(readFileSync(definition.meshSource, 'utf8')) as Omit<MeshrcSource, 'name' | 'handler'> & {
    handler: { openapi: Record<string, unknown> };
  };
  return {
    ...block,
    name: meshSourceName(definition.name),
    handler: {
      openapi: {
        endpoint: meshEndpointTemplate(definition.name),
        ...block.handler.openapi,
        source: fileURLToPath(definition.vendor.document),
      },
    },
  };
}

async function annotatedSchema(source: MeshrcSource, root: string): Promise<string> {
  const { selectQueryOrMutationField, ...options } = source.handler.openapi;
  const schema = await loadNonExecutableGraphQLSchemaFromOpenAPI(source.name, {
    ...options,
    cwd: root,
    fetch,
    logger: new DefaultLogger(source.name),
    pubsub: new PubSub(),
    selectQueryOrMutationField: selectQueryOrMutationField?.map(({ type, fieldName }) => ({
      type: type.toLowerCase() === 'mutation' ? 'mutation' : 'query',
      fieldName,
    })),
  });
  return printSchemaWithDirectives(schema);
}

/**
 * What the source's transforms and the gateway's enum value casing do, learnt from running them
 * on the executable source schema.
 */
function renamePlan(source: MeshrcSource, annotated: string, root: string): RenamePlan {
  const pubsub = new PubSub();
  const logger = new DefaultLogger(source.name);
  const executable = (): GraphQLSchema =>
    processDirectives(buildSchema(annotated, { assumeValidSDL: true }), { pubsub, logger, globalFetch: fetch });
  const transformed = constantCaseEnumValues(
    applyMeshTransforms(executable(), source.transforms ?? [], { apiName: source.name, baseDir: root, pubsub, logger }),
  );
  try {
    return deriveRenamePlan(executable(), transformed);
  } catch (error) {
    throw new Error(`${source.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The artefact's files (each source's annotated schema and the manifest), by file name. */
export async function meshArtifactFiles(interfaces: readonly InterfaceDefinition[], root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const sources: MeshSourceEntry[] = [];
  for (const definition of interfaces) {
    const source = meshrcSource(definition);
    const schemaFile = `${source.name}.graphql`;
    const annotated = await annotatedSchema(source, root);
    files.set(schemaFile, annotated);
    const { source: _document, selectQueryOrMutationField: _fields, ...handler } = source.handler.openapi;
    sources.push({ name: source.name, upstream: definition.name, schemaFile, handler, renames: renamePlan(source, annotated, root) });
    for (const [file, text] of (await definition.buildFacts?.()) ?? []) files.set(file, text);
  }
  const manifest: MeshManifest = { sources };
  files.set('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
  return files;
}

/** The files of `files` that `dir` lacks or holds otherwise; written there unless `check`. */
export function syncArtifact(dir: string, files: ReadonlyMap<string, string>, check: boolean): string[] {
  const stale = [...files].filter(([file, text]) => !existsSync(join(dir, file)) || readFileSync(join(dir, file), 'utf8') !== text);
  if (!check) {
    mkdirSync(dir, { recursive: true });
    for (const [file, text] of stale) writeFileSync(join(dir, file), text);
  }
  return stale.map(([file]) => file);
}
