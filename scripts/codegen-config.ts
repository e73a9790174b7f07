/**
 * GraphQL Code Generator's configuration: resolver types for the hand-written resolvers, read
 * from the published schema. Parents and results are the records as the vendors send them (the
 * `mappers`, since Mesh's bare transforms hand resolvers the raw JSON), or the hand-written
 * shapes a feature builds; the context is the gateway's. Each interface's records come from its
 * folder (`resolverTypes` in interfaces/<name>/interface.ts), read through the registry.
 */
import { dirname, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CodegenConfig } from '@graphql-codegen/cli';
import { INTERFACES, type Interfaces } from '../src/gateway/interfaces/registry.js';

export const RESOLVER_TYPES_FILE = 'src/gateway/generated/resolvers-types.ts';

/** Mapper paths are relative to the generated file. */
const GENERATED_DIR = fileURLToPath(new URL(`../${dirname(RESOLVER_TYPES_FILE)}/`, import.meta.url));
const BRIEF = '../features/brief/brief-types.js';

/** `module#type`, as a mapper names a type exported by `module` (a URL in the repository). */
function mapper(module: URL, type: string): string {
  return `${relative(GENERATED_DIR, fileURLToPath(module)).split(sep).join(posix.sep)}#${type}`;
}

/** The mappers `interfaces` declare. */
function interfaceMappers(interfaces: Interfaces): Record<string, string> {
  return Object.fromEntries(
    interfaces.flatMap(({ resolverTypes }) =>
      resolverTypes ? Object.entries(resolverTypes.mappers).map(([type, record]) => [type, mapper(resolverTypes.module, record)]) : [],
    ),
  );
}

/** The features' records (features compose the interfaces; they are not in the registry). */
const FEATURE_MAPPERS: Record<string, string> = {
  Visitor: '../features/visitor/visitor-parent.js#VisitorParent',
  MarketIndicator: '../features/live/wire.js#MarketIndicatorWire',
  // Aliased: the generated file declares its own CryptoBrief and BriefInput (the schema's shapes).
  CryptoBrief: `${BRIEF}#CryptoBrief as CryptoBriefRecord`,
  BriefStatement: `${BRIEF}#StatementParent`,
  BriefInput: `${BRIEF}#BriefInput as BriefInputRecord`,
};

/**
 * The gateway's own scalars; each interface's come from its folder (`resolverTypes.scalars`).
 * `strictScalars` makes a new one fail generation until it is listed.
 */
const STRING_SCALARS = [
  'CountryCode',
  'CurrencyCode',
  'Date',
  'Email',
  'FieldPath',
  'IpAddress',
  'NonEmptyString',
  'SearchText',
  'SortSpec',
  'URL',
  'UUID',
  'YearMonth',
];
const NUMBER_SCALARS = ['NonNegativeFloat', 'NonNegativeInt', 'NonPositiveFloat', 'PositiveInt'];

/** The TypeScript type of each scalar of a gateway serving `interfaces` as it travels in JSON. */
export function scalarTypes(interfaces: Interfaces): Readonly<Record<string, string>> {
  return {
    ...Object.assign({}, ...interfaces.map(({ resolverTypes }) => resolverTypes?.scalars ?? {})),
    ...Object.fromEntries(STRING_SCALARS.map((name) => [name, 'string'])),
    ...Object.fromEntries(NUMBER_SCALARS.map((name) => [name, 'number'])),
  };
}

/** The registry's scalar types; client configs use them too. */
export const SCALAR_TYPES: Readonly<Record<string, string>> = scalarTypes(INTERFACES);

/**
 * The configuration for a schema given as a file path (schema/gateway.graphql) or as SDL text.
 * `enumValues` maps each enum's GraphQL names to the wire values resolvers hold, so resolver
 * types ask for `'monday'` where the schema says `MONDAY`. `interfaces` (the registry unless
 * given) say what their types resolve from.
 */
export function codegenConfig(
  schema: string,
  enumValues: Record<string, Record<string, string>> = {},
  interfaces: Interfaces = INTERFACES,
): CodegenConfig {
  return {
    schema,
    silent: true,
    generates: {
      [RESOLVER_TYPES_FILE]: {
        plugins: ['typescript', 'typescript-resolvers'],
        config: {
          contextType: '../context.js#GatewayContext',
          mappers: { ...interfaceMappers(interfaces), ...FEATURE_MAPPERS },
          scalars: {
            ...scalarTypes(interfaces),
            // Federation's entity representations: any object, checked by the _entities resolver.
            _Any: 'unknown',
          },
          strictScalars: true,
          // The SDL's enums are string values on the wire and in the hand-written code.
          enumsAsTypes: true,
          enumValues,
          useTypeImports: true,
        },
      },
    },
  };
}
