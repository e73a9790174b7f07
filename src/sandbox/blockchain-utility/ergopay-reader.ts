/**
 * Reads back the transactions this sandbox puts in ErgoPay answers (the inverse of
 * `encodeTransaction`), for tests and for clients that want to show what they are asked to sign.
 *
 * Fleet's `deserializeTransaction` cannot read them: an ErgoTree whose header lacks the size flag
 * has no length prefix, so finding its end takes parsing the whole tree, which fleet only does
 * for P2PK trees and the miner-fee tree. The babel-fee and SigmaUSD bank trees lack the flag, so
 * this reader also recognises those two (the babel tree is a fixed template around a token id),
 * and otherwise follows Ergo's transaction format as fleet writes it.
 */
import type { Box, ContextExtension, DataInput, NonMandatoryRegisters, UnsignedInput } from '@fleet-sdk/common';
import { FEE_CONTRACT } from '@fleet-sdk/core';
import { blake2b256, hex } from '@fleet-sdk/crypto';
import { SConstant, SigmaByteReader, SigmaByteWriter } from '@fleet-sdk/serializer';
import { buildBabelContract } from '@fleet-sdk/babel-fees-plugin';
import { SIGMAUSD_BANK_CONTRACT } from './constants.js';

const P2PK_PREFIX = hex.decode('0008cd');
const P2PK_LENGTH = P2PK_PREFIX.length + 33;
const BABEL_SAMPLE_TOKEN = 'ab'.repeat(32);
const [BABEL_PREFIX, BABEL_SUFFIX] = buildBabelContract(BABEL_SAMPLE_TOKEN)
  .split(BABEL_SAMPLE_TOKEN)
  .map((part) => hex.decode(part));
const FIXED_TREES = [hex.decode(FEE_CONTRACT), hex.decode(SIGMAUSD_BANK_CONTRACT)];

function readErgoTree(reader: SigmaByteReader): Uint8Array {
  for (const tree of FIXED_TREES) if (reader.match(tree)) return reader.readBytes(tree.length);
  if (reader.match(P2PK_PREFIX)) return reader.readBytes(P2PK_LENGTH);
  if (BABEL_PREFIX && BABEL_SUFFIX && reader.match(BABEL_PREFIX) && reader.match(BABEL_SUFFIX, BABEL_PREFIX.length + 32)) {
    return reader.readBytes(BABEL_PREFIX.length + 32 + BABEL_SUFFIX.length);
  }
  const header = reader.readByte();
  if ((header & 0x08) === 0) throw new Error(`unknown ErgoTree without a size flag at byte ${reader.cursor - 1}`);
  const size = reader.readUInt();
  return new SigmaByteWriter(size + 5).write(header).writeUInt(size).writeBytes(reader.readBytes(size)).toBytes();
}

/** The bytes of the next constant, as hex (re-serializing a decoded SigmaProp is not supported by fleet). */
function readConstantHex(reader: SigmaByteReader): string {
  const start = reader.cursor;
  SConstant.from(reader);
  return hex.encode(reader.bytes.subarray(start, reader.cursor));
}

function readOutput(reader: SigmaByteReader, tokenIds: string[], transactionId: string, index: number): Box<bigint> {
  const start = reader.cursor;
  const value = reader.readBigUInt();
  const ergoTree = hex.encode(readErgoTree(reader));
  const creationHeight = reader.readUInt();
  // The box id hashes the box with full token ids, where the transaction stores indexes.
  const forId = new SigmaByteWriter(8192).writeBytes(reader.bytes.subarray(start, reader.cursor));
  const assets = reader.readArray((r) => ({ tokenId: tokenIds[r.readUInt()] ?? '', amount: r.readBigUInt() }));
  forId.writeUInt(assets.length);
  for (const asset of assets) forId.writeHex(asset.tokenId).writeBigUInt(asset.amount);
  const registersStart = reader.cursor;
  const additionalRegisters: NonMandatoryRegisters = {};
  const count = reader.readUInt();
  for (let i = 0; i < count; i++) additionalRegisters[`R${i + 4}` as keyof NonMandatoryRegisters] = readConstantHex(reader);
  forId.writeBytes(reader.bytes.subarray(registersStart, reader.cursor)).writeHex(transactionId).writeUInt(index);
  const boxId = hex.encode(blake2b256(forId.toBytes()));
  return { boxId, value, ergoTree, creationHeight, assets, additionalRegisters, transactionId, index };
}

/** An unsigned transaction as read back, with its id and its outputs' box ids. */
export interface DecodedTransaction {
  id: string;
  inputs: UnsignedInput[];
  dataInputs: DataInput[];
  outputs: Box<bigint>[];
}

/** Decodes an ErgoPay `reducedTx` of this sandbox into an unsigned transaction with computed ids. */
export function readErgoPayTransaction(reducedTx: string): DecodedTransaction {
  const bytes = Buffer.from(reducedTx, 'base64url');
  // An unsigned transaction's bytes are the bytes its id hashes (proofs are empty).
  const id = hex.encode(blake2b256(bytes));
  const reader = new SigmaByteReader(bytes);
  const inputs = reader.readArray((r) => {
    const boxId = hex.encode(r.readBytes(32));
    if (r.readUInt() !== 0) throw new Error('a signed input in an unsigned transaction');
    const extension: ContextExtension = {};
    const entries = r.readUInt();
    for (let i = 0; i < entries; i++) extension[r.readUInt()] = readConstantHex(r);
    return { boxId, extension };
  });
  const dataInputs = reader.readArray((r) => ({ boxId: hex.encode(r.readBytes(32)) }));
  const tokenIds = reader.readArray((r) => hex.encode(r.readBytes(32)));
  const outputs = reader.readArray((r, index) => readOutput(r, tokenIds, id, index));
  return { id, inputs, dataInputs, outputs };
}
