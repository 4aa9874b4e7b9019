/**
 * A ZIP's central directory read without unpacking a byte (APPNOTE.TXT 4.3: the end record, ZIP64's, and each file's
 * header): what every entry says it holds, so an archive is judged before it is opened (archives.ts).
 */

/** One file of the archive as its headers declare it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; any other is refused. */
  method: number;
  /** Where its compressed bytes start in the archive, and how many there are. */
  dataOffset: number;
  compressedSize: number;
  /** What the central directory says it unpacks to. */
  declaredSize: number;
}

/** Why the bytes are not a ZIP this shop opens. */
export class ZipUnreadable extends Error {}

const END = 0x06054b50;
const END64 = 0x06064b50;
const END64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;

/** The archive's declared entry count, read from its end record alone (refused before the directory is walked). */
export function zipEntryCount(zip: Buffer): number {
  return endRecord(zip).count;
}

/** Every entry of the directory, at most `max` (more is the caller's refusal, found by zipEntryCount first). */
export function zipEntries(zip: Buffer, max: number): ZipEntry[] {
  const end = endRecord(zip);
  const entries: ZipEntry[] = [];
  let at = end.directoryOffset;
  for (let i = 0; i < Math.min(end.count, max); i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw new ZipUnreadable('its directory is damaged');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const sizes = zip64Sizes(zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), {
      declaredSize: zip.readUInt32LE(at + 24),
      compressedSize: zip.readUInt32LE(at + 20),
      localOffset: zip.readUInt32LE(at + 42),
    });
    if (flags & 1) throw new ZipUnreadable(`"${name}" is encrypted`);
    entries.push({ name, method, dataOffset: dataStart(zip, sizes.localOffset, name), compressedSize: sizes.compressedSize, declaredSize: sizes.declaredSize });
    at += 46 + nameLength + extraLength + commentLength;
  }
  for (const e of entries) if (e.dataOffset + e.compressedSize > zip.length) throw new ZipUnreadable(`"${e.name}" is cut short`);
  return entries;
}

function endRecord(zip: Buffer): { count: number; directoryOffset: number } {
  const from = Math.max(0, zip.length - 22 - MAX_COMMENT);
  let at = -1;
  for (let i = zip.length - 22; i >= from; i--) {
    if (zip.readUInt32LE(i) === END) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipUnreadable('it has no ZIP directory');
  let count = zip.readUInt16LE(at + 10);
  let directoryOffset = zip.readUInt32LE(at + 16);
  const locator = at - 20;
  if ((count === 0xffff || directoryOffset === 0xffffffff) && locator >= 0 && zip.readUInt32LE(locator) === END64_LOCATOR) {
    const end64 = Number(zip.readBigUInt64LE(locator + 8));
    if (end64 + 56 > zip.length || zip.readUInt32LE(end64) !== END64) throw new ZipUnreadable('its ZIP64 directory is damaged');
    count = safeNumber(zip.readBigUInt64LE(end64 + 32));
    directoryOffset = safeNumber(zip.readBigUInt64LE(end64 + 48));
  }
  return { count, directoryOffset };
}

/** ZIP64's extra field (id 1) holds, in this order, each size or offset its header marks 0xFFFFFFFF. */
function zip64Sizes(extra: Buffer, sizes: { declaredSize: number; compressedSize: number; localOffset: number }) {
  const out = { ...sizes };
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 1) {
      let field = at + 4;
      for (const key of ['declaredSize', 'compressedSize', 'localOffset'] as const) {
        if (out[key] !== 0xffffffff) continue;
        if (field + 8 > at + 4 + length) throw new ZipUnreadable('a ZIP64 size is missing');
        out[key] = safeNumber(extra.readBigUInt64LE(field));
        field += 8;
      }
    }
    at += 4 + length;
  }
  return out;
}

function dataStart(zip: Buffer, localOffset: number, name: string): number {
  if (localOffset + 30 > zip.length || zip.readUInt32LE(localOffset) !== LOCAL) throw new ZipUnreadable(`"${name}" has no file header`);
  return localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
}

/** A 64-bit figure as a number; past 2^53 it is no archive this shop opens. */
function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipUnreadable('it declares sizes no file has');
  return Number(value);
}
