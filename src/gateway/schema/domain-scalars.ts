/**
 * Domain scalars: arguments the gateway can judge before any upstream request. A value a scalar
 * refuses fails validation, which the gateway reports as BAD_USER_INPUT naming the argument, so a
 * bad value never costs an upstream call. The generic ones are here, their descriptions in
 * ./scalars.graphql; a scalar only one vendor's values take (a UK postcode, an Ergo address) is
 * declared by its interface's folder with `domainScalar`.
 */
import { isIP } from 'node:net';
import currencyCodes from 'currency-codes';
import emailAddresses from 'email-addresses';
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { RefusedKey } from '../shared/refused-key.js';

export interface ScalarSpec {
  name: string;
  /** How a value goes out, when not as its text. */
  serialize?: (value: unknown) => string;
  /** Returns the value to hand to resolvers, or throws a TypeError saying what was expected. */
  parse(text: string): string;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * graphql-js reports a literal's plain error against the literal (the gateway then codes it
 * BAD_USER_INPUT and names the argument), but re-wraps a variable's error keeping only its
 * originalError, so for variables the catalogued code has to ride there. Throw this from a
 * scalar's `parseValue`.
 */
export function refusedVariable(message: string): GraphQLError {
  const catalogued = new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
  return new GraphQLError(catalogued.message, { originalError: catalogued });
}

/** Keys peers batch lookups by: a variable one of them refuses fails only the fields taking it (shared/refused-key.ts). */
export const KEY_SCALARS: ReadonlySet<string> = new Set(['CountryCode']);

/** A domain scalar that checks each value with `parse` (variables and literals alike). */
export function domainScalar({ name, parse, serialize }: ScalarSpec): GraphQLScalarType<string | RefusedKey, string> {
  const check = (value: unknown): string => {
    if (typeof value !== 'string') throw new TypeError(`${name} must be a string; received ${JSON.stringify(value)}`);
    try {
      return parse(value);
    } catch (error) {
      throw new TypeError(`${name} ${messageOf(error)}; received ${JSON.stringify(value)}`);
    }
  };
  const failsAlone = KEY_SCALARS.has(name);
  return new GraphQLScalarType<string | RefusedKey, string>({
    name,
    serialize: (value) => (serialize ? serialize(value) : String(value)),
    parseValue: (value) => {
      try {
        return check(value);
      } catch (error) {
        if (failsAlone) return new RefusedKey(value, messageOf(error));
        throw refusedVariable(messageOf(error));
      }
    },
    parseLiteral: (node: ValueNode) => {
      if (node.kind !== Kind.STRING) throw new TypeError(`${name} must be a string literal`);
      return check(node.value);
    },
  });
}

/** For a scalar's `parse`: refuses the value unless `condition`, saying what was `expected`. */
export function must(condition: boolean, expected: string): void {
  if (!condition) throw new TypeError(`must be ${expected}`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const DOMAIN_SCALARS = {
  CountryCode: domainScalar({
    name: 'CountryCode',
    parse: (text) => {
      must(/^([A-Za-z]{2,3}|\d{3})$/.test(text), 'two or three letters, or three digits');
      return text.toUpperCase();
    },
  }),
  CurrencyCode: domainScalar({
    name: 'CurrencyCode',
    parse: (text) => {
      must(/^[A-Za-z]{3}$/.test(text) && currencyCodes.code(text.toUpperCase()) !== undefined, 'an ISO 4217 currency code');
      return text.toUpperCase();
    },
  }),
  IpAddress: domainScalar({
    name: 'IpAddress',
    parse: (text) => {
      must(isIP(text) !== 0, 'an IPv4 or IPv6 address');
      return text;
    },
  }),
  UUID: domainScalar({
    name: 'UUID',
    parse: (text) => {
      must(UUID.test(text), 'a UUID');
      return text.toLowerCase();
    },
  }),
  Email: domainScalar({
    name: 'Email',
    parse: (text) => {
      must(text.length <= 254 && emailAddresses.parseOneAddress({ input: text, rfc6532: true }) !== null, 'an e-mail address');
      return text;
    },
  }),
  Date: domainScalar({
    name: 'Date',
    // Vendors may send a day as a midnight timestamp; its day part is the value.
    serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10),
    parse: (text) => {
      const ms = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : Number.NaN;
      // Date.parse rolls 2026-02-30 over to March; a real day survives the round trip.
      const valid = !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(text);
      must(valid, 'a real calendar day as YYYY-MM-DD');
      return text;
    },
  }),
} satisfies Record<string, GraphQLScalarType<string | RefusedKey, string>>;
