// Input that a JSON Schema cannot refuse, refused before any handler sees it.
//
// NUL (U+0000): PostgreSQL text cannot hold it, so a NUL in any string used to reach the database
// and fail there with a 500, far from the field. Nothing legitimate types it, so it is refused in
// every string of the body, the querystring and the path, naming the field like the schema's own
// messages do. Arrays far beyond any schema's maxItems are refused in the same walk (see below).
//
// A multipart body without a usable boundary cannot be split into parts at all; the multipart
// reader threw a plain Error (a 500) on it.
import type { FastifyRequest } from 'fastify';
import { problem } from './problems';
import { maxItemsMessage, nulMessage } from './validation-messages';

/**
 * Arrays longer than this are refused before the schema runs. It is above every maxItems in schemas/;
 * without it ajv, which reports every error, answered a 2 MB body of a million numbers with a
 * million errors (26 MB, 2.5 s of CPU) before saying the list was too long.
 */
export const MAX_ARRAY_ITEMS = 10_000;

/** Refusals for the strings that carry a NUL and the arrays over MAX_ARRAY_ITEMS, naming each place. */
export function hostileValues(value: unknown, context: string): string[] {
  const out: string[] = [];
  // A stack, not recursion: a body may be nested thousands deep and must not overflow the call stack.
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) out.push(nulMessage(path || context, context));
    } else if (Array.isArray(v) && v.length > MAX_ARRAY_ITEMS) {
      out.push(maxItemsMessage(path || context, MAX_ARRAY_ITEMS, context));
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) stack.push([child, path ? `${path}.${k}` : k]);
    }
  }
  return out.reverse();
}

/** The form fields (and file names) of a multipart body that carry a NUL, as refusals naming them. */
export function nulFormFields(
  entries: readonly (readonly [string, unknown])[],
  files: readonly { field: string; fileName: string; declaredType: string }[],
): string[] {
  const named = entries.filter(([, v]) => typeof v === 'string' && v.includes('\u0000')).map(([name]) => name);
  for (const f of files) if (f.fileName.includes('\u0000') || f.declaredType.includes('\u0000')) named.push(f.field);
  return named.map((name) => nulMessage(name, 'body'));
}

const PARTS = [
  ['body', (req: FastifyRequest) => req.body],
  ['querystring', (req: FastifyRequest) => req.query],
  ['params', (req: FastifyRequest) => req.params],
] as const;

/** preValidation: a NUL or an over-long array anywhere in the request's parsed input is a 400 naming where. */
export async function refuseHostileValues(req: FastifyRequest): Promise<void> {
  const errors = PARTS.flatMap(([context, of]) => hostileValues(of(req), context));
  if (errors.length > 0) throw problem('validation', { errors });
}

// RFC 2046: 1 to 70 characters, quoted or as a token.
const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^";\s]{1,70}))\s*(?:;|$)/i;

/** preParsing: multipart/form-data must name its boundary, or the body cannot be read. */
export async function requireBoundary(req: FastifyRequest): Promise<void> {
  const type = req.headers['content-type'];
  if (typeof type !== 'string' || !/^\s*multipart\//i.test(type)) return;
  if (!BOUNDARY.test(type)) throw problem('validation', { errors: ["'content-type' must name the multipart boundary"] });
}
