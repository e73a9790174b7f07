/**
 * An example GraphQL Code Generator configuration for a client of this gateway (the client
 * preset), the one the README points client teams at. Copy it with the scalar map: without one,
 * every custom scalar (Date, Long, UUID, CurrencyCode...) becomes `unknown` in the
 * generated types; `strictScalars` makes a scalar added later fail generation instead.
 *
 * Run it with `npx graphql-codegen --config test/gateway/client-codegen/codegen.ts`; the test
 * beside it runs it in memory.
 */
import type { CodegenConfig } from '@graphql-codegen/cli';
import { SCALAR_TYPES } from '../../../scripts/codegen-config.js';

/** Where the generated client types go (relative to the repository). */
export const CLIENT_OUTPUT = 'test/gateway/client-codegen/generated/';

const config: CodegenConfig = {
  schema: 'schema/gateway.graphql',
  documents: ['test/gateway/client-codegen/*.graphql'],
  generates: {
    [CLIENT_OUTPUT]: {
      preset: 'client',
      config: {
        // Federation's entity representations: an object with __typename and the key fields.
        scalars: { ...SCALAR_TYPES, _Any: '{ __typename: string; [field: string]: unknown }' },
        strictScalars: true,
        enumsAsTypes: true,
        useTypeImports: true,
      },
    },
  },
};

export default config;
