/**
 * `visitor`: what a frontend needs to localise a page for the caller, in one query. The caller's
 * address and User-Agent reach D through the gateway's fetch (X-Forwarded-For, User-Agent), so
 * D's "look up the caller" operations answer for the browser, not for the gateway.
 */
import type { GatewayContext } from '../../context.js';
import type { Resolvers } from '../../generated/resolvers-types.js';
import { PIVOT_CURRENCY } from '../money/rate-loader.js';
import type { CountryWire, Envelope, IpLookupWire, UserAgentWire } from '../../interfaces/country-data/wire.js';
import { crossRate, rebase } from '../money/money-math.js';

async function callerLocation(context: GatewayContext): Promise<IpLookupWire | undefined> {
  const page = await context.upstream.get<Envelope<IpLookupWire>>('country-data', '/ip/v1');
  return page.data.objects[0];
}

async function callerAgent(context: GatewayContext): Promise<UserAgentWire | undefined> {
  const page = await context.upstream.get<Envelope<UserAgentWire>>('country-data', '/user-agent/v1');
  return page.data.objects[0];
}

async function visitorCountry(context: GatewayContext): Promise<CountryWire | null> {
  const alpha2 = (await callerLocation(context))?.location.country?.alpha_2;
  return alpha2 ? context.loaders.countryByCode.load(alpha2) : null;
}

async function visitorCurrency(context: GatewayContext): Promise<string | null> {
  return (await visitorCountry(context))?.currencies[0]?.code ?? null;
}

export const visitorResolvers: Resolvers = {
  Query: {
    visitor: () => ({}),
  },
  Visitor: {
    ip: async (_visitor, _args, context) => (await callerLocation(context))?.ip ?? context.callerIp ?? null,
    country: (_visitor, _args, context) => visitorCountry(context),
    currency: (_visitor, _args, context) => visitorCurrency(context),
    rates: async (_visitor, args, context) => {
      const currency = await visitorCurrency(context);
      if (!currency) return null;
      const table = await context.loaders.rates.load(PIVOT_CURRENCY);
      return args.symbols.map((symbol) => crossRate(table, currency, symbol));
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
