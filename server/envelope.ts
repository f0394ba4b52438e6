// The response wrapper every API answer is in (spec 000: isSuccess, data, message, errors) and the
// server's type, apart from app.ts: routes read them, and app.ts registers the routes, so importing app.ts
// from a route was an import cycle.
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { Envelope } from '../schemas/problems';

/**
 * Handlers may answer a date-time field with a Date: the serializer writes it as ISO 8601 text, which is
 * what the schema (and so the client's type) says the field is.
 */
type Provider = JsonSchemaToTsProvider<{
  SerializerSchemaOptions: { deserialize: [{ pattern: { type: 'string'; format: 'date-time' }; output: Date | string }] };
}>;

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, Provider>;

export function ok<T>(data: T, message = ''): Envelope<T> {
  return { isSuccess: true, data, message, errors: [] };
}
