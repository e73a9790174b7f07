/**
 * Schema assembly as a declared pipeline: each pass is a named function `schema → schema` that
 * states the facts it requires of its input (`merged`, `envelopes-unwrapped`...) and the facts it
 * provides. The runner refuses a list whose order breaks a declaration before running any pass,
 * so an order that matters is written down where it is checked, not only remembered.
 *
 * Why some passes edit in place: a copy of the gateway's merged schema (mapSchema, 187 types)
 * measured 12 ms of CPU warm and 23–31 ms as the first copy of a start, against 570 ms of CPU
 * for a whole start up to its first answer (`node dist/main.js`, median of 3). Eight passes
 * below edit a handful of fields or scalars; copying in each would add a fifth to the start. An
 * in-place pass is only ever given a schema an earlier pass returned, never the pipeline's
 * input, which the runner checks.
 */
import type { GraphQLSchema } from 'graphql';

export interface SchemaPass {
  /** Kebab-case, as the printed pipeline and the runner's errors name it. */
  readonly name: string;
  /** Facts some earlier pass must have provided. */
  readonly requires: readonly string[];
  /** Facts true of the schema this pass returns, for the passes after it. */
  readonly provides: readonly string[];
  /**
   * Whether the pass edits the types of the schema it is given (and returns it, or a schema
   * around the same types) rather than returning new ones.
   */
  readonly inPlace: boolean;
  run(schema: GraphQLSchema): GraphQLSchema;
}

/** The facts the pipeline established of each schema it returned (see `providedBy`). */
const established = new WeakMap<GraphQLSchema, ReadonlySet<string>>();

/** Throws, naming the pass and the fact, when a pass requires what no earlier pass provides. */
export function checkPipeline(passes: readonly SchemaPass[]): void {
  const provided = new Set<string>();
  const names = new Set<string>();
  for (const pass of passes) {
    if (names.has(pass.name)) throw new TypeError(`Schema pipeline: the pass "${pass.name}" is listed twice`);
    names.add(pass.name);
    const missing = pass.requires.filter((fact) => !provided.has(fact));
    if (missing.length > 0)
      throw new TypeError(`Schema pipeline: the pass "${pass.name}" requires ${missing.join(', ')}, which no earlier pass provides`);
    for (const fact of pass.provides) provided.add(fact);
  }
}

/**
 * Runs `passes` in order from `input`, after checking their declarations. `input` itself is never
 * edited: a pass that edits in place and would receive it is refused.
 */
export function runPipeline(passes: readonly SchemaPass[], input: GraphQLSchema): GraphQLSchema {
  checkPipeline(passes);
  let schema = input;
  for (const pass of passes) {
    if (pass.inPlace && schema === input)
      throw new TypeError(`Schema pipeline: the pass "${pass.name}" edits in place, so it must follow a pass that made a schema`);
    schema = pass.run(schema);
  }
  established.set(schema, new Set(passes.flatMap((pass) => pass.provides)));
  return schema;
}

/** What the pipeline that returned `schema` provided; empty for a schema it did not return. */
export function providedBy(schema: GraphQLSchema): ReadonlySet<string> {
  return established.get(schema) ?? new Set();
}

/** The pipeline as text, one pass a line: its name, then what it requires and provides. */
export function describePipeline(passes: readonly SchemaPass[]): string {
  return passes
    .map(
      (pass) =>
        `${pass.name}${pass.inPlace ? ' (in place)' : ''}: requires [${pass.requires.join(', ')}] provides [${pass.provides.join(', ')}]`,
    )
    .join('\n');
}
