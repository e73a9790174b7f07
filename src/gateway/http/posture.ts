/**
 * The settings NODE_ENV=production closes by default (docs/production-and-security.md, Production posture), each
 * overridable by its own variable. Development (no NODE_ENV) keeps them open and zero-config.
 */
import { defaultProxyTrust, type ProxyTrust } from '../upstream/caller-address.js';
import type { IntrospectionPolicy } from './introspection-policy.js';

export interface Posture {
  /** INTROSPECTION: `on` in development, `off` in production. */
  introspection: IntrospectionPolicy;
  /** GRAPHIQL: the GraphiQL page at /graphql; on in development, off in production. */
  graphiql: boolean;
  /** TRUST_PROXY: the hops whose X-Forwarded-For is believed; loopback and private peers by default. */
  trustProxy: ProxyTrust;
  /**
   * ADDRESS_ADMIN_OPERATIONS: C's admin and personal-data fields served to anyone (`true`); when
   * `false` they need the `admin` scope. Open only in development without identity by default.
   */
  addressAdminOperations: boolean;
}

/** The development posture, where a gateway is created without one (tests, embedders). */
export const DEVELOPMENT_POSTURE: Omit<Posture, 'addressAdminOperations'> = {
  introspection: 'on',
  graphiql: true,
  trustProxy: defaultProxyTrust,
};
