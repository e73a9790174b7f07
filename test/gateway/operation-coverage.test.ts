/**
 * Every operation of the four OpenAPI documents is reachable through the graph: for each
 * operationId (OPTIONS preflights excepted, they are no fields) a GraphQL operation below makes
 * the sandbox receive it and answers data. A new operation in a document fails this test until
 * it has an entry.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_API_KEY } from '../../src/sandbox/address/index.js';
import { NETA_TOKEN_ID, SANDBOX_WALLETS, SIGUSD_TOKEN_ID } from '../../src/sandbox/blockchain-utility/index.js';
import type { UpstreamName } from '../../src/gateway/config.js';
import { ROOT, startTestGateway, type TestGateway } from '../support/gateway.js';

const { alice, bob } = SANDBOX_WALLETS;
const KEY = SANDBOX_API_KEY;
const BTC = 3375;

/** What earlier steps answered, for operations that need an id another one creates. */
type Answers = Record<string, Record<string, unknown>>;

interface Step {
  upstream: UpstreamName;
  /** The operations this GraphQL operation must make the sandbox receive. */
  operations: readonly string[];
  query: string | ((answers: Answers) => string);
}

const DOCUMENTS: Readonly<Record<string, UpstreamName>> = {
  'address.yaml': 'address',
  'blockchain-utility.yaml': 'blockchain-utility',
  'country-data.yaml': 'country-data',
  'crypto-analytics.yaml': 'crypto-analytics',
};

