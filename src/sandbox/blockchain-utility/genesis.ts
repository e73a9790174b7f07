/**
 * Builds a new simulated chain from a seed: the SigmaUSD bank box, the wallets' boxes, the
 * babel-fee boxes and the registry. Every box is a real Ergo box (real ErgoTrees, registers
 * serialized with fleet, box ids computed from the content); the genesis transactions that
 * "created" them are seeded ids. Amounts are varied by the seed; the layout is fixed.
 */
import { buildBabelContract } from '@fleet-sdk/babel-fees-plugin';
import type { NonMandatoryRegisters, TokenAmount } from '@fleet-sdk/common';
import { ErgoAddress, ErgoBox, SByte, SColl, SGroupElement, SLong, SSigmaProp } from '@fleet-sdk/core';
import {
  AGEUSD_TOKEN_SUPPLY,
  GENESIS_HEIGHT,
  ORACLE_DATAPOINT_DIVISOR,
  SIGMAUSD_BANK_CONTRACT,
  SIGMAUSD_BANK_NFT_ID,
  SIGRSV_TOKEN_ID,
  SIGUSD_TOKEN_ID,
} from './constants.js';
import {
  ERDOGE_TOKEN_ID,
  genesisPeers,
  genesisPools,
  genesisTokens,
  impersonatorTokenId,
  KUSHTI_TOKEN_ID,
  LUNADOG_TOKEN_ID,
  NETA_TOKEN_ID,
} from './genesis-registry.js';
import { oracleBaseRate } from './oracle.js';
import { seededHex, seededInt } from './seeded.js';
import type { ChainState, StoredBox } from './state.js';
import { SANDBOX_WALLETS, type SandboxWalletName } from './wallets.js';

const ERG = 1_000_000_000n;

interface BoxPlan {
  value: bigint;
  ergoTree: string;
  assets?: TokenAmount<bigint>[];
  registers?: NonMandatoryRegisters;
}

function makeBox(seed: string, label: string, plan: BoxPlan): StoredBox {
  const age = Number(seededInt(seed, `age:${label}`, 10n, 20_000n));
  const box = new ErgoBox(
    {
      value: plan.value,
      ergoTree: plan.ergoTree,
      creationHeight: GENESIS_HEIGHT - age,
      assets: plan.assets ?? [],
      additionalRegisters: plan.registers ?? {},
    },
    seededHex(seed, `genesis-tx:${label}`),
    0,
  );
  return box.toPlainObject('EIP-12');
}

/** A seeded amount: `base` varied by ±30 %. */
function around(seed: string, label: string, base: bigint): bigint {
  return (base * seededInt(seed, `amount:${label}`, 700n, 1300n)) / 1000n;
}

function walletBox(seed: string, owner: SandboxWalletName, index: number, erg: bigint, assets: TokenAmount<bigint>[] = []): StoredBox {
  const label = `${owner}:${index}`;
  return makeBox(seed, label, {
    value: around(seed, label, erg),
    ergoTree: ErgoAddress.fromBase58(SANDBOX_WALLETS[owner].address).ergoTree,
    assets: assets.map((asset) => ({ tokenId: asset.tokenId, amount: around(seed, `${label}:${asset.tokenId}`, asset.amount) })),
  });
}

function token(tokenId: string, amount: bigint): TokenAmount<bigint> {
  return { tokenId, amount };
}

function walletBoxes(seed: string): StoredBox[] {
  const fakeSigUsd = impersonatorTokenId(seed, 0);
  const bobBoxes = Array.from({ length: 12 }, (_unused, index) =>
    walletBox(
      seed,
      'bob',
      index,
      (ERG * BigInt(5 + index * 2)) / 10n,
      index % 4 === 0 ? [token(ERDOGE_TOKEN_ID, 50_000n)] : index % 5 === 1 ? [token(KUSHTI_TOKEN_ID, 150n)] : [],
    ),
  );
  return [
    walletBox(seed, 'alice', 0, 1_500n * ERG, [token(SIGUSD_TOKEN_ID, 25_000n), token(SIGRSV_TOKEN_ID, 400_000n)]),
    walletBox(seed, 'alice', 1, 320n * ERG, [token(NETA_TOKEN_ID, 5_000_000_000n)]),
    walletBox(seed, 'alice', 2, 75n * ERG),
    ...bobBoxes,
    walletBox(seed, 'carol', 0, 42n * ERG, [token(KUSHTI_TOKEN_ID, 1_200n)]),
    walletBox(seed, 'dave', 0, 60n * ERG, [token(fakeSigUsd, 100_000n), token(ERDOGE_TOKEN_ID, 3_000_000n)]),
    walletBox(seed, 'dave', 1, 8n * ERG, [token(LUNADOG_TOKEN_ID, 40_000_000_000_000n)]),
  ];
}

