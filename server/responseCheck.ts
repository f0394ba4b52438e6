// The API tests' check that every answer is what its route declares. Fastify serializes with the
// response schema and silently drops a field the schema does not name, so a schema that forgot a field
// would break a screen without a failing test. With the check on (tests/support/app.ts turns it on),
// an answer the schema does not describe exactly, a field too many included, is a 500 that names the
// route and the difference.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, RouteOptions } from 'fastify';

type Schema = Record<string, unknown>;

/** The schema with every object that lists its properties closed to others, as the serializer treats it. */
export function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema as Schema)) {
    out[key] =
      key === 'properties' || key === 'patternProperties' || key === '$defs' || key === 'definitions'
        ? Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, closed(v)]))
        : key === 'enum' || key === 'const' || key === 'required'
          ? value
          : closed(value);
  }
  if (out.properties && out.additionalProperties === undefined && !out.patternProperties) out.additionalProperties = false;
  return out;
}

function statusKey(responses: Schema, status: number): string | undefined {
  const exact = String(status);
  if (exact in responses) return exact;
  const range = `${exact[0]}xx`;
  if (range in responses) return range;
  return 'default' in responses ? 'default' : undefined;
}

export function checkResponses(app: FastifyInstance): void {
  const ajv = new Ajv({ allErrors: true, strict: false });
  (addFormats as unknown as (a: Ajv) => Ajv)(ajv);
  const compiled = new WeakMap<object, ValidateFunction>();
  const validatorOf = (schema: object): ValidateFunction => {
    let fn = compiled.get(schema);
    if (!fn) {
      fn = ajv.compile(closed(schema) as object);
      compiled.set(schema, fn);
    }
    return fn;
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    const responses = route.schema?.response as Schema | undefined;
    if (!responses) return;
    route.preSerialization = [
      ...[route.preSerialization ?? []].flat(),
      async (req, reply, payload) => {
        if (
          payload === null ||
          typeof payload !== 'object' ||
          Buffer.isBuffer(payload) ||
          typeof (payload as { pipe?: unknown }).pipe === 'function'
        )
          return payload;
        const key = statusKey(responses, reply.statusCode);
        const schema = key ? responses[key] : undefined;
        if (
          !schema ||
          typeof schema !== 'object' ||
          !('type' in schema || 'properties' in schema || 'anyOf' in schema || 'oneOf' in schema)
        )
          return payload;
        const validate = validatorOf(schema);
        // What the client receives: a Date is ISO 8601 text by then, undefined fields are gone.
        if (!validate(JSON.parse(JSON.stringify(payload)))) {
          const detail = (validate.errors ?? [])
            .slice(0, 10)
            .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
          const text = `${req.method} ${route.url} answered ${reply.statusCode} with what its response schema does not describe:\n  ${detail.join('\n  ')}`;
          console.error(text);
          throw new Error(text);
        }
        return payload;
      },
    ];
  });
}