/** The steps run in order: later ones may read earlier answers. */
const STEPS: readonly Step[] = [
  // D: country data
  { upstream: 'country-data', operations: ['listCountries'], query: '{ countries(limit: 2) { total } }' },
  { upstream: 'country-data', operations: ['countriesByCode'], query: '{ countriesByCode(q: "FR") { total } }' },
  { upstream: 'country-data', operations: ['countriesByName'], query: '{ countriesByName(q: "germ") { total } }' },
  {
    upstream: 'country-data',
    operations: ['countriesSearch'],
    query: '{ countriesSearch(property: "capitals.name", q: "ottaw") { total } }',
  },
  { upstream: 'country-data', operations: ['countriesWhere'], query: '{ countriesWhere(property: "currencies", value: "CHF") { total } }' },
  {
    upstream: 'country-data',
    operations: ['convertCurrency'],
    query: '{ convertCurrency(from: "EUR", to: "JPY", amount: 10) { result } }',
  },
  { upstream: 'country-data', operations: ['exchangeRates'], query: '{ exchangeRates { base } }' },
  { upstream: 'country-data', operations: ['exchangeRatesByPath'], query: '{ exchangeRates(base: "CHF") { base } }' },
  { upstream: 'country-data', operations: ['currencies'], query: '{ currencies { code } }' },
  { upstream: 'country-data', operations: ['ipLookup'], query: '{ ipLookup { ip } }' },
  { upstream: 'country-data', operations: ['ipLookupByPath'], query: '{ ipLookup(ip: "1.1.1.1") { ip } }' },
  {
    upstream: 'country-data',
    operations: ['userAgent'],
    query: '{ userAgent(ua: "Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0") { ua } }',
  },
  // A: crypto analytics
  { upstream: 'crypto-analytics', operations: ['tokens'], query: '{ tokens(limit: 2) { id } }' },
  {
    upstream: 'crypto-analytics',
    operations: ['tokenPrices'],
    query: `{ tokenPrices(tokens: [${BTC}], startDate: "2025-03-01", endDate: "2025-03-02") { close } }`,
  },
  {
    upstream: 'crypto-analytics',
    operations: ['investorGrades'],
    query: `{ investorGrades(tokens: [${BTC}], startDate: "2025-03-01", endDate: "2025-03-02") { date } }`,
  },
  {
    upstream: 'crypto-analytics',
    operations: ['traderGrades'],
    query: `{ traderGrades(tokens: [${BTC}], startDate: "2025-03-01", endDate: "2025-03-02") { date } }`,
  },
  {
    upstream: 'crypto-analytics',
    operations: ['sentiments'],
    query: `{ sentiments(tokens: [${BTC}], startDate: "2025-03-01", endDate: "2025-03-02") { date } }`,
  },
  { upstream: 'crypto-analytics', operations: ['quantMetricsTier1'], query: `{ quantMetricsTier1(tokens: [${BTC}]) { beta } }` },
  { upstream: 'crypto-analytics', operations: ['quantMetricsTier2'], query: `{ quantMetricsTier2(tokens: [${BTC}]) { avgDailyReturn } }` },
  { upstream: 'crypto-analytics', operations: ['resistanceSupport'], query: `{ resistanceSupport(tokens: [${BTC}]) { date } }` },
  { upstream: 'crypto-analytics', operations: ['pricePredictions'], query: `{ pricePredictions(tokens: [${BTC}]) { close } }` },
  { upstream: 'crypto-analytics', operations: ['correlations'], query: `{ correlations(tokens: [${BTC}], limit: 2) { correlation } }` },
  { upstream: 'crypto-analytics', operations: ['tradingIndicators'], query: `{ tradingIndicators(tokens: [${BTC}]) { close } }` },
  { upstream: 'crypto-analytics', operations: ['marketIndicator'], query: '{ marketIndicator(limit: 1) { date } }' },
  { upstream: 'crypto-analytics', operations: ['indices'], query: '{ indices(timeHorizon: MONTH) { blWeight } }' },
  { upstream: 'crypto-analytics', operations: ['scenarioAnalysis'], query: `{ scenarioAnalysis(tokens: [${BTC}]) { currentDominance } }` },
  // B: blockchain utility
  { upstream: 'blockchain-utility', operations: ['stablecoinState'], query: '{ stablecoinState { reserveRatio } }' },
  { upstream: 'blockchain-utility', operations: ['sigUsdPrice'], query: '{ sigUsdPrice { available } }' },
  { upstream: 'blockchain-utility', operations: ['sigRsvPrice'], query: '{ sigRsvPrice { available } }' },
  {
    upstream: 'blockchain-utility',
    operations: ['sigUsdExchangeQuote'],
    query: '{ sigUsdExchangeQuote(amount: "10000") { totalAmount } }',
  },
  { upstream: 'blockchain-utility', operations: ['sigRsvExchangeQuote'], query: '{ sigRsvExchangeQuote(amount: "100") { totalAmount } }' },
  {
    upstream: 'blockchain-utility',
    operations: ['sigUsdExchangeTransaction'],
    query: `{ sigUsdExchangeTransaction(amount: "100", address: "${alice.address}") { reducedTx } }`,
  },
  {
    upstream: 'blockchain-utility',
    operations: ['sigRsvExchangeTransaction'],
    query: `{ sigRsvExchangeTransaction(amount: "100", address: "${alice.address}") { reducedTx } }`,
  },
  { upstream: 'blockchain-utility', operations: ['ergoTokenPrices'], query: '{ ergoTokenPrices { available } }' },
  {
    upstream: 'blockchain-utility',
    operations: ['ergoTokenPrice'],
    query: `{ ergoTokenPrice(tokenId: "${NETA_TOKEN_ID}") { available } }`,
  },
  { upstream: 'blockchain-utility', operations: ['genuineErgoTokens'], query: '{ genuineErgoTokens { issuer } }' },
  { upstream: 'blockchain-utility', operations: ['blockedErgoTokens'], query: '{ blockedErgoTokens }' },
  {
    upstream: 'blockchain-utility',
    operations: ['ergoTokenCheck'],
    query: `{ ergoTokenCheck(tokenId: "${SIGUSD_TOKEN_ID}", tokenName: "SigUSD") { genuine } }`,
  },
  { upstream: 'blockchain-utility', operations: ['ergoNodePeers'], query: '{ ergoNodePeers(limit: 2) { blockHeight } }' },
  { upstream: 'blockchain-utility', operations: ['babelFeeApp'], query: '{ babelFeeApp { manifest { appName } actions { id } } }' },
  { upstream: 'blockchain-utility', operations: ['babelFeeNewOfferApp'], query: '{ babelFeeNewOfferApp { manifest { appName } } }' },
  { upstream: 'blockchain-utility', operations: ['babelFeeNotifications'], query: '{ babelFeeNotifications { message } }' },
  {
    upstream: 'blockchain-utility',
    operations: ['babelFeeOfferTransaction'],
    query: `{ babelFeeOfferTransaction(address: "${alice.address}", tokenId: "${SIGUSD_TOKEN_ID}", ergAmount: "1000000000", tokenAmount: "100") { reducedTx } }`,
  },
  {
    upstream: 'blockchain-utility',
    operations: ['submitBabelFeeOffer'],
    query: `mutation { submitBabelFeeOffer(values: { address: "${alice.address}", tokenId: "${SIGUSD_TOKEN_ID}", ergAmount: "2000000000", tokenAmount: "200" }) { appVersion } }`,
  },
  {
    upstream: 'blockchain-utility',
    operations: ['addBabelFeeOfferInput'],
    query: `mutation { addBabelFeeOfferInput(values: { tokenId: "${SIGUSD_TOKEN_ID}", ergAmount: "2000000000", tokenAmount: 200 }) { appVersion } }`,
  },
  {
    upstream: 'blockchain-utility',
    operations: ['cancelBabelFeeOfferTransaction'],
    query: (answers) => `{ cancelBabelFeeOfferTransaction(boxId: "${babelBoxId(answers)}") { reducedTx } }`,
  },
  { upstream: 'blockchain-utility', operations: ['boxConsolidationApp'], query: '{ boxConsolidationApp { manifest { appName } } }' },
  {
    upstream: 'blockchain-utility',
    operations: ['boxConsolidationTransaction'],
    query: `{ boxConsolidationTransaction(address: "${bob.address}") { reducedTx } }`,
  },
  { upstream: 'blockchain-utility', operations: ['tokenBurnApp'], query: '{ tokenBurnApp { manifest { appName } } }' },
  {
    upstream: 'blockchain-utility',
    operations: ['prepareTokenBurn'],
    query: `mutation { prepareTokenBurn(values: { address: "${alice.address}", tokenId: "${NETA_TOKEN_ID}", amount: "1000" }) { action { url } } }`,
  },
  {
    upstream: 'blockchain-utility',
    operations: ['tokenBurnRequest'],
    query: (answers) => `{ tokenBurnRequest(uuid: "${burnUuid(answers)}") { address } }`,
  },
  {
    upstream: 'blockchain-utility',
    operations: ['createPaymentRequest'],
    query: `mutation { createPaymentRequest(input: { nanoErg: "2500000", receiverAddress: "${bob.address}" }) { requestId } }`,
  },
  {
    upstream: 'blockchain-utility',
    operations: ['paymentRequest'],
    query: (answers) =>
      `{ paymentRequest(requestId: "${String(field(answers, 'createPaymentRequest', 'requestId'))}") { paymentRequestState } }`,
  },
  // C: addresses
  { upstream: 'address', operations: ['addresses'], query: '{ addresses(query: "CV4 7AL") { total } }' },
  { upstream: 'address', operations: ['addressSuggestions'], query: '{ addressSuggestions(query: "10 downing") { id } }' },
  {
    upstream: 'address',
    operations: ['resolveUkAddress'],
    query: (answers) => `{ resolveUkAddress(id: "${suggestionId(answers, 'addressSuggestions')}") { line1 } }`,
  },
  {
    upstream: 'address',
    operations: ['addressSuggestions'],
    query: '{ us: addressSuggestions(query: "350 5th Ave, New York, NY 10118", context: "usa") { id } }',
  },
  {
    upstream: 'address',
    operations: ['resolveUsAddress'],
    query: (answers) => `{ resolveUsAddress(id: "${suggestionId(answers, 'us')}") { line1 } }`,
  },
  {
    upstream: 'address',
    operations: ['cleanseAddress'],
    query: '{ cleanseAddress(input: { query: "10 downing st london", postcode: "SW1A 2AA" }) { confidence } }',
  },
  { upstream: 'address', operations: ['emailValidation'], query: '{ emailValidation(email: "jane@gmail.com") { result } }' },
  { upstream: 'address', operations: ['phoneNumberValidation'], query: '{ phoneNumberValidation(number: "+44 20 7112 8019") { valid } }' },
  { upstream: 'address', operations: ['postcodeAddresses'], query: '{ postcodeAddresses(postcode: "CV4 7AL") { total } }' },
  { upstream: 'address', operations: ['addressByUdprn'], query: '{ addressByUdprn(udprn: 23747208) { line1 } }' },
  { upstream: 'address', operations: ['addressByUmprn'], query: '{ addressByUmprn(umprn: 50906066) { line1 } }' },
  { upstream: 'address', operations: ['places'], query: '{ places(query: "coventry") { id } }' },
  { upstream: 'address', operations: ['place'], query: '{ place(id: "posttown_gbr_coventry") { name } }' },
  { upstream: 'address', operations: ['apiKey'], query: `{ apiKey(key: "${KEY}") { available } }` },
  { upstream: 'address', operations: ['apiKeyDetails'], query: `{ apiKeyDetails(key: "${KEY}") { lookupsRemaining } }` },
  { upstream: 'address', operations: ['apiKeyUsage'], query: `{ apiKeyUsage(key: "${KEY}") { total } }` },
  { upstream: 'address', operations: ['apiKeyLookups'], query: `{ apiKeyLookups(key: "${KEY}") }` },
  {
    upstream: 'address',
    operations: ['createKeyConfig'],
    query: `mutation { createKeyConfig(key: "${KEY}", input: { name: "coverage", payload: "1" }) { name } }`,
  },
  { upstream: 'address', operations: ['keyConfigs'], query: `{ keyConfigs(key: "${KEY}") { name } }` },
  { upstream: 'address', operations: ['keyConfig'], query: `{ keyConfig(key: "${KEY}", name: "coverage") { payload } }` },
  {
    upstream: 'address',
    operations: ['updateKeyConfig'],
    query: `mutation { updateKeyConfig(key: "${KEY}", name: "coverage", input: { payload: "2" }) { payload } }`,
  },
  {
    upstream: 'address',
    operations: ['deleteKeyConfig'],
    query: `mutation { deleteKeyConfig(key: "${KEY}", name: "coverage") { deleted } }`,
  },
  {
    upstream: 'address',
    operations: ['createLicensee'],
    query: `mutation { createLicensee(key: "${KEY}", input: { name: "Widgets Ltd", postcode: "e144hd" }) { key } }`,
  },
  { upstream: 'address', operations: ['licensees'], query: `{ licensees(key: "${KEY}", limit: 10) { hasMore } }` },
  {
    upstream: 'address',
    operations: ['licensee'],
    query: (answers) => `{ licensee(key: "${KEY}", id: "${licenseeKey(answers)}") { name } }`,
  },
  {
    upstream: 'address',
    operations: ['updateLicensee'],
    query: (answers) =>
      `mutation { updateLicensee(key: "${KEY}", id: "${licenseeKey(answers)}", input: { name: "Widgets plc" }) { name } }`,
  },
  {
    upstream: 'address',
    operations: ['deleteLicensee'],
    query: (answers) => `mutation { deleteLicensee(key: "${KEY}", id: "${licenseeKey(answers)}") { deleted } }`,
  },
];

