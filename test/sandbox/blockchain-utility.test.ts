import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BabelSwapPlugin, buildBabelContract, isBabelContractForTokenId, isValidBabelBox } from '@fleet-sdk/babel-fees-plugin';
import type { Box, EIP12UnsignedTransaction } from '@fleet-sdk/common';
import { ErgoAddress, FEE_CONTRACT, RECOMMENDED_MIN_FEE_VALUE, TransactionBuilder } from '@fleet-sdk/core';
import { hex } from '@fleet-sdk/crypto';
import { execute, mockBlockchainStateContext } from '@fleet-sdk/mock-chain';
import { decode } from '@fleet-sdk/serializer';
import { ErgoHDKey } from '@fleet-sdk/wallet';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BankState,
  mintableAmount,
  planExchange,
  reserveRatio,
  sigRsvPrice,
  sigUsdPrice,
} from '../../src/sandbox/blockchain-utility/ageusd.js';
import { heightAt, SIGMAUSD_BANK_CONTRACT } from '../../src/sandbox/blockchain-utility/constants.js';
import { type DecodedTransaction, readErgoPayTransaction } from '../../src/sandbox/blockchain-utility/ergopay-reader.js';
import {
  BLOCKCHAIN_UTILITY_DOCUMENT,
  createBlockchainUtilitySandbox,
  ERDOGE_TOKEN_ID,
  impersonatorTokenId,
  KUSHTI_TOKEN_ID,
  LUNADOG_TOKEN_ID,
  NETA_TOKEN_ID,
  SANDBOX_WALLETS,
  SIGMAUSD_BANK_NFT_ID,
  SIGRSV_TOKEN_ID,
  SIGUSD_TOKEN_ID,
  TOKENJAY_FEE_WALLET,
} from '../../src/sandbox/blockchain-utility/index.js';
import { oracleBoxAt } from '../../src/sandbox/blockchain-utility/oracle.js';
import type { ChainState } from '../../src/sandbox/blockchain-utility/state.js';
import { type RunningSandbox, type SandboxDefinition, startSandbox } from '../../src/sandbox/sandbox-server.js';

const SEED = 'test-seed';
const NOON = Date.UTC(2026, 10, 22, 12, 0, 0);
const { alice, bob, carol, dave, erin } = SANDBOX_WALLETS;
const treeOf = (address: string) => ErgoAddress.fromBase58(address).ergoTree;

interface Fixture {
  definition: SandboxDefinition;
  running: RunningSandbox;
  dataDir: string;
  clock: { now: number };
}

const fixtures: Fixture[] = [];

async function openFixture(options: { seed?: string; dataDir?: string; now?: number } = {}): Promise<Fixture> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'blockchain-utility-'));
  const clock = { now: options.now ?? NOON };
  const definition = createBlockchainUtilitySandbox({ dataDir, seed: options.seed ?? SEED, now: () => clock.now });
  const fixture = { definition, running: await startSandbox(definition, 0), dataDir, clock };
  fixtures.push(fixture);
  return fixture;
}

afterAll(async () => {
  for (const fixture of fixtures) {
    await fixture.running.close().catch(() => undefined);
    rmSync(fixture.dataDir, { recursive: true, force: true });
  }
});

interface Answer {
  status: number;
  body: unknown;
  /** The body as JSON, read field by field by the tests. */
  json: any;
}

/** Calls the sandbox and checks the answer against the document (status and body). */
async function call(fixture: Fixture, path: string, init: { method?: string; body?: unknown } = {}): Promise<Answer> {
  const method = init.method ?? 'GET';
  const response = await fetch(`${fixture.running.url}${path}`, {
    method,
    ...(init.body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.startsWith('application/json') ?? false;
  const body: unknown = isJson ? JSON.parse(text) : text;
  const match = fixture.definition.contract.match(method, new URL(path, 'http://x').pathname);
  expect(match, `${method} ${path} is documented`).toBeDefined();
  if (match)
    expect(fixture.definition.contract.validateResponse(match.operationId, response.status, body), `${method} ${path}`).toEqual([]);
  if (response.status >= 400) expect(isJson, 'errors are plain text').toBe(false);
  return { status: response.status, body, json: body };
}

/** An ErgoPay or Mosaik URL of the sandbox as a path to fetch. */
function pathOf(url: string): string {
  return url.replace(/^(ergopay|http):\/\/[^/]+/, '');
}

function stateOf(fixture: Fixture): ChainState {
  return JSON.parse(readFileSync(join(fixture.dataDir, 'chain-state.json'), 'utf8')) as ChainState;
}

function registerLong(box: { additionalRegisters: Record<string, string | undefined> }, register: string): bigint {
  return decode<bigint>(box.additionalRegisters[register])?.data as bigint;
}

function tokenAmount(boxes: { assets: { tokenId: string; amount: bigint | string }[] }[], tokenId: string): bigint {
  return boxes
    .flatMap((box) => box.assets)
    .filter((asset) => asset.tokenId === tokenId)
    .reduce((sum, asset) => sum + BigInt(asset.amount), 0n);
}

const signers = [...Object.values(SANDBOX_WALLETS)].map((wallet) => new ErgoHDKey({ privateKey: hex.decode(wallet.secretKey) }));

/** Runs a decoded ErgoPay transaction through the real ErgoScript interpreter (mock-chain), signed by the sandbox wallets. */
function executeTransaction(fixture: Fixture, transaction: DecodedTransaction, extraBoxes: Box<string>[] = []) {
  const known = [...stateOf(fixture).utxos, oracleBoxAt(SEED, fixture.clock.now), ...extraBoxes];
  const full = (boxId: string) => {
    const box = known.find((candidate) => candidate.boxId === boxId);
    if (!box) throw new Error(`input ${boxId} is not in the sandbox state`);
    return box;
  };
  const unsigned = {
    id: transaction.id,
    inputs: transaction.inputs.map((input) => ({ ...full(input.boxId), extension: input.extension ?? {} })),
    dataInputs: transaction.dataInputs.map((input) => full(input.boxId)),
    outputs: transaction.outputs.map((output) => ({
      value: output.value.toString(),
      ergoTree: output.ergoTree,
      creationHeight: output.creationHeight,
      assets: output.assets.map((asset) => ({ tokenId: asset.tokenId, amount: asset.amount.toString() })),
      additionalRegisters: output.additionalRegisters,
    })),
  } as unknown as EIP12UnsignedTransaction;
  const context = mockBlockchainStateContext({ headers: { quantity: 10, fromHeight: heightAt(fixture.clock.now) - 10 } });
  return execute(unsigned, signers, { context });
}

/** The bank per EIP-15, recomputed here independently of the sandbox's module. */
function expectedBank(fixture: Fixture) {
  const bankBox = stateOf(fixture).utxos.find((box) => box.assets.some((asset) => asset.tokenId === SIGMAUSD_BANK_NFT_ID));
  if (!bankBox) throw new Error('no bank box');
  const reserve = BigInt(bankBox.value);
  const sc = registerLong(bankBox, 'R4');
  const rc = registerLong(bankBox, 'R5');
  const oracleBox = oracleBoxAt(SEED, fixture.clock.now);
  const rate = registerLong(oracleBox, 'R4') / 100n;
  const liabilities = reserve < sc * rate ? reserve : sc * rate;
  const scPrice = liabilities / sc < rate ? liabilities / sc : rate;
  const equity = reserve - liabilities;
  const rcPrice = equity === 0n ? 1_000_000n : equity / rc;
  return { bankBox, oracleBox, reserve, sc, rc, rate, scPrice, rcPrice, ratio: (reserve * 100n) / (sc * rate) };
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.0.3 document', async () => {
    const result = await new Validator().validate(BLOCKCHAIN_UTILITY_DOCUMENT);
    expect(result.valid, JSON.stringify(result.errors)).toBe(true);
  });

  it('has the 27 operations with the GraphQL field names, each documenting 400, 401, 404 and 409 as plain text', () => {
    const { contract } = createBlockchainUtilitySandbox({ dataDir: join(tmpdir(), 'unused') });
    expect([...contract.operationIds].sort()).toEqual(
      [
        'stablecoinState',
        'sigUsdPrice',
        'sigRsvPrice',
        'sigUsdExchangeQuote',
        'sigRsvExchangeQuote',
        'sigUsdExchangeTransaction',
        'sigRsvExchangeTransaction',
        'babelFeeOfferTransaction',
        'cancelBabelFeeOfferTransaction',
        'babelFeeApp',
        'babelFeeNewOfferApp',
        'babelFeeNotifications',
        'boxConsolidationApp',
        'boxConsolidationTransaction',
        'tokenBurnApp',
        'tokenBurnRequest',
        'paymentRequest',
        'ergoNodePeers',
        'ergoTokenCheck',
        'blockedErgoTokens',
        'genuineErgoTokens',
        'ergoTokenPrices',
        'ergoTokenPrice',
        'submitBabelFeeOffer',
        'addBabelFeeOfferInput',
        'prepareTokenBurn',
        'createPaymentRequest',
      ].sort(),
    );
    for (const operationId of contract.operationIds) {
      for (const status of [400, 401, 404, 409])
        expect(contract.validateResponse(operationId, status, 'some text'), `${operationId} ${status}`).toEqual([]);
    }
  });
});

