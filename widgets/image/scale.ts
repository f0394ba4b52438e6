// Photos are scaled down to the question's max-pixels (its longest side) and re-encoded at quality
// 0.8 (spec 001 section 5), in the browser, before they travel: a phone's 12-megapixel photo becomes a
// few hundred kilobytes. A photo already small enough is sent as it is.
import { IMAGE_QUALITY, MAX_FILE_BYTES } from '../../engine/survey/index';

export const IMAGE_MESSAGES = {
  read: 'Failed to read the image file.',
  scale: 'Failed to scale image.',
  encode: 'Image scaling failed.',
} as const;

export class ImageProblem extends Error {}

function load(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new ImageProblem(IMAGE_MESSAGES.read));
    };
    img.src = url;
  });
}

/** The photo to send: the file itself, or a smaller JPEG (WebP stays WebP). */
export async function scaleImage(file: File, opts: { maxPixels?: number | undefined; quality?: number | undefined }): Promise<Blob> {
  const img = await load(file);
  const longest = Math.max(img.naturalWidth, img.naturalHeight);
  let scale = opts.maxPixels && longest > opts.maxPixels ? opts.maxPixels / longest : 1;
  if (scale === 1 && file.size <= MAX_FILE_BYTES) return file;
  const type = file.type === 'image/webp' ? 'image/webp' : 'image/jpeg';
  // A photo over 5 MB without a max-pixels parameter is shrunk until it fits, or refused by size.
  for (let attempt = 0; attempt < 4; attempt++) {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
    const ctx = canvas.getContext('2d');
    if (ctx === null) throw new ImageProblem(IMAGE_MESSAGES.scale);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, opts.quality ?? IMAGE_QUALITY));
    if (blob === null) throw new ImageProblem(IMAGE_MESSAGES.encode);
    if (blob.size <= MAX_FILE_BYTES) return blob;
    scale *= 0.7;
  }
  return file;
}

/** 'photo.png' saved as JPEG is 'photo.jpg'. */
export function renamed(name: string, type: string): string {
  const ext = type === 'image/webp' ? 'webp' : type === 'image/jpeg' ? 'jpg' : null;
  if (ext === null) return name;
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.${ext}`;
}
