// Small valid files for upload tests: a 1x1 PNG and a minimal PDF, with FilePart makers for multipart
// bodies. One copy, so every suite sends the same bytes the server's content check has been shown to pass.
import type { FilePart } from './multipart';

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

export const png = (fileName = 'screen.png', bytes: Uint8Array = PNG): FilePart => ({ fileName, contentType: 'image/png', bytes });
export const pdf = (fileName = 'report.pdf'): FilePart => ({ fileName, contentType: 'application/pdf', bytes: PDF });
