// Two ajv instances for the route schemas. Querystrings, path parameters and headers arrive as text,
// so there '5' must become 5 and 'true' true (and a lone value a one-item array). A JSON body
// carries its own types: coercing it there would let `{"name": 13}` through as '13' and `""` through as
// [""], so a client sending the wrong type is told so instead.
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// allErrors so that a form learns of every field at once; the schemas bound every array, so the
// number of errors is bounded too.
const shared: Options = { allErrors: true, removeAdditional: false, useDefaults: true, addUsedSchema: false };

function ajvWith(options: Options): Ajv {
  const ajv = new Ajv({ ...shared, ...options });
  (addFormats as unknown as (a: Ajv) => Ajv)(ajv);
  return ajv;
}

export function validatorCompiler(): FastifySchemaCompiler<unknown> {
  const text = { ajv: ajvWith({ coerceTypes: 'array' }), compiled: new WeakMap<object, ValidateFunction>() };
  const json = { ajv: ajvWith({ coerceTypes: false }), compiled: new WeakMap<object, ValidateFunction>() };
  return ({ schema, httpPart }) => {
    const { ajv, compiled } = httpPart === 'body' ? json : text;
    // One schema object serves several routes (idParams, listQuery), and ajv refuses a second $id.
    let fn = compiled.get(schema as object);
    if (!fn) {
      fn = ajv.compile(schema as object);
      compiled.set(schema as object, fn);
    }
    return fn;
  };
}
