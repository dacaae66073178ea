/**
 * A PNG read as a decoder reads it (W3C PNG, third edition): the signature, every chunk's CRC, the
 * IHDR's size and pixel format, and the IDAT stream inflated to exactly one filter byte and one
 * row of pixels per line. Enough to prove bytes are a whole image of a size, with no dependency.
 */
import { crc32, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes per pixel of 8-bit samples, by colour type: grey, RGB, palette, grey and alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export interface DecodedPng {
  width: number;
  height: number;
  colorType: number;
  /** The filtered scanlines, inflated. */
  data: Buffer;
}

export function decodePng(bytes: Uint8Array): DecodedPng {
  const png = Buffer.from(bytes);
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new TypeError('not a PNG: no signature');
  const idat: Buffer[] = [];
  let ihdr: Buffer | undefined;
  let ended = false;
  for (let at = 8; at < png.length && !ended;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (png.readUInt32BE(at + 8 + length) !== crc32(png.subarray(at + 4, at + 8 + length))) throw new TypeError(`PNG chunk ${type} at ${at}: bad CRC`);
    if (type === 'IHDR') ihdr = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') ended = true;
    at += 12 + length;
  }
  if (!ihdr || !ended) throw new TypeError('PNG without IHDR or IEND');
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const [bitDepth, colorType] = [ihdr[8], ihdr[9]];
  if (bitDepth !== 8 || !(colorType in CHANNELS) || ihdr[12] !== 0) throw new TypeError(`PNG of bit depth ${bitDepth}, colour type ${colorType}, interlace ${ihdr[12]}: not read here`);
  const data = inflateSync(Buffer.concat(idat));
  if (data.length !== height * (1 + width * CHANNELS[colorType])) throw new TypeError(`PNG pixels: ${data.length} bytes for ${width}×${height}`);
  return { width, height, colorType, data };
}
