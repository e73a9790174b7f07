/** Interface D's hand-written additions: flat pages, typed lists for maps, `country(code)`. */
import type { GraphModule } from '../../schema/graph-module.js';
import { deriveResponseFields } from './response-fields.js';
import { countryDataArgumentScalars, countryDataEnvelopes, countryDataResolvers } from './resolvers.js';

export const countryDataModule: GraphModule = {
  typeDefs: [new URL('./country-data.graphql', import.meta.url)],
  resolvers: countryDataResolvers,
  envelopes: countryDataEnvelopes,
  argumentScalars: countryDataArgumentScalars,
  transformSchema: deriveResponseFields,
};
