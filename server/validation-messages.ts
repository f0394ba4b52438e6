// Turns ajv's validation errors into sentences that name the field, in the product's words.
import type { FastifySchemaValidationError } from 'fastify/types/schema';

function fieldOf(e: FastifySchemaValidationError): string {
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = (e.params as { missingProperty?: string }).missingProperty;
  if (missing) return path ? `${path}.${missing}` : missing;
  return path || 'body';
}

export function describeValidationError(e: FastifySchemaValidationError, context: string | undefined): string {
  const field = fieldOf(e);
  const p = e.params as Record<string, unknown>;
  const where = context && context !== 'body' ? ` (${context})` : '';
  switch (e.keyword) {
    case 'required':
      return `'${field}' is required${where}`;
    case 'minLength':
      return p.limit === 1 ? `'${field}' is required${where}` : `'${field}' must be at least ${String(p.limit)} characters${where}`;
    case 'maxLength':
      return `'${field}' must be at most ${String(p.limit)} characters${where}`;
    case 'type':
      return `'${field}' must be ${String(p.type)}${where}`;
    case 'format':
      return `'${field}' is not a valid ${String(p.format)}${where}`;
    case 'pattern':
      return `'${field}' is not valid${where}`;
    case 'additionalProperties':
      return `'${String(p.additionalProperty)}' is not allowed${where}`;
    case 'enum':
      return `'${field}' must be one of ${(p.allowedValues as unknown[]).join(', ')}${where}`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `'${field}' must be at least ${String(p.limit)}${where}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `'${field}' must be at most ${String(p.limit)}${where}`;
    case 'minItems':
      return `'${field}' must have at least ${String(p.limit)} item(s)${where}`;
    case 'maxItems':
      return maxItemsMessage(field, p.limit as number, context);
    default:
      return `'${field}' is not valid${where}`;
  }
}

export function maxItemsMessage(field: string, limit: number, context: string | undefined): string {
  const where = context && context !== 'body' ? ` (${context})` : '';
  return `'${field}' must have at most ${String(limit)} item(s)${where}`;
}

/** PostgreSQL text cannot store U+0000, so it is refused in every string a request carries. */
export function nulMessage(field: string, context: string): string {
  const where = context !== 'body' ? ` (${context})` : '';
  return `'${field}' must not contain the character U+0000${where}`;
}
