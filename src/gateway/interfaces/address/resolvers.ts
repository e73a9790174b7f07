/**
 * Interface C's hand-written parts: the `Address` interface over UK and US records, the
 * vendor's "number or empty string" values as nullable numbers, the envelope table, and the
 * text scalars of the document, which pass any string through so the vendor itself judges
 * the input (and a bad one comes back with the vendor's own code in `upstreamCode`).
 */
import { GraphQLError, Kind, type ValueNode } from 'graphql';
import type { Resolvers } from '../../generated/resolvers-types.js';
import type { ArgumentScalars } from '../../schema/argument-scalars.js';
import type { ScalarBehaviour } from '../../schema/graph-module.js';
import type { EnvelopeTable } from '../../schema/unwrap-envelopes.js';
import type { AddressRecordWire } from './wire.js';
import type { FieldNeeds } from '../../upstream/field-needs.js';
import { ADDRESS_TEXT_SCALARS } from './text-scalars.js';

/** A UK or US record as the vendor sends it; US records carry a ZIP code. */
function addressType(record: AddressRecordWire): 'UkAddress' | 'UsAddress' {
  return 'zip_code' in record ? 'UsAddress' : 'UkAddress';
}

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** `(record) => record[key]` as a number, null for the vendor's "" (not known). */
const numeric = (key: string) => (record: AddressRecordWire) => numberOrNull(record[key]);

function text(value: unknown, scalar: string): string {
  if (typeof value !== 'string') throw new GraphQLError(`${scalar} must be a string; received ${JSON.stringify(value)}`);
  return value;
}

/**
 * A text scalar of the address document. Mesh made it from the document (with its description);
 * its bounds (length, pattern) are enforced by the vendor, which answers a violation with its
 * own code, so the gateway only insists on a string.
 */
function vendorCheckedText(name: string): ScalarBehaviour {
  return {
    serialize: (value: unknown) => text(value, name),
    parseValue: (value: unknown) => text(value, name),
    parseLiteral(ast: ValueNode) {
      if (ast.kind !== Kind.STRING) throw new GraphQLError(`${name} must be a string literal`, { nodes: [ast] });
      return ast.value;
    },
  };
}

export const addressScalarBehaviours: Readonly<Record<string, ScalarBehaviour>> = Object.fromEntries(
  ADDRESS_TEXT_SCALARS.map((name) => [name, vendorCheckedText(name)]),
);

/** What this slice's fields need from upstream (upstream/field-needs.ts): each reads only its own record. */
export const addressNeeds: FieldNeeds = {
  'UkAddress.umprn': {},
  'UkAddress.longitude': {},
  'UkAddress.latitude': {},
  'UkAddress.eastings': {},
  'UkAddress.northings': {},
  'UsAddress.financeNumber': {},
  'UsAddress.congressionalDistrictNumber': {},
  'UsAddress.countyNumber': {},
  'Place.longitude': {},
  'Place.latitude': {},
};

export const addressResolvers: Resolvers = {
  Address: { __resolveType: addressType },
  AddressSearchHit: { __resolveType: addressType },
  UkAddress: {
    umprn: numeric('umprn'),
    longitude: numeric('longitude'),
    latitude: numeric('latitude'),
    eastings: numeric('eastings'),
    northings: numeric('northings'),
  },
  UsAddress: {
    financeNumber: numeric('finance_number'),
    congressionalDistrictNumber: (record) => {
      const value = record.congressional_district_number;
      return value === '' || value === undefined || value === null ? null : String(value);
    },
    countyNumber: numeric('county_number'),
  },
  Place: {
    longitude: numeric('longitude'),
    latitude: numeric('latitude'),
  },
};

/** Root fields that return what is inside the vendor's `{code, message, result}` envelope. */
export const addressEnvelopes: EnvelopeTable = {
  addresses: ['result'],
  addressSuggestions: ['result', 'hits'],
  resolveUkAddress: ['result'],
  resolveUsAddress: ['result'],
  cleanseAddress: ['result'],
  emailValidation: ['result'],
  apiKey: ['result'],
  apiKeyDetails: ['result'],
  apiKeyUsage: ['result'],
  keyConfigs: ['result', 'configs'],
  keyConfig: ['result'],
  createKeyConfig: ['result'],
  updateKeyConfig: ['result'],
  deleteKeyConfig: ['result'],
  addressByUdprn: ['result'],
  addressByUmprn: ['result'],
  places: ['result', 'hits'],
  place: ['result'],
  licensees: ['result'],
  licensee: ['result'],
  createLicensee: ['result'],
  updateLicensee: ['result'],
  deleteLicensee: ['result'],
  phoneNumberValidation: ['result'],
};

/** E-mail and postcode shapes the gateway checks itself before asking Ideal Postcodes. */
export const addressArgumentScalars: ArgumentScalars = {
  'Query.emailValidation.email': 'Email',
  'Query.postcodeAddresses.postcode': 'UkPostcode',
};
