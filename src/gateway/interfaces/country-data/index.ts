/**
 * Interface D's hand-written additions: flat pages, typed lists for maps, `country(code)`, and
 * one field for each resource D serves in a query form and a path form.
 */
import type { GraphModule } from '../../schema/graph-module.js';
import { servePathForms } from './path-forms.js';
import { deriveResponseFields } from './response-fields.js';
import { declareNeeds } from '../../upstream/field-needs.js';
import { countryDataArgumentScalars, countryDataEnvelopes, countryDataNeeds, countryDataResolvers } from './resolvers.js';

export const countryDataModule: GraphModule = {
  typeDefs: [new URL('./country-data.graphql', import.meta.url)],
  resolvers: countryDataResolvers,
  envelopes: countryDataEnvelopes,
  argumentScalars: countryDataArgumentScalars,
  transformSchema: (schema) => servePathForms(deriveResponseFields(declareNeeds(countryDataNeeds)(schema))),
};
