// Files as answers: a data URL that carries the file's name ('data:image/jpeg;name=photo.jpg;base64,...',
// what engine/survey's codecs and validator read), or the path of a file stored before.
export function toDataUrl(blob: Blob, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      const comma = url.indexOf(',');
      const head = url.slice(0, comma);
      const type = head.slice(5).split(';')[0] || blob.type || 'application/octet-stream';
      resolve(`data:${type};name=${encodeURIComponent(name)};base64${url.slice(comma)}`);
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/** Sizes in the 1000-based units the spec uses ('4.2 MB'). */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
