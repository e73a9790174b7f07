/**
 * Loads the Mesh source of each registered interface from the build artefact (see
 * scripts/mesh-artifact.ts): each source's annotated schema gets its HTTP resolvers from its @httpOperation directives and then
 * its `.meshrc.yml` transforms, replayed from the plan the build step recorded (rename-plan.ts),
 * without importing Mesh's CLI, its transforms or the OpenAPI documents at start-up. Path
 * arguments reach Mesh's interpolation already encoded as one segment each (path-arguments.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { processDirectives } from '@graphql-mesh/transport-rest';
import { PubSub } from '@graphql-mesh/utils';
import { getDirective } from '@graphql-tools/utils';
import { buildSchema, type GraphQLError, type GraphQLField, type GraphQLSchema } from 'graphql';
import { upstreamError } from '../errors.js';
import type { UpstreamName } from '../config.js';
import type { AnswerObserver } from '../upstream/mesh-endpoints.js';
import { type DocumentedAnswer, type DocumentedVendor, documentedAnswer } from '../upstream/response-shapes.js';
import type { MeshManifest, MeshSourceEntry } from './mesh-manifest.js';
import type { Logger } from '../logger.js';
import { meshLogger } from './mesh-logger.js';
import { nonNullListElements } from './non-null-elements.js';
import { encodePathArguments } from './path-arguments.js';
import { applyRenamePlan } from './rename-plan.js';

/** What loading needs of a registered interface (interfaces/interface-definition.ts has it all). */
export interface MeshSourceInterface {
  name: UpstreamName;
  vendor: DocumentedVendor;
}

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

/** The documented operation a Mesh field calls, from its @httpOperation directive (`{args.x}` → `{x}`). */
function documentedOperationOf(schema: GraphQLSchema, field: GraphQLField<unknown, unknown>, upstream: MeshSourceInterface) {
  const directive = getDirective(schema, field, 'httpOperation')?.[0];
  const path: unknown = directive?.['path'];
  const method: unknown = directive?.['httpMethod'];
  if (typeof path !== 'string') return undefined;
  const template = (path.split('?')[0] ?? path).replace(/\{args\.([A-Za-z_][A-Za-z0-9_]*)\}/g, '{$1}');
  return documentedAnswer(upstream.vendor, typeof method === 'string' ? method : 'GET', template);
}

/**
 * The status and query string Mesh keeps on every object it parsed (its `$statusCode` and
 * `$request` metadata; a list's on its first element).
 */
function exchangeOf(body: unknown): { status: number; query: URLSearchParams } {
  const first: unknown = Array.isArray(body) ? body[0] : body;
  const decorated = typeof first === 'object' && first !== null ? first : {};
  const status: unknown = Reflect.get(decorated, '$statusCode');
  const request: unknown = Reflect.get(decorated, '$request');
  const query: unknown = typeof request === 'object' && request !== null ? Reflect.get(request, 'query') : undefined;
  const params = new URLSearchParams();
  if (typeof query === 'object' && query !== null)
    for (const [name, value] of Object.entries(query)) params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  return { status: typeof status === 'number' ? status : 200, query: params };
}

/**
 * Checks what the source's HTTP root resolvers parsed against the operation's documented answer
 * and reports it to `context.observeAnswer`, in place (Mesh set them in place too), before the
 * rename plan (rename-plan.ts) wraps them. Checking Mesh's own parse keeps each body parsed once.
 * A body that does not fit, or that Mesh cannot decorate (a JSON null at the top), is the
 * upstream's error (UPSTREAM_ERROR naming the interface), not the gateway's.
 */
function checkParsedAnswers(schema: GraphQLSchema, definition: MeshSourceInterface): void {
  const upstream = definition.name;
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const original = field.resolve;
      if (!original) continue;
      // Looked up at the field's first answer, not at start: reading the interface's OpenAPI
      // document (YAML) and its schemas was a third of the start-up's CPU.
      let documented: DocumentedAnswer | undefined | null = null;
      const documentedAnswerOf = (): DocumentedAnswer | undefined =>
        documented === null ? (documented = documentedOperationOf(schema, field, definition)) : documented;
      const misfit = (problem: string): GraphQLError =>
        upstreamError(
          {
            upstream,
            status: 200,
            message: `the answer does not fit the documented ${documentedAnswerOf()?.operation ?? 'operation'}: ${problem}`,
          },
          'UPSTREAM_ERROR',
        );
      field.resolve = async (source, args, context, info) => {
        let body: unknown;
        try {
          body = await original(source, args, context, info);
        } catch (error) {
          // Mesh decorates what it parsed with Object.defineProperties, which throws for null.
          if (error instanceof TypeError && /defineProperties called on non-object/.test(error.message))
            throw misfit('(the top level) is null');
          throw error;
        }
        if (body instanceof Error) return body;
        // Whatever Mesh made of the body (it takes a list's first element for an object field) is checked.
        const answer = documentedAnswerOf();
        if (answer?.json) {
          const { status, query } = exchangeOf(body);
          const problem = answer.problem(status, query, body);
          if (problem) throw misfit(problem);
        }
        answerObserverOf(context)?.(upstream, body);
        return body;
      };
    }
  }
}

function loadSource(
  dir: string,
  entry: MeshSourceEntry,
  definition: MeshSourceInterface,
  pubsub: PubSub,
  gatewayLogger: Logger,
): GraphQLSchema {
  const annotated = buildSchema(readFileSync(join(dir, entry.schemaFile), 'utf8'), {
    assumeValid: true,
    assumeValidSDL: true,
    noLocation: true,
  });
  const logger = meshLogger(gatewayLogger, entry.name);
  const executable = processDirectives(annotated, { ...entry.handler, pubsub, logger, globalFetch: noGlobalFetch });
  encodePathArguments(executable, entry.renames);
  checkParsedAnswers(executable, definition);
  return nonNullListElements(applyRenamePlan(executable, entry.renames));
}

/** The artefact's source of `definition`; a registered interface the build step has not seen is an error. */
function sourceOf(manifest: MeshManifest, definition: MeshSourceInterface, dir: string): MeshSourceEntry {
  const entry = manifest.sources.find((candidate) => candidate.upstream === definition.name);
  if (!entry) throw new Error(`The Mesh artefact in ${dir} has no source for the interface ${definition.name}: run npm run build`);
  return entry;
}

/** Loads the source of each of `interfaces` from the artefact in `dir` (run `npm run build` to make it). */
export function loadMeshSources(dir: string, interfaces: readonly MeshSourceInterface[], logger: Logger): MeshSources {
  let manifest: MeshManifest;
  try {
    // The build step wrote this file from the same MeshManifest type.
    manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as MeshManifest;
  } catch (error) {
    throw new Error(`No Mesh artefact in ${dir}: run npm run build (${error instanceof Error ? error.message : String(error)})`);
  }
  const pubsub = new PubSub();
  return {
    schemas: interfaces.map((definition) => loadSource(dir, sourceOf(manifest, definition, dir), definition, pubsub, logger)),
    destroy: () => pubsub.publish('destroy', undefined),
  };
}
