/**
 * D serves two resources in a query form and a path form (`/currencies/v1/rates?base=` and
 * `/currencies/v1/rates/{base}`, `/ip/v1?ip=` and `/ip/v1/{ip}`). One public field serves both,
 * so the graph has no twin fields: with the argument, the path form (the vendor's canonical
 * address of that one table or address); without it, the query form, whose default (USD, the
 * caller's own address) only that form knows.
 */
import { type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { GatewayContext } from '../../context.js';
import type { Envelope, IpLookupWire, RateTableWire } from './wire.js';

type FormResolver = GraphQLFieldResolver<unknown, GatewayContext, Record<string, unknown>>;

interface Forms {
  /** The query form's path, used without the argument. */
  path: string;
  /** The path form's template; its placeholder is the argument of the same name. */
  pathForm: string;
  argument: string;
}

/** Root field → its two D forms. */
const FORMS: Readonly<Record<string, Forms>> = {
  exchangeRates: { path: '/currencies/v1/rates', pathForm: '/currencies/v1/rates/{base}', argument: 'base' },
  ipLookup: { path: '/ip/v1', pathForm: '/ip/v1/{ip}', argument: 'ip' },
};

function serveBothForms({ path, pathForm, argument }: Forms): FormResolver {
  return async (_root, args, context) => {
    const value = args[argument];
    const page =
      typeof value === 'string'
        ? await context.upstream.get<Envelope<RateTableWire | IpLookupWire>>('country-data', pathForm, { [argument]: value })
        : await context.upstream.get<Envelope<RateTableWire | IpLookupWire>>('country-data', path);
    // The envelope table has already unwrapped these fields, so this resolver answers the record.
    return page.data.objects[0] ?? null;
  };
}

/**
 * Replaces the resolvers of `exchangeRates` and `ipLookup` with ones that use both D forms, in
 * place: only resolvers change, and each pass over the whole schema costs start-up time.
 */
export function servePathForms(schema: GraphQLSchema): GraphQLSchema {
  const fields = schema.getQueryType()?.getFields() ?? {};
  for (const [fieldName, form] of Object.entries(FORMS)) {
    const field = fields[fieldName];
    if (!field) throw new TypeError(`servePathForms: Query.${fieldName} does not exist`);
    field.resolve = serveBothForms(form);
  }
  return schema;
}
