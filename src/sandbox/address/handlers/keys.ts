/**
 * Key operations: public availability, private details, the usage report and the CSV log,
 * all computed from the key's seeded settings and its log of paid lookups.
 */
import type { SandboxHandler, SandboxRequest } from '../../sandbox-server.js';
import { pathKey, requestOrigin } from '../auth.js';
import type { AddressContext } from '../context.js';
import { countryOfAlpha3 } from '../countries.js';
import { fail, success } from '../envelope.js';
import type { KeyRecord, KeyStore } from '../keys.js';
import { intervalOf, lookupsCsv, selectEntries, usageReport } from '../usage-report.js';

const YEAR_MS = 365 * 86_400_000;
// Test keys are never charged; their details show the largest balance the field can hold.
const UNMETERED_BALANCE = 2_147_483_647;
// Reverse geocoding needs address coordinates, which the sandbox has for UK addresses only.
const REVERSE_GEOCODING = new Set(['GBR']);

function contextOf(iso3: string) {
  const country = countryOfAlpha3(iso3);
  return {
    iso_3: iso3,
    iso_2: country?.iso2 ?? '',
    description: country?.name ?? iso3,
    emoji: country?.emoji ?? '',
    rgeo: REVERSE_GEOCODING.has(iso3),
  };
}

function details(keys: KeyStore, key: KeyRecord) {
  const firstUse = keys.entries(key.key)[0]?.time;
  return {
    lookups_remaining: key.balance ?? UNMETERED_BALANCE,
    daily_limit: { limit: key.dailyLimit, consumed: keys.countToday(key.key) },
    // The sandbox reads the client address from X-Forwarded-For when present.
    individual_limit: { limit: key.individualLimit, ipForwarding: true },
    allowed_urls: key.allowedUrls,
    notifications: { emails: key.notificationEmails, enabled: key.notificationEmails.length > 0 },
    automated_topups: { enabled: false },
    datasets: key.datasets,
    current_purchases:
      key.purchased === null || key.balance === null
        ? []
        : [
            {
              expires: firstUse === undefined ? null : new Date(firstUse + YEAR_MS).toISOString(),
              purchased: key.purchased,
              consumed: key.purchased - key.balance,
            },
          ],
  };
}

function licenseeOf(request: SandboxRequest): string | undefined {
  const value = request.params.query.licensee;
  return typeof value === 'string' ? value : undefined;
}

export function keyHandlers(context: AddressContext): Record<string, SandboxHandler> {
  const { keys } = context;
  return {
    apiKey: (request) => {
      const key = keys.find(String(request.params.path.key)) ?? fail(4042);
      const available =
        (key.balance === null || key.balance > 0) &&
        keys.refusal(key, request.clientIp) === undefined &&
        keys.allowsOrigin(key, requestOrigin(request));
      return success({ available, context: key.contexts[0] ?? '', contexts: key.contexts.map(contextOf) });
    },
    apiKeyDetails: (request) => success(details(keys, pathKey(request, keys))),
    apiKeyUsage: async (request) => {
      const key = pathKey(request, keys);
      const interval = intervalOf(request.params.query.start, request.params.query.end, context.now());
      const licensee = licenseeOf(request);
      if (licensee !== undefined) await context.licensees.get(key.key, licensee);
      const tags = (request.params.query.tags as string[] | undefined) ?? [];
      return success(usageReport(selectEntries(keys.entries(key.key), interval, tags, licensee), interval));
    },
    apiKeyLookups: async (request) => {
      const key = pathKey(request, keys);
      const interval = intervalOf(request.params.query.start, request.params.query.end, context.now());
      const licensee = licenseeOf(request);
      if (licensee !== undefined) await context.licensees.get(key.key, licensee);
      return {
        status: 200,
        body: lookupsCsv(selectEntries(keys.entries(key.key), interval, [], licensee)),
        headers: { 'content-type': 'text/csv; charset=utf-8' },
      };
    },
  };
}
