/**
 * Whether the invoice PDF can draw a logo, checked once when it is uploaded. pdfkit reads
 * PNGs with png-js, which trusts the file: a chunk length past the end makes it loop or
 * allocate without bound, and a broken image stream or scanline filter throws inside a
 * zlib callback, where no try/catch reaches, taking the process down. So a PNG is walked
 * here first (chunk bounds and CRCs, the header, the stream inflated within a bound, each
 * scanline's filter byte as png-js reads them), then opened by pdfkit like a JPEG is.
 */
import zlib from "node:zlib";
import { LOGO_MAX_SIDE, LOGO_TOO_WIDE, LOGO_TYPE_INVALID, type LogoType } from "@sched/shared-types";
import PDFDocument from "pdfkit";
import { BadRequest } from "../errors";

const refuse = (message: string) => new BadRequest(message, [{ path: "logo", message }]);

/** Bits per sample allowed for each PNG colour type, and its samples per pixel. */
const PNG_COLOUR_TYPES: Record<number, { depths: number[]; samples: number }> = {
  0: { depths: [1, 2, 4, 8, 16], samples: 1 },
  2: { depths: [8, 16], samples: 3 },
  3: { depths: [1, 2, 4, 8], samples: 1 },
  4: { depths: [8, 16], samples: 2 },
  6: { depths: [8, 16], samples: 4 },
};

/** Adam7's passes as png-js walks them: x0, y0, dx, dy. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

type PngHeader = { width: number; height: number; bits: number; colourType: number; interlaced: boolean };

function readPngChunks(bytes: Buffer): { header: PngHeader; stream: Buffer } {
  let pos = 8;
  let header: PngHeader | undefined;
  let hasPalette = false;
  const stream: Buffer[] = [];
  while (pos + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(pos);
    const end = pos + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) break;
    const type = bytes.toString("latin1", pos + 4, pos + 8);
    const data = bytes.subarray(pos + 8, pos + 8 + length);
    if (zlib.crc32(bytes.subarray(pos + 4, pos + 8 + length)) !== bytes.readUInt32BE(pos + 8 + length)) break;
    if (!header && type !== "IHDR") break;
    if (type === "IHDR") {
      if (header || length !== 13 || data[10] !== 0 || data[11] !== 0 || data[12] > 1) break;
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        bits: data[8],
        colourType: data[9],
        interlaced: data[12] === 1,
      };
    } else if (type === "PLTE") hasPalette = true;
    else if (type === "IDAT") stream.push(data);
    else if (type === "IEND") {
      if (!header) break;
      const colour = PNG_COLOUR_TYPES[header.colourType];
      if (!colour?.depths.includes(header.bits)) break;
      if (header.colourType === 3 && !hasPalette) break;
      return { header, stream: Buffer.concat(stream) };
    }
    pos = end;
  }
  throw refuse(LOGO_TYPE_INVALID);
}

/** Every scanline's filter byte where png-js will read it: 0 to 4, or it throws out of reach. */
function checkScanlines(header: PngHeader, pixels: Buffer) {
  const pixelBytes = (header.bits * PNG_COLOUR_TYPES[header.colourType].samples) / 8;
  const passes = header.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  let pos = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const width = Math.ceil((header.width - x0) / dx);
    const rows = Math.ceil((header.height - y0) / dy);
    const step = Math.max(0, Math.ceil(pixelBytes * width));
    for (let row = 0; row < rows && pos < pixels.length; row++) {
      if (pixels[pos] > 4) throw refuse(LOGO_TYPE_INVALID);
      pos += 1 + step;
    }
  }
}

function checkPng(bytes: Buffer): { width: number; height: number } {
  const { header, stream } = readPngChunks(bytes);
  if (header.width < 1 || header.height < 1) throw refuse(LOGO_TYPE_INVALID);
  if (header.width > LOGO_MAX_SIDE || header.height > LOGO_MAX_SIDE) throw refuse(LOGO_TOO_WIDE);
  // What the rows take at most, so a small stream cannot inflate without bound.
  const rowBytes = Math.ceil((header.width * header.bits * 4) / 8) + 1;
  let pixels: Buffer;
  try {
    pixels = zlib.inflateSync(stream, { maxOutputLength: rowBytes * header.height * 2 + 1024 });
  } catch {
    throw refuse(LOGO_TYPE_INVALID);
  }
  checkScanlines(header, pixels);
  return { width: header.width, height: header.height };
}

type OpenedImage = { width: number; height: number; colorSpace?: string };

/**
 * 400 with the logo field's message unless pdfkit can draw the image: a PNG walked as
 * above, a JPEG with its frame header (width, height, 1, 3 or 4 colour channels).
 */
export function assertDrawableLogo(bytes: Buffer, mimeType: LogoType): void {
  if (mimeType === "image/png") checkPng(bytes);
  let opened: OpenedImage;
  try {
    // pdfkit's own reader (untyped in @types/pdfkit), as doc.image() will use it.
    const doc = new PDFDocument({ autoFirstPage: false }) as unknown as {
      openImage(src: Buffer): OpenedImage;
    };
    opened = doc.openImage(bytes);
  } catch {
    throw refuse(LOGO_TYPE_INVALID);
  }
  if (!(opened.width >= 1 && opened.height >= 1)) throw refuse(LOGO_TYPE_INVALID);
  if (opened.width > LOGO_MAX_SIDE || opened.height > LOGO_MAX_SIDE) throw refuse(LOGO_TOO_WIDE);
  if (mimeType === "image/jpeg" && !opened.colorSpace) throw refuse(LOGO_TYPE_INVALID);
}
