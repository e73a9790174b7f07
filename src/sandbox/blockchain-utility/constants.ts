/**
 * Facts of the Ergo mainnet the sandbox reproduces, and the sandbox's own fixed parameters.
 *
 * SigmaUSD: the token ids, the bank NFT, the bank contract (v2) and the ERG/USD oracle-pool NFT
 * and contract are the mainnet values, as published with fleet-sdk's AgeUSD plugin
 * (fleet-sdk/fleet, plugins/ageusd/src/sigmaUsdParameters.ts and its test mocks); the protocol
 * constants are those of the bank script in EIP-15 (ergoplatform/eips, eip-0015.md).
 */

/** SigUSD, the SigmaUSD stablecoin (2 decimals: one raw unit is 0.01 USD). */
export const SIGUSD_TOKEN_ID = '03faf2cb329f2e90d6d23b58d91bbb6c046aa143261cc21f52fbe2824bfcbf04';
/** SigRSV, the SigmaUSD reserve coin (0 decimals). */
export const SIGRSV_TOKEN_ID = '003bd19d0187117f130b62e1bcab0939929ff5c7709f843c5c4dd158949285d0';
/** The NFT that identifies the SigmaUSD bank box. */
export const SIGMAUSD_BANK_NFT_ID = '7d672d1def471720ca5782fd6473e47e796d9ac0c138d9911346f118b2f6d9d9';
/** The NFT that identifies the ERG/USD oracle-pool box the bank reads. */
export const ERG_USD_ORACLE_NFT_ID = '011d3364de07e5a26f0c4eef0852cddb387039a921b7154ef3cab22c6eda887f';

/** ErgoTree of the SigmaUSD v2 bank box on mainnet. */
export const SIGMAUSD_BANK_CONTRACT =
  '102a0400040004000e20011d3364de07e5a26f0c4eef0852cddb387039a921b7154ef3cab22c6eda887f0400040204020400040004020500050005c8010500050005feffffffffffffffff0105000580897a05000580897a040405c80104c0933805c00c0580a8d6b907050005c8010580dac40905000500040404040500050005a0060101050005a0060100040004000e20239c170b7e82f94e6b05416f14b8a2a57e0bfff0e3c93f4abbcd160b6a5b271ad801d601db6501fed1ec9591b172017300d821d602b27201730100d603938cb2db63087202730200017303d604b2a5730400d605c17204d606db6308a7d607b27206730500d6088c720702d609db63087204d60ab27209730600d60b8c720a02d60c947208720bd60db27206730700d60e8c720d02d60fb27209730800d6108c720f02d61194720e7210d612e4c6a70505d613e4c672040505d614e4c6a70405d615e4c672040405d616b2a5730900d617e4c672160405d61895720c730a7217d61995720c7217730bd61ac1a7d61be4c672160505d61c9de4c672020405730cd61da2a1721a9c7214721c730dd61e9572119ca1721c95937214730e730f9d721d72147218d801d61e99721a721d9c9593721e7310731195937212731273139d721e72127219d61f9d9c721e7e7314057315d6209c7215721cd6219591a3731673177318d62295937220731972219d9c7205731a7220edededed7203ededededed927205731b93c27204c2a7edec720c7211efed720c7211ed939a720872129a720b7213939a720e72149a72107215edededed939a721472187215939a721272197213939a721a721b7205927215731c927213731deded938c720f018c720d01938c720a018c720701938cb27209731e00018cb27206731f000193721b9a721e958f721f7320f0721f721f957211959172187321927222732273239591721973249072227221927222732572037326938cb2db6308b2a4732700732800017329';

/** ErgoTree of the ERG/USD oracle-pool box on mainnet. */
export const ERG_USD_ORACLE_CONTRACT =
  '1014040004000e208c27dd9d8a35aac1e3167d58858c0a8b4059b277da790552e37eba22df9b903504000400040204020101040205a0c21e040204080500040c040204a0c21e0402050a05c8010402d806d601b2a5730000d602b5db6501fed9010263ed93e4c67202050ec5a7938cb2db63087202730100017302d603b17202d604e4c6b272027303000605d605d90105049590720573047204e4c6b272029972057305000605d606b07202860273067307d901063c400163d803d6088c720601d6098c720801d60a8c72060286029a72097308ededed8c72080293c2b2a5720900d0cde4c6720a040792c1b2a5720900730992da720501997209730ae4c6720a0605ea02d1ededededededed93cbc27201e4c6a7060e927203730b93db63087201db6308a793e4c6720104059db07202730cd9010741639a8c720701e4c68c72070206057e72030593e4c6720105049ae4c6a70504730d92c1720199c1a77e9c9a7203730e730f058c72060292da720501998c72060173109972049d9c720473117312b2ad7202d9010763cde4c672070407e4c6b2a5731300040400';

/** The oracle posts nanoERG per USD; the bank divides by 100 to get nanoERG per 0.01 USD (one raw SigUSD). */
export const ORACLE_DATAPOINT_DIVISOR = 100n;
/** Reserve-ratio band of the bank script, in percent (EIP-15: minReserveRatioPercent, defaultMaxReserveRatioPercent). */
export const MIN_RESERVE_RATIO = 400n;
export const MAX_RESERVE_RATIO = 800n;
/** The bank's protocol fee in percent (EIP-15: feePercent). */
export const BANK_FEE_PERCENT = 2n;
/** SigRSV price while the bank has no equity or no SigRSV circulates (EIP-15: rcDefaultPrice). */
export const RESERVE_COIN_DEFAULT_PRICE = 1_000_000n;
/** Least value the bank box may keep (EIP-15: minStorageRent). */
export const BANK_MIN_STORAGE_RENT = 10_000_000n;
/** Total SigUSD and SigRSV minted into the bank box at launch (circulating + held by the bank). */
export const AGEUSD_TOKEN_SUPPLY = 10_000_000_000_001n;

/**
 * TokenJay's service fee on AgeUSD exchanges. TokenJay does not publish its fee in the API
 * description; the sandbox assumes 0.25 % of the base value (the rate common among AgeUSD front
 * ends), and never less than 0.001 ERG, the smallest box fleet builds safely, because the fee is
 * paid in a box of its own.
 */
export const JAY_FEE_PER_TEN_THOUSAND = 25n;

/** Simulated chain: the height at the sandbox's genesis instant, and Ergo's 2-minute block target. */
export const GENESIS_TIME_MS = Date.UTC(2026, 10, 1);
export const GENESIS_HEIGHT = 1_880_000;
export const BLOCK_INTERVAL_MS = 120_000;
/** The oracle pool posts a new datapoint once per epoch. */
export const ORACLE_EPOCH_MS = 60 * 60 * 1000;

/** Mosaik app version and the Mosaik version the apps target. */
export const MOSAIK_APP_VERSION = 1;
export const MOSAIK_TARGET_VERSION = 1;

/** The height of the simulated chain at an instant. */
export function heightAt(timeMs: number): number {
  return GENESIS_HEIGHT + Math.max(0, Math.floor((timeMs - GENESIS_TIME_MS) / BLOCK_INTERVAL_MS));
}

/** The instant a block of the simulated chain was made. */
export function timeOfHeight(height: number): number {
  return GENESIS_TIME_MS + (height - GENESIS_HEIGHT) * BLOCK_INTERVAL_MS;
}
