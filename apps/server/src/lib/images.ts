import type sharpFunction from 'sharp';
import type { Metadata, Sharp } from 'sharp';

let loadingSharp: Promise<typeof sharpFunction> | undefined;
/** sharp (libvips: ~30 MB of resident memory) loads with the first image, not at start-up (issue 11 item 6). */
function loadSharp() {
  return (loadingSharp ??= import('sharp').then((module) => {
    // One decode at a time per call is enough on a small server; the cache would keep decoded pixels around.
    module.default.cache(false);
    return module.default;
  }));
}

type RasterMimeType = 'image/jpeg' | 'image/png' | 'image/webp';

/** Why an image was refused: more pixels than allowed, or not a decodable image of its claimed format. */
export type ImageRejection = 'too_many_pixels' | 'unreadable';

export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError';
  constructor(readonly reason: ImageRejection) {
    super(`image refused: ${reason}`);
  }
}

export interface ImageLimits {
  /** Width × height above which an image is refused before its pixels are decoded (pixel floods). */
  maxPixels: number;
}

export interface EncodedImage {
  data: Buffer;
  mimeType: RasterMimeType;
  width: number;
  height: number;
}

const FORMATS: Record<string, RasterMimeType> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
/** A decode or encode that takes longer than this is abandoned (a crafted file that is slow to decode). */
const TIMEOUT_SECONDS = 20;
/** Largest avatar side, in pixels. */
const AVATAR_MAX_SIZE = 512;

/**
 * Reads only the header, checks the declared size against the limit, then opens the pixels with the
 * same limit enforced by libvips. The first frame only (an animation is one picture).
 */
async function openChecked(input: Buffer, limits: ImageLimits) {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError('unreadable');
  }
  const format = meta.format ? FORMATS[meta.format] : undefined;
  if (!format || !meta.width || !meta.height) throw new ImageRejectedError('unreadable');
  if (meta.width * meta.height > limits.maxPixels) throw new ImageRejectedError('too_many_pixels');
  // failOn 'error': truncated or corrupt data is refused instead of being padded with grey.
  const image = sharp(input, { limitInputPixels: limits.maxPixels, failOn: 'error', animated: false })
    .timeout({ seconds: TIMEOUT_SECONDS })
    // Applies the EXIF orientation to the pixels, since the EXIF block itself is dropped.
    .autoOrient();
  return { image, format, width: meta.width, height: meta.height };
}

async function render(pipeline: Sharp, mimeType: RasterMimeType): Promise<EncodedImage> {
  // No withMetadata()/keepMetadata(): sharp writes no EXIF, XMP, IPTC or comments, and converts to sRGB.
  const encoder =
    mimeType === 'image/jpeg'
      ? pipeline.jpeg({ quality: 88, mozjpeg: true })
      : mimeType === 'image/png'
        ? pipeline.png({ compressionLevel: 9 })
        : pipeline.webp({ quality: 88 });
  try {
    const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
    return { data, mimeType, width: info.width, height: info.height };
  } catch {
    throw new ImageRejectedError('unreadable');
  }
}

/**
 * Decodes an uploaded JPEG, PNG or WebP and encodes its pixels again in the same format: whatever
 * rode along in the file (metadata with GPS positions, comments, appended HTML or scripts, trailing
 * bytes) is gone, and only a real, bounded image comes out. Throws ImageRejectedError.
 */
export async function reencodeImage(input: Buffer, limits: ImageLimits): Promise<EncodedImage> {
  const { image, format } = await openChecked(input, limits);
  return render(image, format);
}

/**
 * An avatar: the image re-encoded as above, centre-cropped to a square and shrunk to at most `size`
 * pixels a side (never enlarged), as WebP. Throws ImageRejectedError.
 */
export async function squareAvatar(
  input: Buffer,
  limits: ImageLimits,
  size: number = AVATAR_MAX_SIZE,
): Promise<EncodedImage> {
  const side = Math.min(Math.max(1, Math.floor(size)), AVATAR_MAX_SIZE);
  const { image, width, height } = await openChecked(input, limits);
  // A rotation swaps width and height but not the shorter side; autoOrient runs before the crop.
  const target = Math.min(side, width, height);
  return render(image.resize(target, target, { fit: 'cover', position: 'centre' }), 'image/webp');
}

/**
 * A stored avatar as a PNG of at most `size` pixels a side, for the report's header: react-pdf draws
 * only PNG and JPEG, and a header logo needs no more than ~200 px (about 3 × its printed size).
 * PNG keeps a logo's transparency. Throws ImageRejectedError.
 */
export async function avatarAsPng(input: Buffer, size: number): Promise<EncodedImage> {
  const { image } = await openChecked(input, { maxPixels: AVATAR_MAX_SIZE * AVATAR_MAX_SIZE });
  return render(image.resize(size, size, { fit: 'inside', withoutEnlargement: true }), 'image/png');
}
