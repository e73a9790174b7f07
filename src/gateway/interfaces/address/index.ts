/**
 * Interface C's hand-written additions: the Address interface, nullable numbers, text scalars,
 * union members that agree on their shared fields, and the usage report's days as `Date`.
 */
import { dayFields } from '../../schema/day-fields.js';
import { alignSharedMemberFields } from './align-members.js';
import { ADDRESS_ENTITIES } from './entities.js';
import type { GraphModule } from '../../schema/graph-module.js';
import { declareNeeds } from '../../upstream/field-needs.js';
import { ukPostcodeScalar } from './postcode-scalar.js';
import { addressArgumentScalars, addressEnvelopes, addressNeeds, addressResolvers, addressScalarBehaviours } from './resolvers.js';

export const addressModule: GraphModule = {
  typeDefs: [new URL('./address.graphql', import.meta.url)],
  resolvers: { ...addressResolvers, UkPostcode: ukPostcodeScalar },
  scalarBehaviours: addressScalarBehaviours,
  envelopes: addressEnvelopes,
  argumentScalars: addressArgumentScalars,
  // The vendor sends each usage day as its midnight UTC.
  transformSchema: (schema) => dayFields(alignSharedMemberFields(declareNeeds(addressNeeds)(schema)), new Set(['KeyUsageDay'])),
  // C bills its lookups (paid-lookups.ts says which calls): the fields that make them.
  access: {
    paid: [
      'Query.addresses',
      'Query.postcodeAddresses',
      'Query.addressByUdprn',
      'Query.addressByUmprn',
      'Query.resolveUkAddress',
      'Query.resolveUsAddress',
      'Query.cleanseAddress',
      'Query.emailValidation',
      'Query.phoneNumberValidation',
    ],
    // Account administration and the personal data it returns (a key's details and limits, its
    // usage and lookup log with client IPs and search terms, its configs and licensees), run with
    // the operator's user token: closed to callers without the admin scope unless
    // ADDRESS_ADMIN_OPERATIONS opens them. `apiKey` (availability) and `keyConfig` (one config by
    // name) stay open: the vendor serves them without a user token so browser integrations can
    // read their own settings.
    admin: [
      'Mutation.createKeyConfig',
      'Mutation.updateKeyConfig',
      'Mutation.deleteKeyConfig',
      'Mutation.createLicensee',
      'Mutation.updateLicensee',
      'Mutation.deleteLicensee',
      'Query.apiKeyDetails',
      'Query.apiKeyUsage',
      'Query.apiKeyLookups',
      'Query.keyConfigs',
      'Query.licensees',
      'Query.licensee',
    ],
  },
  // Peers point at a UK address by its UDPRN.
  entities: ADDRESS_ENTITIES,
};