describe('AgeUSD arithmetic (test vectors of ergo-appkit, as used by fleet-sdk’s AgeUSD plugin)', () => {
  const vector = (reserve: bigint, scCirc: bigint, rcCirc: bigint, datapoint: bigint): BankState => ({
    reserve,
    scCirc,
    rcCirc,
    rate: datapoint / 100n,
  });

  it('prices and reserve ratio match the published vectors', () => {
    const cases = [
      { bank: vector(1477201069508651n, 160402193n, 1375438973n, 210526315n), sc: 2105263n, rc: 828471n, ratio: 437n },
      { bank: vector(1454615342036303n, 155058786n, 1361641506n, 229357798n), sc: 2293577n, rc: 807096n, ratio: 409n },
      { bank: vector(145461534203630n, 155058786n, 1361641506n, 229357798n), sc: 938105n, rc: 1_000_000n, ratio: 40n },
      { bank: vector(14546153420363000n, 155058786n, 1361641506n, 229357798n), sc: 2293577n, rc: 10421622n, ratio: 4090n },
    ];
    for (const { bank, sc, rc, ratio } of cases) {
      expect(sigUsdPrice(bank)).toBe(sc);
      expect(sigRsvPrice(bank)).toBe(rc);
      expect(reserveRatio(bank.reserve, bank.scCirc, bank.rate)).toBe(ratio);
    }
  });

  it('mints up to the band edges and refuses one unit more', () => {
    const bank = vector(1477201069508651n, 160402193n, 1375438973n, 210526315n);
    const stable = mintableAmount(bank, 'SigUSD');
    expect(planExchange(bank, 'SigUSD', stable).ratioAfter).toBe(400n);
    expect(planExchange(bank, 'SigUSD', stable + 1n).refusal).toMatch(/below the minimum of 400/);
    const reserve = mintableAmount(bank, 'SigRSV');
    expect(planExchange(bank, 'SigRSV', reserve).ratioAfter).toBe(800n);
    expect(planExchange(bank, 'SigRSV', reserve + 1n).refusal).toMatch(/above the maximum of 800/);
    // Below 400 % nobody may mint SigUSD, yet SigUSD can always be redeemed.
    const low = vector(145461534203630n, 155058786n, 1361641506n, 229357798n);
    expect(mintableAmount(low, 'SigUSD')).toBe(0n);
    expect(planExchange(low, 'SigUSD', -155058786n).refusal).toBeUndefined();
    expect(planExchange(low, 'SigUSD', -155058787n).refusal).toMatch(/circulate/);
  });

  it('charges 2 % both ways, rounding toward zero like ErgoScript', () => {
    const bank = vector(1482462367921576n, 52712258n, 2523461270n, 810403224n);
    expect(sigUsdPrice(bank)).toBe(8_104_032n);
    expect(sigRsvPrice(bank)).toBe(418_187n);
    expect(reserveRatio(bank.reserve, bank.scCirc, bank.rate)).toBe(347n);
    const mint = planExchange(bank, 'SigUSD', 15000n);
    expect(mint.refusal).toMatch(/below the minimum/);
    expect(mint.base).toBe(121_560_480_000n);
    expect(mint.bankFee).toBe(2_431_209_600n);
    expect(mint.reserveDelta).toBe(123_991_689_600n);
    const redeem = planExchange(bank, 'SigRSV', -40504n);
    expect(redeem.base).toBe(-16_938_246_248n);
    expect(redeem.bankFee).toBe(338_764_924n);
    expect(redeem.reserveDelta).toBe(-16_599_481_324n);
  });
});

