// The JSON Schema subset the survey compiler writes (engine/survey's JsonSchema), checked by hand for
// rjsf's isValid (choosing among oneOf / anyOf branches). The answers themselves are judged by
// engine/survey's validator; this only has to answer "does this value fit this schema?".
import type { RJSFSchema } from '@rjsf/utils';

export interface SchemaProblem {
  path: string;
  message: string;
}

const typeOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);

function typeFits(type: unknown, v: unknown): boolean {
  if (type === undefined) return true;
  const types = Array.isArray(type) ? type : [type];
  const actual = typeOf(v);
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

export function schemaProblems(schema: RJSFSchema | boolean, value: unknown, path = ''): SchemaProblem[] {
  if (schema === true) return [];
  if (schema === false) return [{ path, message: 'is not allowed' }];
  const out: SchemaProblem[] = [];
  const fail = (message: string): void => void out.push({ path, message });
  if (value === undefined) return out;
  if (!typeFits(schema.type, value)) return [{ path, message: `must be ${String(schema.type)}` }];
  if (schema.const !== undefined && schema.const !== value) fail('must be equal to constant');
  if (schema.enum && !schema.enum.some((e) => e === value)) fail('must be one of the allowed values');
  if (typeof value === 'string') {
    if (schema.maxLength !== undefined && value.length > schema.maxLength) fail(`must have at most ${schema.maxLength} characters`);
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) fail('must match the pattern');
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) fail(`must be >= ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) fail(`must be <= ${schema.maximum}`);
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (!branches) continue;
    const fits = branches.filter((b) => schemaProblems(b, value, path).length === 0).length;
    if (key === 'oneOf' ? fits !== 1 : fits === 0) fail(`must match ${key === 'oneOf' ? 'exactly one' : 'a'} schema`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) fail(`must have at least ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) fail(`must have at most ${schema.maxItems} items`);
    if (schema.items !== undefined && !Array.isArray(schema.items)) {
      value.forEach((v, i) => out.push(...schemaProblems(schema.items as RJSFSchema, v, `${path}.${i}`)));
    }
  } else if (typeof value === 'object' && value !== null) {
    const obj = value as Record<string, unknown>;
    for (const name of schema.required ?? []) if (obj[name] === undefined) out.push({ path: `${path}.${name}`, message: `must have required property '${name}'` });
    for (const [name, v] of Object.entries(obj)) {
      const sub = schema.properties?.[name];
      if (sub !== undefined) out.push(...schemaProblems(sub as RJSFSchema, v, `${path}.${name}`));
      else if (schema.additionalProperties === false) out.push({ path: `${path}.${name}`, message: 'must not have additional properties' });
    }
  }
  return out;
}
