/**
 * `visitor`: what a frontend needs to localise a page for the caller, in one query. The gateway
 * decides which address is the caller's (see upstream/caller-address.ts) and asks D about that address
 * explicitly, so a malformed forwarded hop is never sent on for D to refuse; the User-Agent
 * reaches D through the gateway's fetch.
 */
import type { GatewayContext } from '../../context.js';
import type { Resolvers, VisitorUnlocatedReason } from '../../generated/resolvers-types.js';
import { PIVOT_CURRENCY } from '../money/rate-loader.js';
import type { CountryWire, Envelope, IpLookupWire, UserAgentWire } from '../../interfaces/country-data/wire.js';
import { crossRate, rebase } from '../money/money-math.js';
import { callerAddress, isPublicAddress } from '../../upstream/caller-address.js';
import type { FieldNeeds } from '../../upstream/field-needs.js';

/** Where the caller is, or why that is not known. */
type Location = { country: CountryWire; reason: null } | { country: null; reason: VisitorUnlocatedReason };

/** The caller's valid address; `callerIp` may still hold a malformed first hop. */
function visitorIp(context: GatewayContext): string | undefined {
  return callerAddress(context.callerIp, undefined);
}

async function lookUp(context: GatewayContext, ip: string): Promise<IpLookupWire | undefined> {
  // The path form, as `ipLookup(ip:)` asks (interfaces/country-data/path-forms.ts): one URL for
  // one address's lookup, so both fields share one call and one shared-cache entry.
  const page = await context.upstream.get<Envelope<IpLookupWire>>('country-data', '/ip/v1/{ip}', { ip });
  return page.data.objects[0];
}

async function callerAgent(context: GatewayContext): Promise<UserAgentWire | undefined> {
  const page = await context.upstream.get<Envelope<UserAgentWire>>('country-data', '/user-agent/v1');
  return page.data.objects[0];
}

async function visitorLocation(context: GatewayContext): Promise<Location> {
  const ip = visitorIp(context);
  if (!ip) return { country: null, reason: 'NO_ADDRESS' };
  // No country owns a private address: asking D would cost a request and answer nothing.
  if (!isPublicAddress(ip)) return { country: null, reason: 'PRIVATE_ADDRESS' };
  const alpha2 = (await lookUp(context, ip))?.location.country?.alpha_2;
  const country = alpha2 ? await context.loaders.countryByCode.load(alpha2) : null;
  return country ? { country, reason: null } : { country: null, reason: 'UNKNOWN_ADDRESS' };
}

async function visitorCurrency(context: GatewayContext): Promise<string | null> {
  return (await visitorLocation(context)).country?.currencies[0]?.code ?? null;
}

/** What the visitor needs from upstream (upstream/field-needs.ts): D's look-up of the caller. */
export const visitorNeeds: FieldNeeds = {
  'Query.visitor': { calls: { 'country-data': 1 }, personal: true },
};

export const visitorResolvers: Resolvers = {
  Query: {
    visitor: () => ({}),
  },
  Visitor: {
    ip: (_visitor, _args, context) => visitorIp(context) ?? null,
    located: async (_visitor, _args, context) => (await visitorLocation(context)).country !== null,
    reason: async (_visitor, _args, context) => (await visitorLocation(context)).reason,
    country: async (_visitor, _args, context) => (await visitorLocation(context)).country,
    currency: (_visitor, _args, context) => visitorCurrency(context),
    rates: async (_visitor, args, context) => {
      const currency = await visitorCurrency(context);
      if (!currency) return null;
      const table = await context.loaders.rates.load(PIVOT_CURRENCY);
      return args.symbols.map((symbol) => ({ currency: symbol, rate: crossRate(table, currency, symbol) }));
    },
    exchangeRates: async (_visitor, _args, context) => {
      const currency = await visitorCurrency(context);
      return currency ? rebase(await context.loaders.rates.load(PIVOT_CURRENCY), currency) : null;
    },
    browser: async (_visitor, _args, context) => (await callerAgent(context))?.browser ?? null,
    os: async (_visitor, _args, context) => (await callerAgent(context))?.os ?? null,
    device: async (_visitor, _args, context) => (await callerAgent(context))?.device ?? null,
  },
};
