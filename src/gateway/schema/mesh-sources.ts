/**
 * Loads the Mesh sources from the build artefact (see scripts/build-mesh-artifact.ts): each
 * source's annotated schema gets its HTTP resolvers from its @httpOperation directives and then
 * its `.meshrc.yml` transforms, replayed from the plan the build step recorded (rename-plan.ts),
 * without importing Mesh's CLI, its transforms or the OpenAPI documents at start-up. Path
 * arguments reach Mesh's interpolation already encoded as one segment each (path-arguments.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { processDirectives } from '@graphql-mesh/transport-rest';
import { PubSub } from '@graphql-mesh/utils';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { type AnswerObserver, MESH_SOURCE_UPSTREAMS } from '../upstream/mesh-endpoints.js';
import { MESH_ARTIFACT_DIR, type MeshManifest, type MeshSourceEntry } from './mesh-manifest.js';
import type { Logger } from '../logger.js';
import { meshLogger } from './mesh-logger.js';
import { nonNullListElements } from './non-null-elements.js';
import { encodePathArguments } from './path-arguments.js';
import { applyRenamePlan } from './rename-plan.js';

export interface MeshSources {
  schemas: GraphQLSchema[];
  destroy(): void;
}

// Mesh's resolvers must use the request's fetch (context.fetch); reaching this means a caller
// executed the schema without the gateway's context.
const noGlobalFetch = (): never => {
  throw new TypeError('Mesh sources need the gateway context (context.fetch) to reach an upstream');
};

const isAnswerObserver = (value: unknown): value is AnswerObserver => typeof value === 'function';

/** The gateway context's observer (context.ts), if this execution has one. */
function answerObserverOf(context: unknown): AnswerObserver | undefined {
  const candidate: unknown = typeof context === 'object' && context !== null ? Reflect.get(context, 'observeAnswer') : undefined;
  return isAnswerObserver(candidate) ? candidate : undefined;
}

/**
 * Makes the source's HTTP root resolvers report the body they parsed to `context.observeAnswer`,
 * in place (Mesh set them in place too), before the rename plan (rename-plan.ts) wraps them.
 */
function reportParsedAnswers(schema: GraphQLSchema, sourceName: string): void {
  const upstream = MESH_SOURCE_UPSTREAMS[sourceName];
  if (!upstream) throw new TypeError(`The Mesh source "${sourceName}" names no known upstream`);
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const original = field.resolve;
      if (!original) continue;
      field.resolve = async (source, args, context, info) => {
        const body: unknown = await original(source, args, context, info);
        if (!(body instanceof Error)) answerObserverOf(context)?.(upstream, body);
        return body;
      };
    }
  }
}

function loadSource(dir: string, entry: MeshSourceEntry, pubsub: PubSub, gatewayLogger: Logger): GraphQLSchema {
  const annotated = buildSchema(readFileSync(join(dir, entry.schemaFile), 'utf8'), {
    assumeValid: true,
    assumeValidSDL: true,
    noLocation: true,
  });
  const logger = meshLogger(gatewayLogger, entry.name);
  const executable = processDirectives(annotated, { ...entry.handler, pubsub, logger, globalFetch: noGlobalFetch });
  encodePathArguments(executable, entry.renames);
  reportParsedAnswers(executable, entry.name);
  return nonNullListElements(applyRenamePlan(executable, entry.renames));
}

/** Loads every source of the artefact built under `root` (run `npm run build` to make it). */
export function loadMeshSources(root: string, logger: Logger): MeshSources {
  const dir = join(root, MESH_ARTIFACT_DIR);
  let manifest: MeshManifest;
  try {
    // The build step wrote this file from the same MeshManifest type.
    manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as MeshManifest;
  } catch (error) {
    throw new Error(`No Mesh artefact in ${dir}: run npm run build (${error instanceof Error ? error.message : String(error)})`);
  }
  const pubsub = new PubSub();
  return {
    schemas: manifest.sources.map((entry) => loadSource(dir, entry, pubsub, logger)),
    destroy: () => pubsub.publish('destroy', undefined),
  };
}