function field(answers: Answers, name: string, key: string): unknown {
  const value = answers[name];
  if (!value) throw new Error(`no earlier answer for ${name}`);
  return value[key];
}

function suggestionId(answers: Answers, name: string): string {
  const list = answers[`${name}[]`];
  return String(list?.id);
}

function licenseeKey(answers: Answers): string {
  return String(field(answers, 'createLicensee', 'key'));
}

function burnUuid(answers: Answers): string {
  const action = field(answers, 'prepareTokenBurn', 'action') as { url: string };
  return /([0-9a-f-]{36})$/.exec(action.url)?.[1] ?? '';
}

/** The babel app offers a cancel action for each open offer: `cancel-<boxId>`. */
function babelBoxId(answers: Answers): string {
  const actions = field(answers, 'babelFeeApp', 'actions') as { id: string }[];
  return actions.find((action) => action.id.startsWith('cancel-'))?.id.slice('cancel-'.length) ?? '';
}

function documentedOperations(): { upstream: UpstreamName; operationId: string }[] {
  const folder = join(ROOT, 'schema');
  return readdirSync(folder)
    .filter((file) => file.endsWith('.yaml'))
    .flatMap((file) => {
      const upstream = DOCUMENTS[file];
      if (!upstream) throw new Error(`schema/${file} has no upstream in this test`);
      const document = parseYaml(readFileSync(join(folder, file), 'utf8')) as {
        paths: Record<string, Record<string, { operationId?: string }>>;
      };
      return Object.values(document.paths).flatMap((item) =>
        Object.entries(item)
          .filter(([method, operation]) => method !== 'options' && typeof operation === 'object' && operation.operationId)
          .map(([, operation]) => ({ upstream, operationId: String(operation.operationId) })),
      );
    });
}

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

