import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isValidBabelBox } from '@fleet-sdk/babel-fees-plugin';
import { ErgoAddress, Network } from '@fleet-sdk/core';
import { decode } from '@fleet-sdk/serializer';
import { type OperationDefinitionNode, parse, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readErgoPayTransaction } from '../../src/sandbox/blockchain-utility/ergopay-reader.js';
import {
  createBlockchainUtilitySandbox,
  NETA_TOKEN_ID,
  SANDBOX_WALLETS,
  SIGRSV_TOKEN_ID,
  SIGUSD_TOKEN_ID,
} from '../../src/sandbox/blockchain-utility/index.js';
import type { SandboxDefinition } from '../../src/sandbox/sandbox-server.js';
import { quoteUnsafeIntegers } from '../../src/gateway/upstream/lossless-json.js';
import { ROOT, startTestGateway, type TestGateway } from '../support/gateway.js';

const NOON = Date.UTC(2026, 10, 22, 12);
const { alice, bob, erin } = SANDBOX_WALLETS;
const dataDir = mkdtempSync(join(tmpdir(), 'gateway-blockchain-utility-'));
const definition = createBlockchainUtilitySandbox({ dataDir, seed: 'gateway-test', now: () => NOON });
let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway({ definitions: { 'blockchain-utility': definition } });
});
afterAll(async () => {
  await gw.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** GraphQL answers, read field by field by the tests. */
type Data = Record<string, any>;

async function data(query: string, variables?: Record<string, unknown>): Promise<Data> {
  const result = await gw.query(query, { variables });
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data as Data;
}

async function errorOf(query: string, variables?: Record<string, unknown>) {
  const result = await gw.query(query, { variables });
  expect(result.errors?.length, JSON.stringify(result)).toBeGreaterThan(0);
  return result.errors?.[0] as { message: string; extensions: Record<string, unknown> };
}

/** The sandbox's own answer, for comparing the graph with the REST interface. */
async function rest(path: string): Promise<Data> {
  const response = await fetch(`${gw.sandboxes['blockchain-utility']?.url}${path}`);
  return (await response.json()) as Data;
}

function requestsTo(operationId: string): number {
  return gw.sandboxes['blockchain-utility']?.requests.filter((record) => record.operationId === operationId).length ?? 0;
}

describe('the issue\'s "done when" query', () => {
  it('answers from the sandbox, and its babel box passes isValidBabelBox', async () => {
    const result =
      await data(`{ stablecoinState { reserveRatio sigUsdPrice sigRsvPrice } babelFeeOfferTransaction(address: "${alice.address}",
   tokenId: "${SIGUSD_TOKEN_ID}", ergAmount: "1000000000", tokenAmount: "100") { messageSeverity reducedTx } }`);
    const info = await rest('/stablecoin/info');
    expect(result.stablecoinState).toEqual({
      reserveRatio: info.reserveRatio,
      sigUsdPrice: String(info.sigUsdPrice),
      sigRsvPrice: String(info.sigRsvPrice),
    });
    expect(result.babelFeeOfferTransaction.messageSeverity).toBe('INFORMATION');
    const babel = readErgoPayTransaction(result.babelFeeOfferTransaction.reducedTx).outputs.filter((output) => isValidBabelBox(output));
    expect(babel).toHaveLength(1);
    expect(babel[0]?.value).toBe(1_000_000_000n);
    expect(decode(babel[0]?.additionalRegisters.R5)?.data).toBe(10_000_000n);
  });

  it('an invalid address is refused by the gateway (ErgoAddress checksum), naming it, with no upstream request', async () => {
    const typo = `${alice.address.slice(0, -1)}${alice.address.endsWith('z') ? 'y' : 'z'}`;
    const before = gw.sandboxes['blockchain-utility']?.requests.length;
    const error = await errorOf(
      `{ babelFeeOfferTransaction(address: "${typo}", tokenId: "${SIGUSD_TOKEN_ID}", ergAmount: "1000000000", tokenAmount: "100") { reducedTx } }`,
    );
    expect(error.message).toContain(typo);
    expect(error.extensions).toEqual({ code: 'BAD_USER_INPUT', argument: 'address' });
    expect(gw.sandboxes['blockchain-utility']?.requests.length).toBe(before);
  });

  it('an address TokenJay itself refuses still surfaces as its 400, naming the address', async () => {
    // A valid testnet address passes the checksum but the mainnet service refuses it.
    const testnet = ErgoAddress.fromPublicKey(alice.publicKey, Network.Testnet).encode(Network.Testnet);
    const error = await errorOf(`{ boxConsolidationTransaction(address: "${testnet}") { reducedTx } }`);
    expect(error.message).toContain(testnet);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', upstream: 'blockchain-utility', status: 400, retryable: false });
  });
});

describe('every query field', () => {
  it('SigmaUSD: state, prices, quotes and exchange transactions, with ERG decimals', async () => {
    const result = await data(`{
      stablecoinState { reserveRatio sigUsdPrice sigRsvPrice sigUsdPriceInErg sigRsvPriceInErg }
      sigUsdPrice { tokenId displayName price tokensPerErg ergPerToken available volumeLastDay lastUpdated }
      sigRsvPrice { tokenId price }
      buy: sigUsdExchangeQuote(amount: "10000") { ergAmount ergAmountDescription bankFeeAmount bankFeeDescription jayFeeAmount jayFeeDescription exchangeRate totalAmount totalAmountInErg }
      sell: sigRsvExchangeQuote(amount: -500) { totalAmount }
      usdTx: sigUsdExchangeTransaction(amount: "250", address: "${alice.address}") { address addresses message messageSeverity reducedTx reducedTxList }
      rsvTx: sigRsvExchangeTransaction(amount: "-100", address: "${alice.address}", checkRate: "0", executionFee: "2000000") { reducedTx }
    }`);
    const info = await rest('/stablecoin/info');
    expect(result.stablecoinState.sigUsdPriceInErg).toBe(String(info.sigUsdPrice / 1e7));
    expect(result.sigUsdPrice).toMatchObject({ tokenId: SIGUSD_TOKEN_ID, displayName: 'SigUSD', lastUpdated: String(NOON) });
    expect(result.sigUsdPrice.ergPerToken).toBe(result.stablecoinState.sigUsdPriceInErg);
    expect(Number(result.sigUsdPrice.tokensPerErg)).toBeCloseTo(Number(result.sigUsdPrice.price) / 1e9, 9);
    expect(result.sigRsvPrice.tokenId).toBe(SIGRSV_TOKEN_ID);
    const quote = await rest('/sigusd/exchange/10000/info');
    expect(result.buy).toMatchObject({
      ergAmount: String(quote.ergAmount),
      totalAmount: String(quote.totalAmount),
      exchangeRate: String(quote.exchangeRate),
    });
    expect(result.buy.totalAmountInErg).toBe((quote.totalAmount / 1e9).toString());
    expect(result.usdTx).toMatchObject({ address: alice.address, addresses: [alice.address], messageSeverity: 'INFORMATION' });
    expect(readErgoPayTransaction(result.rsvTx.reducedTx).outputs.some((output) => output.value === 2_000_000n)).toBe(true);
  });

  it('babel fees, box consolidation and token burn', async () => {
    const babelBox = JSON.parse(readFileSync(join(dataDir, 'chain-state.json'), 'utf8')).utxos.find((box: Data) =>
      isValidBabelBox(box as never),
    );
    const result = await data(`{
      babelFeeApp { manifest { appName appVersion targetMosaikVersion targetCanvasDimension cacheLifetime notificationCheckUrl } actions { id type url } view { type children { type id attributes { name value json } children { type } } } }
      babelFeeNewOfferApp { actions { id type url postValues } view { children { type id attributes { name value json } } } }
      babelFeeNotifications { message messageTs nextCheck }
      cancel: cancelBabelFeeOfferTransaction(boxId: "${babelBox.boxId}") { address reducedTx }
      boxConsolidationApp { actions { type url } }
      boxConsolidationTransaction(address: "${bob.address}") { address reducedTx }
      tokenBurnApp { actions { type url postValues } }
    }`);
    expect(result.babelFeeApp.manifest).toMatchObject({
      appName: 'Babel Fees',
      appVersion: 1,
      targetCanvasDimension: 'MEDIUM_WIDTH',
      cacheLifetime: 0,
    });
    expect(
      result.babelFeeApp.actions.some((action: Data) => action.id === `cancel-${babelBox.boxId}` && action.type === 'ERGO_PAY_ACTION'),
    ).toBe(true);
    expect(result.babelFeeApp.view.children[0]).toMatchObject({
      type: 'Label',
      attributes: [
        { name: 'text', value: 'Babel fee offers', json: '"Babel fee offers"' },
        { name: 'style', value: 'HEADLINE1', json: '"HEADLINE1"' },
      ],
    });
    const dropdown = result.babelFeeNewOfferApp.view.children.find((child: Data) => child.id === 'tokenId');
    const entries = dropdown.attributes.find((attribute: Data) => attribute.name === 'entries');
    expect(entries.value).toBeNull();
    expect(JSON.parse(entries.json)[NETA_TOKEN_ID]).toBe('NETA');
    expect(result.babelFeeNotifications.nextCheck).toBe(60);
    expect(typeof result.babelFeeNotifications.messageTs).toBe('string');
    expect(readErgoPayTransaction(result.cancel.reducedTx).inputs).toEqual([{ boxId: babelBox.boxId, extension: {} }]);
    expect(result.boxConsolidationApp.actions[0].url).toMatch(/#P2PK_ADDRESS#$/);
    expect(readErgoPayTransaction(result.boxConsolidationTransaction.reducedTx).inputs).toHaveLength(12);
    expect(result.tokenBurnApp.actions[0]).toMatchObject({ type: 'BACKEND_REQUEST_ACTION', postValues: 'ALL' });
  });

  it('tokens, prices and node peers', async () => {
    const result = await data(`{
      genuineErgoTokens { tokenId tokenName uniqueName issuer }
      blockedErgoTokens
      verified: ergoTokenCheck(tokenId: "${SIGUSD_TOKEN_ID}", tokenName: "SigUSD") { genuine token { tokenName issuer } }
      lookalike: ergoTokenCheck(tokenId: "${'ab'.repeat(32)}", tokenName: "NETA") { genuine token { tokenId } }
      ergoTokenPrices { tokenId displayName price tokensPerErg ergPerToken available volumeLastDay lastUpdated }
      neta: ergoTokenPrice(tokenId: "${NETA_TOKEN_ID}") { price available }
      ergoNodePeers(limit: 3, unreachable: true, closedApi: true) { url name blockHeight headerHeight lastSeen responseTime openRestApi blockchainApi }
    }`);
    expect(result.genuineErgoTokens).toHaveLength(6);
    expect(result.blockedErgoTokens).toEqual(await rest('/tokens/listBlocked'));
    expect(result.verified).toEqual({ genuine: 1, token: { tokenName: 'SigUSD', issuer: 'sigmausd.io' } });
    expect(result.lookalike).toEqual({ genuine: 2, token: { tokenId: NETA_TOKEN_ID } });
    expect(result.ergoTokenPrices).toHaveLength(6);
    expect(result.ergoTokenPrices[2]).toMatchObject(result.neta);
    expect(result.ergoNodePeers).toHaveLength(3);
    expect(result.ergoNodePeers[0].blockHeight).toMatch(/^\d+$/);
  });

  it('paymentRequest follows a request made through the mutation', async () => {
    const { createPaymentRequest } = await data(
      `mutation { createPaymentRequest(input: { nanoErg: "2500000", receiverAddress: "${erin.address}", message: "gateway test" }) { requestId ergoPayUrl } }`,
    );
    const { paymentRequest } = await data(
      `{ paymentRequest(requestId: "${createPaymentRequest.requestId}") { requestId paymentRequestState txId } }`,
    );
    expect(paymentRequest).toEqual({ requestId: createPaymentRequest.requestId, paymentRequestState: 'CREATED', txId: null });
  });
});

describe('mutations', () => {
  it('submitBabelFeeOffer, addBabelFeeOfferInput and prepareTokenBurn take the form values; tokenBurnRequest answers the burn', async () => {
    const result = await data(`mutation {
      submitBabelFeeOffer(values: { address: "${alice.address}", tokenId: "${SIGUSD_TOKEN_ID}", ergAmount: "2000000000", tokenAmount: "200" }) { appVersion action { id type url } }
      addBabelFeeOfferInput(values: { tokenId: "${SIGUSD_TOKEN_ID}", ergAmount: "2000000000", tokenAmount: 200 }) { action { type newContent { view { id attributes { name value } } } } }
      prepareTokenBurn(values: { address: "${alice.address}", tokenId: "${NETA_TOKEN_ID}", amount: "1000" }) { action { id type url } }
    }`);
    expect(result.submitBabelFeeOffer.action.url).toContain(
      `/createbabel/${alice.address}?tokenId=${SIGUSD_TOKEN_ID}&ergAmount=2000000000&tokenAmount=200`,
    );
    expect(result.addBabelFeeOfferInput.action.newContent.view.attributes).toContainEqual({
      name: 'text',
      value: 'Price: 10000000 nanoERG per raw unit (1 SigUSD = 1.000000000 ERG).',
    });
    const uuid = /get\/([0-9a-f-]{36})$/.exec(result.prepareTokenBurn.action.url)?.[1];
    const { tokenBurnRequest } = await data(`{ tokenBurnRequest(uuid: "${uuid}") { address message } }`);
    expect(tokenBurnRequest).toEqual({ address: alice.address, message: 'Burn 0.001000 NETA for good.' });
  });

  it('are sent once: a refused mutation is not retried', async () => {
    const mutation = `mutation { createPaymentRequest(input: { nanoErg: "3000000", receiverAddress: "${bob.address}", senderAddress: "${erin.address}" }) { requestId } }`;
    await data(mutation);
    const before = requestsTo('createPaymentRequest');
    const error = await errorOf(mutation);
    expect(error.extensions).toMatchObject({ code: 'CONFLICT', status: 409, retryable: false });
    expect(requestsTo('createPaymentRequest')).toBe(before + 1);
  });
});

describe('bad input to every field gives a coded GraphQL error', () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ['{ sigUsdExchangeQuote(amount: "0") { totalAmount } }', 'BAD_USER_INPUT', { status: 400 }],
    ['{ sigRsvExchangeQuote(amount: "1.5") { totalAmount } }', 'BAD_USER_INPUT', {}],
    ['{ sigUsdExchangeQuote(amount: "99999999999999999999") { totalAmount } }', 'BAD_USER_INPUT', {}],
    ['{ sigRsvExchangeQuote(amount: "100000000000") { totalAmount } }', 'CONFLICT', { status: 409 }],
    [`{ sigUsdExchangeTransaction(amount: "100", address: "${erin.address}") { reducedTx } }`, 'CONFLICT', { status: 409 }],
    [`{ sigRsvExchangeTransaction(amount: "100", address: "nope") { reducedTx } }`, 'BAD_USER_INPUT', { argument: 'address' }],
    [
      `{ babelFeeOfferTransaction(address: "${alice.address}", tokenId: "${SIGUSD_TOKEN_ID}", ergAmount: "5", tokenAmount: "1") { reducedTx } }`,
      'BAD_USER_INPUT',
      { status: 400 },
    ],
    ['{ cancelBabelFeeOfferTransaction(boxId: "12") { reducedTx } }', 'BAD_USER_INPUT', {}],
    [`{ cancelBabelFeeOfferTransaction(boxId: "${'0'.repeat(64)}") { reducedTx } }`, 'NOT_FOUND', { status: 404 }],
    [`{ boxConsolidationTransaction(address: "${erin.address}") { reducedTx } }`, 'CONFLICT', { status: 409 }],
    ['{ tokenBurnRequest(uuid: "00000000-0000-4000-8000-000000000000") { reducedTx } }', 'NOT_FOUND', { status: 404 }],
    ['{ tokenBurnRequest(uuid: "x") { reducedTx } }', 'BAD_USER_INPUT', {}],
    ['{ paymentRequest(requestId: "00000000-0000-4000-8000-000000000000") { paymentRequestState } }', 'NOT_FOUND', { status: 404 }],
    ['{ ergoNodePeers(limit: 0) { url } }', 'BAD_USER_INPUT', { argument: 'limit' }],
    ['{ ergoTokenCheck(tokenId: "SigUSD", tokenName: "SigUSD") { genuine } }', 'BAD_USER_INPUT', {}],
    [`{ ergoTokenPrice(tokenId: "${'cd'.repeat(32)}") { price } }`, 'NOT_FOUND', { status: 404 }],
    [
      'mutation { submitBabelFeeOffer(values: { address: "x", tokenId: "y", ergAmount: "1", tokenAmount: "1" }) { appVersion } }',
      'BAD_USER_INPUT',
      { status: 400 },
    ],
    ['mutation { addBabelFeeOfferInput(values: { ergAmount: "ten" }) { appVersion } }', 'BAD_USER_INPUT', {}],
    [
      `mutation { prepareTokenBurn(values: { address: "${erin.address}", tokenId: "${NETA_TOKEN_ID}", amount: "5" }) { appVersion } }`,
      'CONFLICT',
      { status: 409 },
    ],
    [
      `mutation { createPaymentRequest(input: { nanoErg: "1", receiverAddress: "${bob.address}" }) { requestId } }`,
      'BAD_USER_INPUT',
      { status: 400 },
    ],
  ];

  it.each(cases)('%s → %s', async (query, code, extensions) => {
    const error = await errorOf(query);
    expect(error.extensions).toMatchObject({ code, ...extensions });
    if ('status' in extensions) expect(error.message).toMatch(/^blockchain-utility: /);
  });
});

describe('Long keeps int64 values exact', () => {
  it('quoteUnsafeIntegers quotes only integer literals beyond 2^53, outside strings', () => {
    const text =
      '{"a":12345678901234567890,"b":"99999999999999999999","c":[1,-9007199254740993,2.5e30,9007199254740991],"d":"x\\"123456789012345678901"}';
    expect(quoteUnsafeIntegers(text)).toBe(
      '{"a":"12345678901234567890","b":"99999999999999999999","c":[1,"-9007199254740993",2.5e30,9007199254740991],"d":"x\\"123456789012345678901"}',
    );
    expect(quoteUnsafeIntegers('{"ok":true}')).toBe('{"ok":true}');
  });

  it('an upstream value beyond 2^53 reaches the client digit for digit', async () => {
    const big: SandboxDefinition = {
      ...definition,
      handlers: {
        ...definition.handlers,
        stablecoinState: () => ({
          status: 200,
          body: '{"reserveRatio":512,"sigUsdPrice":12345678901234567,"sigRsvPrice":1}',
          headers: { 'content-type': 'application/json' },
        }),
      },
    };
    const local = await startTestGateway({ definitions: { 'blockchain-utility': big } });
    try {
      const result = await local.query('{ stablecoinState { reserveRatio sigUsdPrice sigRsvPrice sigUsdPriceInErg } }');
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({
        stablecoinState: {
          reserveRatio: 512,
          sigUsdPrice: '12345678901234567',
          sigRsvPrice: '1',
          sigUsdPriceInErg: '1234567890.1234567',
        },
      });
    } finally {
      await local.close();
    }
  });

  it('Long arguments accept strings, integer literals and variables', async () => {
    const result = await data(
      'query ($amount: Long!) { a: sigUsdExchangeQuote(amount: "100") { totalAmount } b: sigUsdExchangeQuote(amount: 100) { totalAmount } c: sigUsdExchangeQuote(amount: $amount) { totalAmount } }',
      {
        amount: '100',
      },
    );
    expect(new Set([result.a.totalAmount, result.b.totalAmount, result.c.totalAmount]).size).toBe(1);
  });
});

describe('example operations', () => {
  const file = join(ROOT, 'test', 'examples', 'blockchain-utility.graphql');
  const operations = parse(readFileSync(file, 'utf8')).definitions.filter(
    (node): node is OperationDefinitionNode => node.kind === 'OperationDefinition',
  );

  it.each(operations.map((operation) => [operation.name?.value ?? '(anonymous)', print(operation)]))(
    '%s runs with no errors',
    async (_name, text) => {
      const result = await data(text);
      expect(Object.values(result).every((value) => value !== null)).toBe(true);
    },
  );
});

describe('blockedErgoTokens', () => {
  it('is a non-null list of ErgoIds, as B lists them', async () => {
    const result = await data('{ blockedErgoTokens }');
    const listed = (await (await fetch(`${gw.sandboxes['blockchain-utility']?.url}/tokens/listBlocked`)).json()) as string[];
    expect(result.blockedErgoTokens).toEqual(listed);
    expect(result.blockedErgoTokens.every((id: string) => /^[0-9a-f]{64}$/.test(id))).toBe(true);
    const type = await data('{ __schema { queryType { fields { name type { kind ofType { kind ofType { kind ofType { name } } } } } } } }');
    const field = type.__schema.queryType.fields.find((candidate: Data) => candidate.name === 'blockedErgoTokens');
    expect(field.type).toEqual({ kind: 'NON_NULL', ofType: { kind: 'LIST', ofType: { kind: 'NON_NULL', ofType: { name: 'ErgoId' } } } });
  });
});