describe('SigmaUSD operations', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await openFixture();
  });

  it('stablecoinState is computed from the bank and oracle boxes per EIP-15', async () => {
    const answer = await call(f, '/stablecoin/info');
    const bank = expectedBank(f);
    expect(answer.json).toEqual({ reserveRatio: Number(bank.ratio), sigUsdPrice: Number(bank.scPrice), sigRsvPrice: Number(bank.rcPrice) });
    expect(bank.ratio).toBeGreaterThanOrEqual(400n);
    expect(bank.ratio).toBeLessThanOrEqual(800n);
  });

  it('SigUSD and SigRSV prices: whole tokens per ERG with 9 decimals, what the bank mints now, the oracle’s posting time', async () => {
    const bank = expectedBank(f);
    const usd = await call(f, '/sigusd/price');
    expect(usd.json).toMatchObject({ tokenId: SIGUSD_TOKEN_ID, displayName: 'SigUSD', price: Number(10n ** 18n / (bank.scPrice * 100n)) });
    expect(usd.json.lastUpdated).toBe(Date.UTC(2026, 10, 22, 12));
    expect(usd.json.volumeLastDay).toBeGreaterThan(0);
    const rsv = await call(f, '/sigrsv/price');
    expect(rsv.json).toMatchObject({ tokenId: SIGRSV_TOKEN_ID, displayName: 'SigRSV', price: Number(10n ** 18n / bank.rcPrice) });
    // `available` is exactly the edge of the band: one more raw unit is refused.
    expect((await call(f, `/sigusd/exchange/${usd.json.available}/info`)).status).toBe(200);
    expect((await call(f, `/sigusd/exchange/${usd.json.available + 1}/info`)).status).toBe(409);
    expect((await call(f, `/sigrsv/exchange/${rsv.json.available}/info`)).status).toBe(200);
    expect((await call(f, `/sigrsv/exchange/${rsv.json.available + 1}/info`)).status).toBe(409);
  });

  it('quotes buying SigUSD: base value, 2 % bank fee, TokenJay fee, total', async () => {
    const bank = expectedBank(f);
    const { json } = await call(f, '/sigusd/exchange/10000/info');
    const base = bank.scPrice * 10000n;
    const bankFee = (base * 2n) / 100n;
    const jayFee = (base * 25n) / 10000n;
    expect(json).toMatchObject({
      ergAmount: Number(base),
      bankFeeAmount: Number(bankFee),
      jayFeeAmount: Number(jayFee),
      exchangeRate: Number(bank.scPrice),
      totalAmount: Number(base + bankFee + jayFee),
    });
    expect(json.ergAmountDescription).toContain('100.00 SigUSD');
  });

  it('quotes selling SigRSV: the fees come off the value; small amounts pay at least 0.001 ERG to TokenJay', async () => {
    const bank = expectedBank(f);
    const { json } = await call(f, '/sigrsv/exchange/-1000/info');
    const base = bank.rcPrice * 1000n;
    const bankFee = (base * 2n) / 100n;
    const jayFee = (base * 25n) / 10000n > 1_000_000n ? (base * 25n) / 10000n : 1_000_000n;
    expect(json).toMatchObject({
      ergAmount: Number(base),
      bankFeeAmount: Number(bankFee),
      jayFeeAmount: Number(jayFee),
      totalAmount: Number(base - bankFee - jayFee),
    });
  });

  it('refuses quotes the bank script would refuse (409) and malformed amounts (400)', async () => {
    const tooMuch = await call(f, '/sigusd/exchange/1000000000000/info');
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatch(/reserve ratio .* below the minimum of 400 %/);
    const bank = expectedBank(f);
    const oversell = await call(f, `/sigusd/exchange/-${bank.sc + 1n}/info`);
    expect(oversell.status).toBe(409);
    expect(oversell.body).toContain(`only ${bank.sc} raw SigUSD circulate`);
    expect((await call(f, '/sigrsv/exchange/0/info')).status).toBe(400);
    const word = await call(f, '/sigrsv/exchange/lots/info');
    expect(word.status).toBe(400);
    expect(word.body).toContain('"lots"');
  });

  it('builds a SigUSD purchase the real SigmaUSD bank contract accepts', async () => {
    const bank = expectedBank(f);
    const { json } = await call(f, `/sigusd/exchange/?amount=10000&address=${alice.address}`);
    expect(json).toMatchObject({ address: alice.address, addresses: [alice.address], messageSeverity: 'INFORMATION' });
    expect(json.reducedTxList).toEqual([json.reducedTx]);
    const tx = readErgoPayTransaction(json.reducedTx);
    expect(tx.inputs[0]?.boxId).toBe(bank.bankBox.boxId);
    expect(tx.dataInputs).toEqual([{ boxId: bank.oracleBox.boxId }]);
    const base = bank.scPrice * 10000n;
    const fee = (base * 2n) / 100n;
    const [bankOut, receipt, jay] = tx.outputs;
    expect(bankOut?.ergoTree).toBe(SIGMAUSD_BANK_CONTRACT);
    expect(bankOut?.value).toBe(bank.reserve + base + fee);
    expect(registerLong(bankOut as Box<bigint>, 'R4')).toBe(bank.sc + 10000n);
    expect(tokenAmount([bankOut as Box<bigint>], SIGUSD_TOKEN_ID)).toBe(tokenAmount([bank.bankBox], SIGUSD_TOKEN_ID) - 10000n);
    expect(receipt?.ergoTree).toBe(treeOf(alice.address));
    expect(tokenAmount([receipt as Box<bigint>], SIGUSD_TOKEN_ID)).toBe(10000n);
    expect(registerLong(receipt as Box<bigint>, 'R4')).toBe(10000n);
    expect(registerLong(receipt as Box<bigint>, 'R5')).toBe(base + fee);
    expect(jay).toMatchObject({ ergoTree: treeOf(TOKENJAY_FEE_WALLET.address), value: (base * 25n) / 10000n });
    expect(tx.outputs.find((output) => output.ergoTree === FEE_CONTRACT)?.value).toBe(RECOMMENDED_MIN_FEE_VALUE);
    const inputs = stateOf(f).utxos.filter((box) => tx.inputs.slice(1).some((input) => input.boxId === box.boxId));
    expect(inputs.every((box) => box.ergoTree === treeOf(alice.address))).toBe(true);
    expect(executeTransaction(f, tx)).toEqual({ success: true });
    // The interpreter really checks the contract: a bank output one nanoERG short is rejected.
    const tampered = {
      ...tx,
      outputs: tx.outputs.map((output, index) => (index === 0 ? { ...output, value: output.value - 1n } : output)),
    };
    expect(executeTransaction(f, tampered).success).toBe(false);
  });

  it('builds SigUSD and SigRSV sales and a SigRSV purchase the bank contract accepts', async () => {
    for (const path of ['/sigusd/exchange/?amount=-1000', '/sigrsv/exchange/?amount=-5000', '/sigrsv/exchange/?amount=7000']) {
      const { status, json } = await call(f, `${path}&address=${alice.address}`);
      expect(status, path).toBe(200);
      expect(executeTransaction(f, readErgoPayTransaction(json.reducedTx)), path).toEqual({ success: true });
    }
    const bank = expectedBank(f);
    const sale = readErgoPayTransaction((await call(f, `/sigrsv/exchange/?amount=-5000&address=${alice.address}`)).json.reducedTx);
    const payout = bank.rcPrice * 5000n - (bank.rcPrice * 5000n * 2n) / 100n;
    expect(sale.outputs[1]).toMatchObject({ ergoTree: treeOf(alice.address), value: payout });
  });

  it('honours checkRate and executionFee', async () => {
    const bank = expectedBank(f);
    const base = `/sigusd/exchange/?amount=500&address=${alice.address}`;
    expect((await call(f, `${base}&checkRate=${bank.scPrice}`)).status).toBe(200);
    const moved = await call(f, `${base}&checkRate=${bank.scPrice + 1n}`);
    expect(moved.status).toBe(409);
    expect(moved.body).toContain('rate moved');
    const custom = readErgoPayTransaction((await call(f, `${base}&executionFee=2000000`)).json.reducedTx);
    expect(custom.outputs.find((output) => output.ergoTree === FEE_CONTRACT)?.value).toBe(2_000_000n);
    expect((await call(f, `${base}&executionFee=5`)).status).toBe(400);
  });

  it('a quote’s rate expires when the oracle posts a new datapoint', async () => {
    const before = (await call(f, '/sigusd/exchange/100/info')).json.exchangeRate;
    f.clock.now = NOON + 60 * 60 * 1000;
    try {
      const after = await call(f, '/sigusd/price');
      expect(after.json.lastUpdated).toBe(NOON + 60 * 60 * 1000);
      const moved = await call(f, `/sigusd/exchange/?amount=100&address=${alice.address}&checkRate=${before}`);
      expect(moved.status).toBe(409);
    } finally {
      f.clock.now = NOON;
    }
  });

  it('rejects bad addresses (400, naming them) and wallets that cannot pay (409)', async () => {
    const typo = `${alice.address.slice(0, -1)}${alice.address.endsWith('a') ? 'b' : 'a'}`;
    const bad = await call(f, `/sigusd/exchange/?amount=100&address=${typo}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toContain(typo);
    const missing = await call(f, '/sigrsv/exchange/?amount=100');
    expect(missing.status).toBe(400);
    expect(missing.body).toContain('address is required');
    const broke = await call(f, `/sigusd/exchange/?amount=100&address=${erin.address}`);
    expect(broke.status).toBe(409);
    expect(broke.body).toContain(erin.address);
    const noTokens = await call(f, `/sigusd/exchange/?amount=-100&address=${carol.address}`);
    expect(noTokens.status).toBe(409);
    expect(noTokens.body).toContain(SIGUSD_TOKEN_ID);
  });
});

describe('EIP-21 registry and token prices', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await openFixture();
  });

  it('lists EIP-21’s genuine tokens and the blocked impersonators', async () => {
    const genuine = await call(f, '/tokens/listGenuine');
    expect(genuine.json).toEqual([
      { tokenId: SIGUSD_TOKEN_ID, tokenName: 'SigUSD', uniqueName: true, issuer: 'sigmausd.io' },
      { tokenId: SIGRSV_TOKEN_ID, tokenName: 'SigRSV', uniqueName: true, issuer: 'sigmausd.io' },
      { tokenId: NETA_TOKEN_ID, tokenName: 'NETA', uniqueName: true, issuer: 'anetabtc.io' },
      { tokenId: ERDOGE_TOKEN_ID, tokenName: 'Erdoge', uniqueName: true, issuer: 'community' },
      { tokenId: LUNADOG_TOKEN_ID, tokenName: 'LunaDog', uniqueName: true, issuer: 'community' },
      { tokenId: KUSHTI_TOKEN_ID, tokenName: 'Kushti', uniqueName: true, issuer: 'community' },
    ]);
    const blocked = await call(f, '/tokens/listBlocked');
    expect(blocked.json).toEqual([0, 1, 2].map((index) => impersonatorTokenId(SEED, index)));
  });

  it('checks tokens: verified, blocked, suspicious, unknown', async () => {
    expect((await call(f, `/tokens/check/${SIGUSD_TOKEN_ID}/SigUSD`)).json).toEqual({
      genuine: 1,
      token: { tokenId: SIGUSD_TOKEN_ID, tokenName: 'SigUSD', uniqueName: true, issuer: 'sigmausd.io' },
    });
    expect((await call(f, `/tokens/check/${impersonatorTokenId(SEED, 0)}/SigUSD`)).json).toEqual({ genuine: 3 });
    const lookalike = 'ab'.repeat(32);
    expect((await call(f, `/tokens/check/${lookalike}/sigusd`)).json).toMatchObject({ genuine: 2, token: { tokenId: SIGUSD_TOKEN_ID } });
    expect((await call(f, `/tokens/check/${lookalike}/Acorn`)).json).toEqual({ genuine: 0 });
    const bad = await call(f, '/tokens/check/xyz/SigUSD');
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('"xyz"');
  });

  it('prices every priced token; AgeUSD prices equal the bank’s, pool prices stay near the pool’s ratio', async () => {
    const all = (await call(f, '/tokens/prices/all')).json as { tokenId: string; price: number; available: number }[];
    expect(all.map((price) => price.tokenId)).toEqual([
      SIGUSD_TOKEN_ID,
      SIGRSV_TOKEN_ID,
      NETA_TOKEN_ID,
      ERDOGE_TOKEN_ID,
      LUNADOG_TOKEN_ID,
      KUSHTI_TOKEN_ID,
    ]);
    expect(all[0]).toEqual((await call(f, '/sigusd/price')).json);
    expect(all[1]).toEqual((await call(f, `/tokens/prices/${SIGRSV_TOKEN_ID}`)).json);
    const decimals: Record<string, number> = { [NETA_TOKEN_ID]: 6, [ERDOGE_TOKEN_ID]: 0, [LUNADOG_TOKEN_ID]: 8, [KUSHTI_TOKEN_ID]: 0 };
    for (const pool of stateOf(f).pools) {
      const price = all.find((entry) => entry.tokenId === pool.tokenId);
      const ratio = (Number(pool.tokenAmount) / 10 ** (decimals[pool.tokenId] ?? 0) / (Number(pool.nanoErg) / 1e9)) * 1e9;
      // The ERG side drifts by ±10 %, so the price moves within 1/1.1² … 1/0.9².
      expect((price?.price ?? 0) / ratio).toBeGreaterThan(0.8);
      expect((price?.price ?? 0) / ratio).toBeLessThan(1.25);
      expect((await call(f, `/tokens/prices/${pool.tokenId}`)).json).toEqual(price);
    }
  });

  it('answers 404 for tokens without a price and 400 for malformed ids', async () => {
    expect((await call(f, `/tokens/prices/${impersonatorTokenId(SEED, 1)}`)).status).toBe(404);
    expect((await call(f, `/tokens/prices/${'cd'.repeat(32)}`)).status).toBe(404);
    expect((await call(f, '/tokens/prices/12ab')).status).toBe(400);
  });
});

describe('node peers', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await openFixture();
  });

  it('lists reachable peers with open APIs by default, best first', async () => {
    const { json } = await call(f, '/peers/list');
    const all = (await call(f, '/peers/list?unreachable=true&closedApi=true')).json as {
      url: string;
      openRestApi: boolean;
      lastSeen: number;
      blockHeight: number;
      responseTime: number;
      headerHeight: number;
    }[];
    expect(all).toHaveLength(14);
    expect(json.length).toBeGreaterThan(0);
    expect(json.length).toBeLessThan(14);
    const probeStart = NOON - (NOON % (10 * 60_000));
    for (const peer of json) {
      expect(peer.openRestApi).toBe(true);
      expect(peer.lastSeen).toBeGreaterThanOrEqual(probeStart);
      expect(peer.headerHeight).toBeLessThanOrEqual(heightAt(NOON));
    }
    for (let i = 1; i < json.length; i += 1) {
      const [a, b] = [json[i - 1], json[i]];
      expect(a.blockHeight > b.blockHeight || (a.blockHeight === b.blockHeight && a.responseTime <= b.responseTime)).toBe(true);
    }
    expect(all.some((peer) => peer.headerHeight - peer.blockHeight === 400)).toBe(true);
    expect(all.filter((peer) => !peer.openRestApi).length).toBeGreaterThan(0);
    expect((await call(f, '/peers/list?unreachable=true&closedApi=true&limit=3')).json).toEqual(all.slice(0, 3));
  });

  it('rejects malformed filters', async () => {
    expect((await call(f, '/peers/list?limit=0')).status).toBe(400);
    const answer = await call(f, '/peers/list?unreachable=perhaps');
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('perhaps');
  });
});

describe('babel-fee offers', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await openFixture();
  });
  const offer = `/createbabel/${alice.address}?tokenId=${SIGUSD_TOKEN_ID}&ergAmount=2000000000&tokenAmount=200`;

  it('creates a valid EIP-31 babel box, which the real contract then lets a stranger swap against', async () => {
    const { json } = await call(f, offer);
    expect(json.address).toBe(alice.address);
    const tx = readErgoPayTransaction(json.reducedTx);
    const babel = tx.outputs.find((output) => isValidBabelBox(output));
    expect(babel).toBeDefined();
    if (!babel) return;
    expect(isBabelContractForTokenId(babel.ergoTree, SIGUSD_TOKEN_ID)).toBe(true);
    expect(babel.ergoTree).toBe(buildBabelContract(SIGUSD_TOKEN_ID));
    expect(babel.value).toBe(2_000_000_000n);
    expect(hex.encode(decode(babel.additionalRegisters.R4)?.data as Uint8Array)).toBe(alice.publicKey);
    expect(registerLong(babel, 'R5')).toBe(10_000_000n);
    expect(executeTransaction(f, tx)).toEqual({ success: true });
    // A swapper holding SigUSD pays a fee with 1 raw SigUSD from the new box.
    const swapperBox = stateOf(f).utxos.find((box) => box.ergoTree === treeOf(alice.address) && tokenAmount([box], SIGUSD_TOKEN_ID) > 0n);
    if (!swapperBox) throw new Error('alice holds no SigUSD');
    const babelBox: Box<string> = { ...babel, value: babel.value.toString(), assets: [], additionalRegisters: babel.additionalRegisters };
    const swap = new TransactionBuilder(heightAt(NOON))
      .from(swapperBox)
      .extend(BabelSwapPlugin(babelBox, { tokenId: SIGUSD_TOKEN_ID, amount: 1n }))
      .sendChangeTo(alice.address)
      .payFee(RECOMMENDED_MIN_FEE_VALUE)
      .build();
    const swapTx = readErgoPayTransaction(Buffer.from(swap.toBytes()).toString('base64url'));
    expect(executeTransaction(f, swapTx, [babelBox])).toEqual({ success: true });
  });

  it('refuses malformed offers (400), blocked tokens and wallets that cannot pay (409)', async () => {
    const cases: [string, number, string][] = [
      [`/createbabel/${alice.address.slice(0, -2)}xx?tokenId=${SIGUSD_TOKEN_ID}&ergAmount=2000000000&tokenAmount=200`, 400, 'xx'],
      [
        `/createbabel/${ErgoAddress.fromErgoTree(buildBabelContract(SIGUSD_TOKEN_ID)).encode()}?tokenId=${SIGUSD_TOKEN_ID}&ergAmount=2000000000&tokenAmount=200`,
        400,
        'pay-to-public-key',
      ],
      [`/createbabel/${alice.address}?tokenId=nope&ergAmount=2000000000&tokenAmount=200`, 400, 'nope'],
      [`/createbabel/${alice.address}?ergAmount=2000000000&tokenAmount=200`, 400, 'tokenId'],
      [`/createbabel/${alice.address}?tokenId=${SIGUSD_TOKEN_ID}&ergAmount=500&tokenAmount=200`, 400, 'ergAmount'],
      [`/createbabel/${alice.address}?tokenId=${SIGUSD_TOKEN_ID}&ergAmount=2000000&tokenAmount=3000000`, 400, 'tokenAmount'],
      [`/createbabel/${alice.address}?tokenId=${impersonatorTokenId(SEED, 0)}&ergAmount=2000000000&tokenAmount=200`, 409, 'blocked'],
      [`/createbabel/${erin.address}?tokenId=${SIGUSD_TOKEN_ID}&ergAmount=2000000000&tokenAmount=200`, 409, erin.address],
    ];
    for (const [path, status, text] of cases) {
      const answer = await call(f, path);
      expect(answer.status, path).toBe(status);
      expect(answer.body, path).toContain(text);
    }
  });

  it('cancels an offer back to its creator, with the tokens it collected', async () => {
    const box = stateOf(f).utxos.find((candidate) => isValidBabelBox(candidate) && candidate.assets.length > 0);
    if (!box) throw new Error('no babel box with collected tokens');
    const { json } = await call(f, `/cancelbabel/${box.boxId}`);
    expect(json.address).toBe(dave.address);
    const tx = readErgoPayTransaction(json.reducedTx);
    expect(tx.inputs.map((input) => input.boxId)).toEqual([box.boxId]);
    const back = tx.outputs.filter((output) => output.ergoTree === treeOf(dave.address));
    expect(back.reduce((sum, output) => sum + output.value, 0n)).toBe(BigInt(box.value) - RECOMMENDED_MIN_FEE_VALUE);
    expect(tokenAmount(back, SIGUSD_TOKEN_ID)).toBe(tokenAmount([box], SIGUSD_TOKEN_ID));
    expect(executeTransaction(f, tx)).toEqual({ success: true });
  });

  it('answers 404 for unknown boxes, 409 for boxes that are not babel boxes, 400 for malformed ids', async () => {
    expect((await call(f, `/cancelbabel/${'ef'.repeat(32)}`)).status).toBe(404);
    const walletBox = stateOf(f).utxos.find((box) => box.ergoTree === treeOf(alice.address));
    const notBabel = await call(f, `/cancelbabel/${walletBox?.boxId}`);
    expect(notBabel.status).toBe(409);
    expect(notBabel.body).toContain('not a babel-fee box');
    const bad = await call(f, '/cancelbabel/1234');
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('1234');
  });

  it('the babel-fee app lists every offer by token with a withdraw ErgoPay action', async () => {
    const { json } = await call(f, '/suite/babelfee/');
    const boxes = stateOf(f).utxos.filter((box) => isValidBabelBox(box));
    expect(boxes).toHaveLength(5);
    for (const box of boxes) {
      const action = json.actions.find((candidate: { id: string }) => candidate.id === `cancel-${box.boxId}`);
      expect(action).toMatchObject({ type: 'ErgoPayAction' });
      expect((await call(f, pathOf(action.url))).status).toBe(200);
    }
    expect(json.manifest).toMatchObject({ appName: 'Babel Fees', targetCanvasDimension: 'MEDIUM_WIDTH' });
    expect(pathOf(json.manifest.notificationCheckUrl)).toBe('/suite/babelfee/notificationcheck');
    const cards = json.view.children.filter((child: { type: string }) => child.type === 'Card');
    expect(cards).toHaveLength(4);
    const navigate = json.actions.find((action: { id: string }) => action.id === 'openNewOffer');
    expect((await call(f, pathOf(navigate.url))).status).toBe(200);
  });

  it('the new-offer form offers the genuine tokens and posts to new-input and doit', async () => {
    const { json } = await call(f, '/suite/babelfee/newoffer');
    const dropdown = json.view.children.find((child: { id?: string }) => child.id === 'tokenId');
    expect(Object.keys(dropdown.entries)).toHaveLength(6);
    expect(dropdown.entries[SIGUSD_TOKEN_ID]).toBe('SigUSD');
    expect(json.actions.map((action: { url: string }) => pathOf(action.url))).toEqual([
      '/suite/babelfee/newoffer/new-input',
      '/suite/babelfee/newoffer/doit',
    ]);
  });

  it('new-input shows the price the values give', async () => {
    const priced = await call(f, '/suite/babelfee/newoffer/new-input', {
      method: 'POST',
      body: { tokenId: SIGUSD_TOKEN_ID, ergAmount: 2_000_000_000, tokenAmount: 200 },
    });
    expect(priced.json.action).toMatchObject({ type: 'ChangeSiteAction', newContent: { view: { type: 'Label', id: 'priceLabel' } } });
    expect(priced.json.action.newContent.view.text).toBe('Price: 10000000 nanoERG per raw unit (1 SigUSD = 1.000000000 ERG).');
    const empty = await call(f, '/suite/babelfee/newoffer/new-input', { method: 'POST', body: {} });
    expect(empty.json.action.newContent.view.text).toContain('Enter the amounts');
    expect((await call(f, '/suite/babelfee/newoffer/new-input', { method: 'POST' })).status).toBe(400);
  });

  it('doit answers with an ErgoPay action that creates the offer, or refuses it', async () => {
    const values = { address: alice.address, tokenId: NETA_TOKEN_ID, ergAmount: 1_500_000_000, tokenAmount: 30_000_000, ignored: 'x' };
    const { json } = await call(f, '/suite/babelfee/newoffer/doit', { method: 'POST', body: values });
    expect(json).toMatchObject({ appVersion: 1, action: { type: 'ErgoPayAction' } });
    expect(json.action.url).toMatch(/^ergopay:\/\//);
    const created = await call(f, pathOf(json.action.url));
    const babel = readErgoPayTransaction(created.json.reducedTx).outputs.find((output) => isValidBabelBox(output));
    expect(babel && registerLong(babel, 'R5')).toBe(50n);
    const incomplete = await call(f, '/suite/babelfee/newoffer/doit', { method: 'POST', body: { address: alice.address } });
    expect(incomplete.status).toBe(400);
    const blocked = await call(f, '/suite/babelfee/newoffer/doit', {
      method: 'POST',
      body: { ...values, tokenId: impersonatorTokenId(SEED, 2) },
    });
    expect(blocked.status).toBe(409);
  });

  it('the notification check summarises the offers and dates the newest', async () => {
    const { json } = await call(f, '/suite/babelfee/notificationcheck');
    const boxes = stateOf(f).utxos.filter((box) => isValidBabelBox(box));
    const newest = Math.max(...boxes.map((box) => box.creationHeight));
    expect(json.messageTs).toBe(Date.UTC(2026, 10, 1) + (newest - 1_880_000) * 120_000);
    expect(json.message).toMatch(/^5 open babel-fee offers for 4 tokens hold /);
    expect(json.nextCheck).toBe(60);
  });
});

describe('box consolidation and token burn', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await openFixture();
  });

  it('the consolidation app’s ErgoPay URL carries the address placeholder', async () => {
    const { json } = await call(f, '/suite/boxconsolidation/');
    expect(json.actions).toHaveLength(1);
    expect(pathOf(json.actions[0].url)).toBe('/suite/boxconsolidation/consolidate/#P2PK_ADDRESS#');
    expect(json.view.children.some((child: { onClickAction?: string }) => child.onClickAction === 'consolidate')).toBe(true);
  });

  it('merges all of an address’s boxes into one', async () => {
    const boxes = stateOf(f).utxos.filter((box) => box.ergoTree === treeOf(bob.address));
    expect(boxes).toHaveLength(12);
    const { json } = await call(f, `/suite/boxconsolidation/consolidate/${bob.address}`);
    const tx = readErgoPayTransaction(json.reducedTx);
    expect(tx.inputs.map((input) => input.boxId).sort()).toEqual(boxes.map((box) => box.boxId).sort());
    expect(tx.outputs.map((output) => output.ergoTree).sort()).toEqual([FEE_CONTRACT, treeOf(bob.address)].sort());
    const merged = tx.outputs.find((output) => output.ergoTree === treeOf(bob.address));
    expect(merged?.value).toBe(boxes.reduce((sum, box) => sum + BigInt(box.value), 0n) - RECOMMENDED_MIN_FEE_VALUE);
    for (const tokenId of [ERDOGE_TOKEN_ID, KUSHTI_TOKEN_ID])
      expect(tokenAmount([merged as Box<bigint>], tokenId)).toBe(tokenAmount(boxes, tokenId));
    expect(executeTransaction(f, tx)).toEqual({ success: true });
  });

  it('refuses addresses with fewer than two boxes (409) and malformed ones (400)', async () => {
    const single = await call(f, `/suite/boxconsolidation/consolidate/${carol.address}`);
    expect(single.status).toBe(409);
    expect(single.body).toContain('holds 1 unspent box');
    expect((await call(f, `/suite/boxconsolidation/consolidate/${erin.address}`)).status).toBe(409);
    expect((await call(f, '/suite/boxconsolidation/consolidate/0OIl')).status).toBe(400);
  });

  it('prepares a burn and answers its ErgoPay: the token leaves in the inputs and nowhere in the outputs', async () => {
    const app = await call(f, '/suite/tokenburn');
    expect(pathOf(app.json.actions[0].url)).toBe('/suite/tokenburn/prepare');
    const prepared = await call(f, '/suite/tokenburn/prepare', {
      method: 'POST',
      body: { address: alice.address, tokenId: NETA_TOKEN_ID, amount: 1000 },
    });
    expect(prepared.json.action).toMatchObject({ id: 'burnTokens', type: 'ErgoPayAction' });
    const path = pathOf(prepared.json.action.url);
    expect(path).toMatch(/^\/suite\/tokenburn\/get\/[0-9a-f-]{36}$/);
    const { json } = await call(f, path);
    const tx = readErgoPayTransaction(json.reducedTx);
    const inputs = stateOf(f).utxos.filter((box) => tx.inputs.some((input) => input.boxId === box.boxId));
    expect(tokenAmount(inputs, NETA_TOKEN_ID) - tokenAmount(tx.outputs, NETA_TOKEN_ID)).toBe(1000n);
    for (const tokenId of [SIGUSD_TOKEN_ID, SIGRSV_TOKEN_ID]) expect(tokenAmount(tx.outputs, tokenId)).toBe(tokenAmount(inputs, tokenId));
    expect(json.message).toBe('Burn 0.001000 NETA for good.');
    expect(executeTransaction(f, tx)).toEqual({ success: true });
  });

  it('token burn errors: unknown uuid 404, malformed 400, more than held 409', async () => {
    expect((await call(f, '/suite/tokenburn/get/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call(f, '/suite/tokenburn/get/not-a-uuid')).status).toBe(400);
    const greedy = await call(f, '/suite/tokenburn/prepare', {
      method: 'POST',
      body: { address: carol.address, tokenId: NETA_TOKEN_ID, amount: 1 },
    });
    expect(greedy.status).toBe(409);
    expect(greedy.body).toContain('holds 0 raw units');
    const badToken = await call(f, '/suite/tokenburn/prepare', {
      method: 'POST',
      body: { address: alice.address, tokenId: 'NETA', amount: 1 },
    });
    expect(badToken.status).toBe(400);
    expect(badToken.body).toContain('"NETA"');
    expect(
      (await call(f, '/suite/tokenburn/prepare', { method: 'POST', body: { address: alice.address, tokenId: NETA_TOKEN_ID } })).status,
    ).toBe(400);
  });
});

describe('payment requests: CREATED → WAITING → EXECUTED or INVALID on the clock', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await openFixture();
  });
  const state = async (requestId: string) => (await call(f, `/payment/state/${requestId}`)).json;
  const create = (body: Record<string, unknown>) => call(f, '/payment/addrequest', { method: 'POST', body });

  it('a paying sender moves the request through WAITING to EXECUTED, and the receiver gets the box', async () => {
    f.clock.now = NOON;
    const created = await create({
      nanoErg: 1_000_000_000,
      receiverAddress: erin.address,
      senderAddress: alice.address,
      message: 'coffee',
    });
    const { requestId, ergoPayUrl } = created.json;
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ergoPayUrl).toMatch(new RegExp(`^ergopay://.+/payment/ergopay/${requestId}/#P2PK_ADDRESS#$`));
    expect(await state(requestId)).toEqual({ requestId, paymentRequestState: 'CREATED' });
    f.clock.now = NOON + 59_000;
    expect((await state(requestId)).paymentRequestState).toBe('CREATED');
    f.clock.now = NOON + 60_000;
    const waiting = await state(requestId);
    expect(waiting.paymentRequestState).toBe('WAITING');
    expect(waiting.txId).toMatch(/^[0-9a-f]{64}$/);
    expect(stateOf(f).utxos.some((box) => box.ergoTree === treeOf(erin.address))).toBe(false);
    f.clock.now = NOON + 180_000;
    expect(await state(requestId)).toEqual({ requestId, paymentRequestState: 'EXECUTED', txId: waiting.txId });
    const received = stateOf(f).utxos.filter((box) => box.ergoTree === treeOf(erin.address));
    expect(received).toMatchObject([{ value: '1000000000', transactionId: waiting.txId }]);
    // The new box is part of the chain the other operations see.
    expect((await call(f, `/suite/boxconsolidation/consolidate/${erin.address}`)).body).toContain('holds 1 unspent box');
  });

  it('pays tokens too, and keeps two pending payments of one sender on separate boxes', async () => {
    f.clock.now = NOON + 1_000_000;
    const first = await create({
      nanoErg: 2_000_000,
      receiverAddress: bob.address,
      senderAddress: alice.address,
      tokenId: NETA_TOKEN_ID,
      tokenRawAmount: 5,
    });
    f.clock.now += 1_000;
    const second = await create({ nanoErg: 3_000_000_000, receiverAddress: carol.address, senderAddress: alice.address });
    f.clock.now += 200_000;
    const [a, b] = [await state(first.json.requestId), await state(second.json.requestId)];
    expect([a.paymentRequestState, b.paymentRequestState]).toEqual(['EXECUTED', 'EXECUTED']);
    const bobNew = stateOf(f).utxos.find((box) => box.transactionId === a.txId && box.ergoTree === treeOf(bob.address));
    expect(bobNew?.assets).toEqual([{ tokenId: NETA_TOKEN_ID, amount: '5' }]);
    expect(
      stateOf(f).utxos.some((box) => box.transactionId === b.txId && box.ergoTree === treeOf(carol.address) && box.value === '3000000000'),
    ).toBe(true);
  });

  it('without a sender nobody pays: INVALID after 30 minutes; a sender who cannot pay: INVALID at once', async () => {
    f.clock.now = NOON + 5_000_000;
    const unpaid = (await create({ nanoErg: 5_000_000, receiverAddress: dave.address })).json.requestId;
    const broke = (await create({ nanoErg: 900_000_000_000_000, receiverAddress: dave.address, senderAddress: carol.address })).json
      .requestId;
    f.clock.now += 60_000;
    expect((await state(broke)).paymentRequestState).toBe('INVALID');
    expect((await state(unpaid)).paymentRequestState).toBe('CREATED');
    f.clock.now += 30 * 60_000;
    expect(await state(unpaid)).toEqual({ requestId: unpaid, paymentRequestState: 'INVALID' });
  });

  it('refuses an identical open request (409), accepts it again once settled', async () => {
    f.clock.now = NOON + 9_000_000;
    const body = { nanoErg: 7_000_000, receiverAddress: bob.address, senderAddress: dave.address };
    expect((await create(body)).status).toBe(200);
    const twin = await create(body);
    expect(twin.status).toBe(409);
    expect(twin.body).toContain('still CREATED');
    f.clock.now += 200_000;
    expect((await create(body)).status).toBe(200);
  });

  it('validates requests (400) and answers 404 for unknown ids', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ nanoErg: 1_000_000, receiverAddress: '9notAnAddress1111111111111111111111' }, '9notAnAddress'],
      [{ nanoErg: 10, receiverAddress: bob.address }, 'nanoErg'],
      [{ nanoErg: 1_000_000, receiverAddress: bob.address, tokenId: NETA_TOKEN_ID }, 'together'],
      [{ nanoErg: 1_000_000, receiverAddress: bob.address, senderAddress: bob.address }, 'same address'],
      [{ receiverAddress: bob.address }, 'nanoErg'],
    ];
    for (const [body, text] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toContain(text);
    }
    expect((await call(f, '/payment/state/6f1c2a3b-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call(f, '/payment/state/42')).status).toBe(400);
  });
});