/** The bank at a reserve ratio of 520–600 % of the seed's base oracle rate. */
function bankBox(seed: string): StoredBox {
  const ratePerCent = oracleBaseRate(seed) / ORACLE_DATAPOINT_DIVISOR;
  const scCirc = seededInt(seed, 'bank:sigusd', 25_000_000n, 35_000_000n);
  const ratio = seededInt(seed, 'bank:ratio', 520n, 600n);
  const reserve = (scCirc * ratePerCent * ratio) / 100n;
  const equity = reserve - scCirc * ratePerCent;
  const rcCirc = equity / seededInt(seed, 'bank:sigrsv-price', 800_000n, 1_600_000n);
  return makeBox(seed, 'bank', {
    value: reserve,
    ergoTree: SIGMAUSD_BANK_CONTRACT,
    assets: [
      token(SIGUSD_TOKEN_ID, AGEUSD_TOKEN_SUPPLY - scCirc),
      token(SIGRSV_TOKEN_ID, AGEUSD_TOKEN_SUPPLY - rcCirc),
      token(SIGMAUSD_BANK_NFT_ID, 1n),
    ],
    registers: { R4: SLong(scCirc).toHex(), R5: SLong(rcCirc).toHex() },
  });
}

interface BabelPlan {
  owner: SandboxWalletName;
  tokenId: string;
  erg: bigint;
  /** nanoERG per raw token unit. */
  price: bigint;
  /** Tokens already collected by swaps; such boxes were recreated and carry R6. */
  collected?: bigint;
}

function babelBoxes(seed: string): StoredBox[] {
  const sigUsdPrice = ((oracleBaseRate(seed) / ORACLE_DATAPOINT_DIVISOR) * 9n) / 10n;
  const plans: BabelPlan[] = [
    { owner: 'carol', tokenId: SIGUSD_TOKEN_ID, erg: 5n * ERG, price: sigUsdPrice },
    { owner: 'dave', tokenId: SIGUSD_TOKEN_ID, erg: 12n * ERG, price: (sigUsdPrice * 97n) / 100n, collected: 340n },
    { owner: 'dave', tokenId: NETA_TOKEN_ID, erg: 3n * ERG, price: 45n },
    { owner: 'carol', tokenId: KUSHTI_TOKEN_ID, erg: 2n * ERG, price: 900_000n },
    { owner: 'alice', tokenId: ERDOGE_TOKEN_ID, erg: 4n * ERG, price: 18_000n },
  ];
  return plans.map((plan, index) => {
    const label = `babel:${index}`;
    const registers: NonMandatoryRegisters = {
      R4: SSigmaProp(SGroupElement(SANDBOX_WALLETS[plan.owner].publicKey)).toHex(),
      R5: SLong(around(seed, `${label}:price`, plan.price)).toHex(),
    };
    if (plan.collected) registers.R6 = SColl(SByte, seededHex(seed, `${label}:previous-box`)).toHex();
    return makeBox(seed, label, {
      value: around(seed, label, plan.erg),
      ergoTree: buildBabelContract(plan.tokenId),
      assets: plan.collected ? [token(plan.tokenId, plan.collected)] : [],
      registers,
    });
  });
}

/** The state of a new simulated chain for a seed. */
export function genesisState(seed: string): ChainState {
  return {
    version: 1,
    seed,
    utxos: [bankBox(seed), ...walletBoxes(seed), ...babelBoxes(seed)],
    tokens: genesisTokens(seed),
    pools: genesisPools(seed),
    peers: genesisPeers(seed),
    payments: [],
    burns: [],
    nextId: 1,
  };
}
