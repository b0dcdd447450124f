import { crc32, deflateRawSync } from "node:zlib";

/** An entry of a ZIP archive: its path as written (tests write hostile ones too) and its bytes. */
export type ZipEntry = { name: string; data: Buffer | string; mode?: number };

/**
 * A ZIP archive (deflated entries, UTF-8 names), written by hand so that tests can build wheels
 * and MCP bundles with no tool and no network, and write entries a zip tool would refuse.
 */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const data = Buffer.from(entry.data);
    const packed = deflateRawSync(data);
    const fields = { crc: crc32(data), packed: packed.length, size: data.length };
    const local = header(0x04034b50, 30, name, fields);
    locals.push(local, packed);
    const central = header(0x02014b50, 46, name, fields);
    central.writeUInt16LE((3 << 8) | 20, 4); // made on Unix, so the mode below is read
    central.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central);
    offset += local.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A local (30 bytes) or central (46) header: the fields both share sit at the same distance. */
function header(
  signature: number,
  size: number,
  name: Buffer,
  f: { crc: number; packed: number; size: number },
) {
  const h = Buffer.alloc(size);
  const shift = size === 46 ? 2 : 0; // the central header has "version made by" first
  h.writeUInt32LE(signature, 0);
  h.writeUInt16LE(20, 4 + shift); // version needed
  h.writeUInt16LE(0x800, 6 + shift); // UTF-8 names
  h.writeUInt16LE(8, 8 + shift); // deflate
  h.writeUInt16LE(0x21, 12 + shift); // 1980-01-01
  h.writeUInt32LE(f.crc, 14 + shift);
  h.writeUInt32LE(f.packed, 18 + shift);
  h.writeUInt32LE(f.size, 22 + shift);
  h.writeUInt16LE(name.length, 26 + shift);
  return Buffer.concat([h, name]);
}