describe('persistence, determinism and concurrency', () => {
  it('keeps requests, burns and the chain across a restart (the stored seed wins), with no temporary files left', async () => {
    const first = await openFixture();
    const payment = (
      await call(first, '/payment/addrequest', { method: 'POST', body: { nanoErg: 2_000_000, receiverAddress: bob.address } })
    ).json.requestId;
    const burn = pathOf(
      (
        await call(first, '/suite/tokenburn/prepare', {
          method: 'POST',
          body: { address: dave.address, tokenId: ERDOGE_TOKEN_ID, amount: 10 },
        })
      ).json.action.url,
    );
    const info = (await call(first, '/stablecoin/info')).json;
    const burnAnswer = (await call(first, burn)).json;
    await first.running.close();
    const second = await openFixture({ dataDir: first.dataDir, seed: 'another-seed' });
    expect((await call(second, `/payment/state/${payment}`)).json.paymentRequestState).toBe('CREATED');
    expect((await call(second, burn)).json).toEqual(burnAnswer);
    expect((await call(second, '/stablecoin/info')).json).toEqual(info);
    expect(readdirSync(first.dataDir)).toEqual(['chain-state.json']);
  });

  it('builds the same chain for the same seed and a different one for another seed', async () => {
    const [a, b, c] = [await openFixture(), await openFixture(), await openFixture({ seed: 'another-seed' })];
    expect((await call(a, '/stablecoin/info')).json).toEqual((await call(b, '/stablecoin/info')).json);
    expect((await call(a, '/suite/babelfee/')).json.actions.map((x: { id: string }) => x.id)).toEqual(
      (await call(b, '/suite/babelfee/')).json.actions.map((x: { id: string }) => x.id),
    );
    expect((await call(c, '/stablecoin/info')).json).not.toEqual((await call(a, '/stablecoin/info')).json);
  });

  it('loses no update when requests race', async () => {
    const f = await openFixture();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_unused, index) =>
        call(f, '/payment/addrequest', { method: 'POST', body: { nanoErg: 1_000_000 + index, receiverAddress: carol.address } }),
      ),
    );
    const ids = answers.map((answer) => answer.json.requestId);
    expect(new Set(ids).size).toBe(25);
    await f.running.close();
    const reopened = await openFixture({ dataDir: f.dataDir });
    for (const id of ids) expect((await call(reopened, `/payment/state/${id}`)).status).toBe(200);
    expect(stateOf(reopened).payments).toHaveLength(25);
  });
});

describe('framework edges', () => {
  it('unknown paths and wrong methods answer in plain text', async () => {
    const f = await openFixture();
    const unknown = await fetch(`${f.running.url}/ageusd/info`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('/ageusd/info');
    const wrongMethod = await fetch(`${f.running.url}/stablecoin/info`, { method: 'POST' });
    expect(wrongMethod.status).toBe(405);
  });
});
