import { crc32, inflateRawSync } from "node:zlib";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, posix } from "node:path";

/** What an archive may unpack to: its total size and its entries, so that a zip bomb is refused. */
export type UnzipLimits = { maxBytes: number; maxEntries: number };

/** An archive refused, with why (a bomb, a path leaving its folder, a link, a form not read). */
export class ZipRefused extends Error {}

type Entry = {
  name: string;
  method: number;
  crc: number;
  packed: number;
  size: number;
  mode: number;
  offset: number;
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * Unpacks a ZIP archive held in memory into `dest`, refusing before writing anything: more entries
 * or more declared bytes than the limits, a path that is absolute or climbs out, a symbolic link,
 * encryption and ZIP64; then while writing: an entry that inflates past its declared size (the
 * inflater stops there) or whose CRC differs.
 */
export async function unzip(zip: Buffer, dest: string, limits: UnzipLimits): Promise<void> {
  const entries = guarded(() => centralDirectory(zip, limits));
  const total = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (total > limits.maxBytes)
    throw new ZipRefused(`it unpacks to ${total} bytes, more than ${limits.maxBytes}`);
  for (const entry of entries) {
    const target = join(dest, entry.name);
    if (entry.name.endsWith("/")) {
      await mkdir(target, { recursive: true });
      continue;
    }
    const bytes = guarded(() => contents(zip, entry));
    await mkdir(dirname(target), { recursive: true });
    // Only the owner's execute bit survives: a bundle's binary or script may need it.
    await writeFile(target, bytes, { mode: entry.mode & 0o100 ? 0o755 : 0o644, flag: "wx" }).catch(
      (err: NodeJS.ErrnoException) => {
        throw new ZipRefused(`its entry ${entry.name.slice(0, 100)} could not be written (${err.code})`);
      },
    );
  }
}

/** Reading past the buffer (a lying offset) is a malformed archive, not a crash. */
function guarded<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof ZipRefused) throw err;
    throw new ZipRefused(
      `it is not a ZIP archive that can be read (${(err as Error).message.slice(0, 100)})`,
    );
  }
}

function endOfCentralDirectory(zip: Buffer): number {
  // The record is the last 22 bytes plus a comment of at most 65,535.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--)
    if (zip.readUInt32LE(at) === EOCD) return at;
  throw new ZipRefused("it is not a ZIP archive (no end of central directory)");
}

function centralDirectory(zip: Buffer, limits: UnzipLimits): Entry[] {
  const end = endOfCentralDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  if (count === 0xffff || zip.readUInt32LE(end + 16) === 0xffffffff)
    throw new ZipRefused("it is a ZIP64 archive");
  if (count > limits.maxEntries)
    throw new ZipRefused(`it has ${count} entries, more than ${limits.maxEntries}`);
  const entries: Entry[] = [];
  for (let i = 0, at = zip.readUInt32LE(end + 16); i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL) throw new ZipRefused("its central directory is malformed");
    const nameLength = zip.readUInt16LE(at + 28);
    const entry = checked({
      flags: zip.readUInt16LE(at + 8),
      name: zip.toString(zip.readUInt16LE(at + 8) & 0x800 ? "utf8" : "latin1", at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      packed: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      mode: zip.readUInt32LE(at + 38) >>> 16,
      offset: zip.readUInt32LE(at + 42),
    });
    entries.push(entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

function checked(raw: Entry & { flags: number }): Entry {
  const { flags, ...entry } = raw;
  const name = entry.name.slice(0, 100);
  if (flags & 0x1) throw new ZipRefused(`its entry ${name} is encrypted`);
  if (entry.method !== 0 && entry.method !== 8)
    throw new ZipRefused(`its entry ${name} uses compression method ${entry.method}`);
  if ((entry.mode & S_IFMT) === S_IFLNK) throw new ZipRefused(`its entry ${name} is a symbolic link`);
  if (entry.size === 0xffffffff || entry.packed === 0xffffffff) throw new ZipRefused("it is a ZIP64 archive");
  if (!safePath(entry.name))
    throw new ZipRefused(`its entry ${JSON.stringify(name)} would be written outside its folder`);
  return entry;
}

/** A relative path that stays inside the folder: no root, drive, backslash, NUL or `..` step. */
function safePath(name: string): boolean {
  if (name === "" || name.includes("\0") || name.includes("\\") || /^[a-zA-Z]:/.test(name)) return false;
  if (name.startsWith("/")) return false;
  const normal = posix.normalize(name);
  return normal !== ".." && !normal.startsWith("../") && !name.split("/").includes("..");
}

function contents(zip: Buffer, entry: Entry): Buffer {
  if (zip.readUInt32LE(entry.offset) !== LOCAL) throw new ZipRefused("a local header is malformed");
  const start = entry.offset + 30 + zip.readUInt16LE(entry.offset + 26) + zip.readUInt16LE(entry.offset + 28);
  const packed = zip.subarray(start, start + entry.packed);
  if (packed.length !== entry.packed) throw new ZipRefused("an entry runs past the end of the archive");
  const name = entry.name.slice(0, 100);
  let bytes: Buffer;
  try {
    // The inflater stops at the declared size: an entry that lies about it cannot fill the disk.
    bytes =
      entry.method === 0 ? packed : inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.size) });
  } catch {
    throw new ZipRefused(`its entry ${name} inflates past its declared size or is corrupt`);
  }
  if (bytes.length !== entry.size || crc32(bytes) !== entry.crc)
    throw new ZipRefused(`its entry ${name} does not match its declared size and checksum`);
  return bytes;
}