describe('every documented operation is reachable through the graph', () => {
  it('each operation of the four documents has a step', () => {
    const covered = new Set(STEPS.flatMap((step) => step.operations.map((operation) => `${step.upstream} ${operation}`)));
    const documented = documentedOperations();
    expect(documented.length).toBe(79);
    expect(documented.filter(({ upstream, operationId }) => !covered.has(`${upstream} ${operationId}`))).toEqual([]);
  });

  it('each step makes its sandbox receive the operation and answers data', async () => {
    const answers: Answers = {};
    const failures: string[] = [];
    for (const step of STEPS) {
      const sandbox = gw.sandboxes[step.upstream];
      if (!sandbox) throw new Error(`the ${step.upstream} sandbox is not running`);
      sandbox.requests.splice(0);
      let query = '';
      try {
        query = typeof step.query === 'string' ? step.query : step.query(answers);
      } catch (error) {
        failures.push(`${step.operations.join(', ')}: ${String(error)}`);
        continue;
      }
      const result = await gw.query(query, { headers: { 'x-forwarded-for': '81.2.69.142' } });
      const values = Object.entries(result.data ?? {});
      for (const [name, value] of values) {
        const record = Array.isArray(value) ? value[0] : value;
        if (typeof record === 'object' && record !== null) answers[Array.isArray(value) ? `${name}[]` : name] = record;
      }
      const received = sandbox.requests.map((request) => request.operationId);
      const missing = step.operations.filter((operation) => !received.includes(operation));
      if (result.errors) failures.push(`${query} → ${JSON.stringify(result.errors)}`);
      else if (values.length === 0 || values.some(([, value]) => value === null)) failures.push(`${query} → no data`);
      else if (missing.length > 0)
        failures.push(`${query} → the sandbox did not receive ${missing.join(', ')} (got ${received.join(', ')})`);
    }
    expect(failures).toEqual([]);
  });
});
