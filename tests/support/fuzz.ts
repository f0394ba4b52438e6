// The route fuzzer shared by tests/api/security/fuzz.routes.test.ts (a fixed seed, a few runs per route)
// and tests/bench/fuzz.bench.ts (a random seed, many runs). Requests are derived from each route's own
// JSON Schemas: a valid-looking value first, then one hostile change to it, so that most requests get
// past the first check and reach the deeper ones (other fields' validation, the handler, the database).
// Each reply is judged the way a caller would see it: never a 5xx, always the envelope, and a
// validation refusal names the field that was broken.
import fc from 'fast-check';
import { problems } from '../../schemas/problems';
import type { RouteInfo } from '../../server/app';
import { toFormEntries, type FormEntry } from '../../engine/survey/index';
import type { Session, TestApp } from './app';
import { completeDemoAnswers, submissionOf, type TestSurvey } from './surveys';

export interface JsonSchema {
  type?: string | readonly string[];
  enum?: readonly unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
}

type Part = 'body' | 'querystring' | 'params';
type Path = (string | number)[];

// ---------------------------------------------------------------------------------------------------
// Bounds: every string, array and number a route accepts must be limited by its schema.

function typesOf(s: JsonSchema): string[] {
  if (s.type !== undefined) return [s.type].flat();
  if (s.properties) return ['object'];
  if (s.items) return ['array'];
  return [];
}

/** Where a schema accepts a string without maxLength, an array without maxItems, a number without a range. */
export function unboundedFields(schema: JsonSchema | undefined, where: string): string[] {
  if (!schema) return [];
  const out: string[] = [];
  for (const alt of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) out.push(...unboundedFields(alt, where));
  if (schema.enum !== undefined || schema.const !== undefined) return out;
  for (const type of typesOf(schema)) {
    if (type === 'string' && schema.maxLength === undefined && schema.format !== 'uuid') out.push(`${where}: string without maxLength`);
    if ((type === 'integer' || type === 'number') && (schema.minimum === undefined || schema.maximum === undefined))
      out.push(`${where}: number without minimum and maximum`);
    if (type === 'array') {
      if (schema.maxItems === undefined) out.push(`${where}: array without maxItems`);
      out.push(...unboundedFields(schema.items, `${where}[]`));
    }
    if (type === 'object') for (const [k, v] of Object.entries(schema.properties ?? {})) out.push(...unboundedFields(v, `${where}.${k}`));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Valid-looking values.

const SAFE_MIN = -1_000_000;
const SAFE_MAX = 1_000_000;

function isoDates() {
  return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true });
}

/** Ids of rows that exist (the demo data's), so that some requests reach past 'not found'. */
export type KnownIds = readonly string[];

function stringOf(s: JsonSchema, ids: KnownIds = []): fc.Arbitrary<string> {
  if (s.format === 'uuid') return ids.length > 0 ? fc.oneof(fc.uuid(), fc.constantFrom(...ids)) : fc.uuid();
  if (s.format === 'date') return isoDates().map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'date-time') return isoDates().map((d) => d.toISOString());
  if (s.format === 'email' || /email/i.test(String(s.format))) return fc.stringMatching(/^[a-z]{1,20}@[a-z]{1,10}\.test$/);
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
  const min = s.minLength ?? 0;
  return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(s.maxLength ?? 40, 40)) });
}

/** A value the schema accepts (as far as the keywords used in schemas/ go). */
export function validValue(s: JsonSchema | undefined, ids: KnownIds = []): fc.Arbitrary<unknown> {
  if (!s) return fc.jsonValue({ maxDepth: 2 });
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return fc.oneof(...alts.map((a) => validValue(a, ids)));
  const type = typesOf(s).find((x) => x !== 'null');
  switch (type) {
    case 'string':
      return stringOf(s, ids);
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? SAFE_MIN, SAFE_MIN), max: Math.min(s.maximum ?? SAFE_MAX, SAFE_MAX) });
    case 'number':
      return fc.double({
        min: Math.max(s.minimum ?? SAFE_MIN, SAFE_MIN),
        max: Math.min(s.maximum ?? SAFE_MAX, SAFE_MAX),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const opts = { minLength: s.minItems ?? 0, maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4)) };
      return s.uniqueItems
        ? fc.uniqueArray(validValue(s.items, ids), { ...opts, selector: (v) => JSON.stringify(v) })
        : fc.array(validValue(s.items, ids), opts);
    }
    case 'object': {
      const props = Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, validValue(v, ids)]));
      return fc.record(props, { requiredKeys: [...(s.required ?? [])] as never[] });
    }
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---------------------------------------------------------------------------------------------------
// Hostile changes.

export const NUL = '\u0000';
export const BIDI = ['\u202e', '\u2066', '\u2067', '\u2069', '\u200f'];

/** Leaves and containers of a schema, each with the path a value of it sits at. */
function fieldsOf(s: JsonSchema | undefined, path: Path = []): { path: Path; schema: JsonSchema }[] {
  if (!s) return [];
  const out = [{ path, schema: s }];
  for (const [k, v] of Object.entries(s.properties ?? {})) out.push(...fieldsOf(v, [...path, k]));
  if (s.items) out.push(...fieldsOf(s.items, [...path, 0]));
  return out;
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Path];
  const container = (
    Array.isArray(root)
      ? [...(root as unknown[])]
      : root && typeof root === 'object'
        ? { ...(root as object) }
        : typeof head === 'number'
          ? []
          : {}
  ) as Record<string | number, unknown>;
  container[head] = setAt(container[head], rest, value);
  return container;
}

function deleteAt(root: unknown, path: Path): unknown {
  if (path.length === 1 && root && typeof root === 'object' && !Array.isArray(root)) {
    const copy = { ...(root as Record<string, unknown>) };
    delete copy[path[0] as string];
    return copy;
  }
  if (path.length <= 1 || !root || typeof root !== 'object') return root;
  const [head, ...rest] = path as [string | number, ...Path];
  return setAt(root, [head], deleteAt((root as Record<string | number, unknown>)[head], rest));
}

/** The field as the server's messages write it: 'members.0', or 'body' for the whole body. */
export function fieldName(path: Path): string {
  return path.length === 0 ? 'body' : path.join('.');
}

function wrongTypeFor(s: JsonSchema): fc.Arbitrary<unknown> {
  const t = typesOf(s);
  const candidates: unknown[] = [];
  if (!t.includes('string')) candidates.push('not-the-type', '');
  if (!t.includes('object')) candidates.push({ nested: { deeper: true } });
  if (!t.includes('array')) candidates.push([1, 'two', null]);
  if (!t.includes('boolean') && !t.includes('string')) candidates.push(true);
  if (!t.includes('null')) candidates.push(null);
  return fc.constantFrom(...candidates);
}

export interface Mutation {
  kind: string;
  part: Part;
  path: Path;
  /** The value sent, or raw text when the part is sent as written. */
  value: unknown;
  /** Whether the schema must refuse it with a message naming fieldName(path). */
  namesField: boolean;
}

type Sized = { huge: boolean };

/** NUL is refused wherever it appears (PostgreSQL text cannot hold it); bidi controls are legitimate text. */
function hostileString(base: string): fc.Arbitrary<{ kind: string; value: string; refused: boolean }> {
  return fc.oneof(
    fc.nat(base.length).map((i) => ({ kind: 'nul', value: `${base.slice(0, i)}${NUL}${base.slice(i)}`, refused: true })),
    fc.constantFrom(...BIDI).map((c) => ({ kind: 'bidi', value: `${c}${base}${c}`, refused: false })),
  );
}

function overlong(s: JsonSchema, size: Sized): fc.Arbitrary<string> {
  const limit = s.maxLength ?? 1000;
  const max = size.huge ? Math.max(limit * 4, 1024 * 1024) : limit + 64;
  return fc.integer({ min: limit + 1, max }).map((n) => 'x'.repeat(n));
}

/** One hostile change to a valid-looking value of the schema, at some field of it. */
function mutationOf(part: Part, schema: JsonSchema, base: unknown, size: Sized): fc.Arbitrary<Mutation> {
  const fields = fieldsOf(schema);
  const strings = fields.filter((f) => typesOf(f.schema).includes('string') && !f.schema.enum);
  const arrays = fields.filter((f) => typesOf(f.schema).includes('array'));
  const required = fields.flatMap((f) => (f.schema.required ?? []).map((k) => [...f.path, k]));
  const objects = fields.filter((f) => typesOf(f.schema).includes('object'));
  // Querystrings and params are text before coercion: a wrong JSON type means nothing there.
  const isBody = part === 'body';
  const options: fc.Arbitrary<Mutation>[] = [
    fc.constantFrom(...fields.filter((f) => f.path.length > 0 || isBody)).chain((f) =>
      wrongTypeFor(f.schema).map((value) => ({
        kind: 'wrongType',
        part,
        path: f.path,
        value: setAt(base, f.path, value),
        namesField: isBody && !f.schema.anyOf,
      })),
    ),
  ];
  if (strings.length > 0) {
    const pick = fc.constantFrom(...strings);
    options.push(
      pick.chain((f) =>
        fc
          .integer({ min: -1e6, max: 1e9 })
          .map((n) => ({ kind: 'numberForString', part, path: f.path, value: setAt(base, f.path, n), namesField: isBody })),
      ),
      pick.chain((f) =>
        stringOf(f.schema).chain((s) =>
          hostileString(s).map((h) => ({ kind: h.kind, part, path: f.path, value: setAt(base, f.path, h.value), namesField: h.refused })),
        ),
      ),
      pick.chain((f) =>
        overlong(f.schema, size).map((s) => ({ kind: 'overlong', part, path: f.path, value: setAt(base, f.path, s), namesField: true })),
      ),
    );
  }
  if (required.length > 0) {
    options.push(
      fc
        .constantFrom(...required)
        .map((path) => ({ kind: 'missing', part, path, value: deleteAt(setAt(base, path, 'x'), path), namesField: true })),
    );
  }
  if (objects.length > 0) {
    const extraKey = fc.oneof(
      fc.string({ minLength: 1, maxLength: 30 }),
      fc.constantFrom('__proto__', 'constructor', 'prototype', '$where', 'a'.repeat(5000)),
    );
    options.push(
      fc.tuple(fc.constantFrom(...objects), extraKey, fc.jsonValue({ maxDepth: 2 })).map(([f, key, v]) => ({
        kind: 'extra',
        part,
        path: f.path,
        value: setAt(base, [...f.path, key], v),
        namesField: false,
      })),
    );
  }
  if (arrays.length > 0) {
    options.push(
      fc.constantFrom(...arrays).chain((f) => {
        const limit = f.schema.maxItems ?? 1000;
        // Valid items test the bound itself; wrong ones test that the refusal does not grow with the list.
        const item = fc.oneof(validValue(f.schema.items), wrongTypeFor(f.schema.items ?? {}));
        return fc.tuple(item, fc.integer({ min: limit + 1, max: size.huge ? 200_000 : limit + 10 })).map(([item, n]) => ({
          kind: 'hugeArray',
          part,
          path: f.path,
          value: setAt(
            base,
            f.path,
            Array.from({ length: n }, () => item),
          ),
          namesField: isBody,
        }));
      }),
      fc.constantFrom(...arrays).map((f) => {
        const holes: unknown[] = [];
        holes[isBody ? 5 : 99_999] = 1;
        return { kind: 'sparseArray', part, path: f.path, value: setAt(base, f.path, holes), namesField: false };
      }),
    );
  }
  return fc.oneof(...options);
}

// ---------------------------------------------------------------------------------------------------
// Requests.

export interface FuzzRequest {
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Set when the reply must be a validation 400 naming this field. */
  field?: string;
  part?: Part;
}

const GARBAGE_SEGMENTS = [
  '%00',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(300),
  '%u202E',
  '\u202e',
  'null',
  '-1',
  '1e999',
  '%20',
  '{}',
  '[]',
  "'; DROP TABLE users; --",
  '%ZZ',
];
const GARBAGE_QUERIES = [
  '%%%',
  'a=%00',
  '=&=&=',
  '&&&&',
  'a[]=1&a[]=2',
  'a[99999999]=1',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  `${'k=v&'.repeat(2000)}k=v`,
  'x=%E0%A4%A',
];
const GARBAGE_HEADERS = [
  '',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'Bearer ',
  'Bearer x.y.z',
  `Bearer ${'a'.repeat(4000)}`,
  'Basic Zm9vOmJhcg==',
  '-1',
  '\u202e',
  'x'.repeat(8000),
];
const MALFORMED_JSON = [
  '{"email": "unterminated',
  '{',
  '}',
  '[',
  '{"a":}',
  '{"a":1}{"b":2}',
  'nul\u0000l',
  '\u0000',
  '{"a":"\\u0000"}',
  'undefined',
  "{'a':1}",
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '[1,,2]',
  '{"a":1,}',
  '\ufeff{}',
  '1e99999',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
];

function pathParams(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

function concrete(url: string, params: Record<string, unknown>, raw?: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => raw?.[name] ?? encodeURIComponent(String(params[name] ?? 'x')));
}

function querystringOf(q: unknown): string {
  if (!q || typeof q !== 'object') return '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(q as Record<string, unknown>)) {
    if (v === undefined) continue;
    if (Array.isArray(v))
      for (const item of v)
        sp.append(k, item === undefined || item === null ? '' : typeof item === 'object' ? JSON.stringify(item) : String(item));
    else sp.append(k, v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

function hasBody(method: string): boolean {
  return method !== 'GET' && method !== 'DELETE' && method !== 'HEAD';
}

/** Requests for one JSON route: valid-looking, then broken in one place. */
export function routeRequests(route: RouteInfo, opts: { huge?: boolean; ids?: KnownIds } = {}): fc.Arbitrary<FuzzRequest> {
  const ids = opts.ids ?? [];
  const size = { huge: opts.huge === true };
  const schemas = route.schema ?? {};
  const paramSchema: JsonSchema = (schemas.params as JsonSchema | undefined) ?? {
    type: 'object',
    properties: Object.fromEntries(pathParams(route.url).map((p) => [p, { type: 'string', maxLength: 100 }])),
  };
  const querySchema = schemas.querystring as JsonSchema | undefined;
  const bodySchema = schemas.body as JsonSchema | undefined;
  const json = { 'content-type': 'application/json' };

  return fc
    .record({
      params: validValue(paramSchema, ids),
      query: querySchema ? validValue(querySchema, ids) : fc.constant(undefined),
      body: bodySchema ? validValue(bodySchema, ids) : fc.constant(undefined),
    })
    .chain((base) => {
      const request = (
        kind: string,
        parts: {
          params?: unknown;
          rawParams?: Record<string, string>;
          query?: string;
          payload?: string | Buffer;
          headers?: Record<string, string>;
        },
        field?: { part: Part; name: string },
      ): FuzzRequest => {
        const payload = parts.payload ?? (hasBody(route.method) && base.body !== undefined ? JSON.stringify(base.body) : undefined);
        return {
          kind,
          method: route.method,
          url: `${concrete(route.url, (parts.params ?? base.params) as Record<string, unknown>, parts.rawParams)}${parts.query ?? querystringOf(base.query)}`,
          headers: payload === undefined ? { ...parts.headers } : { ...json, ...parts.headers },
          ...(payload !== undefined ? { payload } : {}),
          ...(field ? { field: field.name, part: field.part } : {}),
        };
      };
      const fromMutation = (m: Mutation): FuzzRequest => {
        const named = m.namesField ? { part: m.part, name: fieldName(m.path) } : undefined;
        if (m.part === 'body') return request(m.kind, { payload: JSON.stringify(m.value) }, named);
        if (m.part === 'querystring') return request(m.kind, { query: querystringOf(m.value) }, named);
        return request(m.kind, { params: m.value }, named);
      };
      const options: fc.Arbitrary<FuzzRequest>[] = [fc.constant(request('valid', {}))];
      if (pathParams(route.url).length > 0) {
        options.push(
          mutationOf('params', paramSchema, base.params, size).map(fromMutation),
          fc
            .tuple(fc.constantFrom(...pathParams(route.url)), fc.constantFrom(...GARBAGE_SEGMENTS))
            .map(([name, garbage]) => request('garbageParam', { rawParams: { [name]: garbage } })),
        );
      }
      options.push(fc.constantFrom(...GARBAGE_QUERIES).map((q) => request('garbageQuery', { query: `?${q}` })));
      options.push(
        fc
          .tuple(fc.constantFrom('organization-id', 'authorization', 'content-length', 'accept'), fc.constantFrom(...GARBAGE_HEADERS))
          .map(([name, value]) => request('garbageHeader', { headers: { [name]: value } })),
      );
      if (querySchema) options.push(mutationOf('querystring', querySchema, base.query, size).map(fromMutation));
      if (hasBody(route.method)) {
        options.push(
          fc.constantFrom(...MALFORMED_JSON).map((text) => request('malformedJson', { payload: text })),
          fc
            .constantFrom<[string, string]>(
              ['text/plain', 'hello'],
              ['application/json; charset=utf-16', '{}'],
              ['application/x-www-form-urlencoded', 'a=1&b=2'],
              ['multipart/form-data', '--x\r\n'],
              ['application/json', ''],
              ['', '{}'],
            )
            .map(([type, text]) => request('contentType', { payload: text, headers: { 'content-type': type } })),
        );
        if (bodySchema) {
          options.push(
            mutationOf('body', bodySchema, base.body, size).map(fromMutation),
            fc
              .constantFrom<unknown>([], 'a string', 42, null, true, [{}])
              .map((v) =>
                request(
                  'notTheBodyType',
                  { payload: JSON.stringify(v) },
                  typesOf(bodySchema).includes(Array.isArray(v) ? 'array' : typeof v) ? undefined : { part: 'body', name: 'body' },
                ),
              ),
          );
        }
      }
      return fc.oneof(...options);
    });
}

// ---------------------------------------------------------------------------------------------------
// Multipart (SubmitSurvey has no JSON Schema: its form fields are read by the survey's engine).

/** Form fields of a complete demo submission, as the fill page would send them. */
export function submissionEntries(survey: TestSurvey): FormEntry[] {
  // One household member is enough here; the fuzzer varies the fields, not the answers.
  return toFormEntries(
    submissionOf(survey, {
      ...completeDemoAnswers,
      household_size: 1,
      members: [{ member_name: 'A', member_age: 30, member_sex: 'female' }],
    }),
  );
}

function formBody(fields: readonly (readonly [string, string])[], boundary: string): Buffer {
  const parts = fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return Buffer.from(`${parts.join('')}--${boundary}--\r\n`);
}

export function multipartRequests(url: string, entries: readonly FormEntry[], opts: { huge?: boolean } = {}): fc.Arbitrary<FuzzRequest> {
  const fields = entries.filter((e): e is [string, string] => typeof e[1] === 'string');
  const boundary = '----fieldsurveyfuzz0123456789';
  const send = (
    kind: string,
    f: readonly (readonly [string, string])[],
    contentType = `multipart/form-data; boundary=${boundary}`,
    payload?: Buffer,
  ): FuzzRequest => ({
    kind,
    method: 'POST',
    url,
    headers: { 'content-type': contentType },
    payload: payload ?? formBody(f, boundary),
  });
  const withId = fc.uuid().map((id) => fields.map(([n, v]): [string, string] => [n, n === 'submission.id' ? id : v]));
  const at = fc.nat(Math.max(fields.length - 1, 0));
  const replaceAt = (f: [string, string][], i: number, entry: [string, string] | undefined) => [
    ...f.slice(0, i),
    ...(entry ? [entry] : []),
    ...f.slice(i + 1),
  ];
  const garbageNames = [
    'answers[99999999999].answerDetail.text',
    'answers[-1].x',
    'answers[1e9]',
    'answers[]',
    'sectionRepeatGroups[4294967296].repeatGroup',
    '__proto__',
    'answers[0].__proto__.x',
    'constructor.prototype',
    '\u202eanswers',
    'a'.repeat(10_000),
  ];
  return fc.oneof(
    withId.map((f) => send('valid', f)),
    withId.map((f) => send('noBoundary', f, 'multipart/form-data')),
    withId.map((f) => send('emptyBoundary', f, 'multipart/form-data; boundary=')),
    withId.map((f) => send('brokenBoundary', f, 'multipart/form-data; boundary=someOtherBoundary')),
    withId.map((f) => send('quotedBoundary', f, 'multipart/form-data; boundary="unterminated')),
    withId.chain((f) =>
      fc
        .nat(200)
        .map((cut) =>
          send('truncated', f, undefined, formBody(f, boundary).subarray(0, Math.max(0, formBody(f, boundary).length - 1 - cut))),
        ),
    ),
    fc
      .tuple(withId, at, fc.constantFrom(...BIDI, NUL))
      .map(([f, i, c]) => send(c === NUL ? 'nulValue' : 'bidi', replaceAt(f, i, [f[i]![0], `${f[i]![1]}${c}tail`]))),
    fc.tuple(withId, at).map(([f, i]) => send('nulName', replaceAt(f, i, [`${f[i]![0]}${NUL}`, f[i]![1]]))),
    fc
      .tuple(withId, at, fc.integer({ min: 200_001, max: opts.huge ? 3_000_000 : 200_100 }))
      .map(([f, i, n]) => send('overlong', replaceAt(f, i, [f[i]![0], 'x'.repeat(n)]))),
    fc.tuple(withId, at).map(([f, i]) => send('missing', replaceAt(f, i, undefined))),
    fc
      .tuple(withId, fc.constantFrom(...garbageNames), fc.string({ maxLength: 20 }))
      .map(([f, name, v]) => send('garbageName', [...f, [name, v]])),
    fc
      .tuple(
        withId,
        at,
        fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('NaN', '-1', '1e309', '99999999999999999999', '[]', '{}', 'null', 'true')),
      )
      .map(([f, i, v]) => send('garbageValue', replaceAt(f, i, [f[i]![0], v]))),
    withId.map((f) => send('notMultipart', f, 'application/json', Buffer.from(JSON.stringify(Object.fromEntries(f))))),
  );
}

// ---------------------------------------------------------------------------------------------------
// Sending and judging.

export interface Outcome {
  status: number;
  /** Why the reply is wrong, or undefined. */
  problem: string | undefined;
}

const ENVELOPE_KEYS = ['data', 'errors', 'isSuccess', 'message'];
/** A refusal carries the problem's stable code besides. */
const REFUSAL_KEYS = ['code', 'data', 'errors', 'isSuccess', 'message'];
/** A refusal says what is wrong in a few sentences; one that grows with the input is an amplifier. */
const MAX_REFUSAL_BYTES = 64 * 1024;

/** Replies that are rightly not the envelope: a successful download and the ALTCHA widget's challenge. */
function isBareSuccess(req: FuzzRequest, status: number, headers: Record<string, unknown>): boolean {
  if (status >= 300) return false;
  return /\/BotCheck\/challenge/i.test(req.url) || String(headers['content-disposition'] ?? '').startsWith('attachment');
}

export function judge(req: FuzzRequest, status: number, headers: Record<string, unknown>, text: string): string | undefined {
  // The health check rightly answers 503 where no job queue runs, as in the test app.
  if (status === 503 && /\/api\/health$/i.test(req.url.split('?')[0] ?? '')) return undefined;
  if (status >= 500) return `answered ${status}`;
  if (isBareSuccess(req, status, headers)) return undefined;
  if (!String(headers['content-type'] ?? '').includes('application/json'))
    return `answered ${status} as ${String(headers['content-type'])}, not the JSON envelope`;
  let body: { isSuccess?: unknown; message?: unknown; errors?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return `answered ${status} with a body that is not JSON`;
  }
  if (!body || typeof body !== 'object' || Object.keys(body).sort().join() !== (status >= 400 ? REFUSAL_KEYS : ENVELOPE_KEYS).join())
    return `answered ${status} outside the envelope`;
  if (typeof body.isSuccess !== 'boolean' || typeof body.message !== 'string' || !Array.isArray(body.errors))
    return `answered ${status} with an envelope of the wrong types`;
  if (body.isSuccess !== status < 400) return `answered ${status} with isSuccess ${String(body.isSuccess)}`;
  if (status >= 400 && body.errors.length === 0) return `refused (${status}) without saying why`;
  if (status >= 400 && text.length > MAX_REFUSAL_BYTES) return `refused (${status}) at length: ${text.length} bytes`;
  // A request made large enough is refused whole before any field is looked at: a body over the
  // limit with 413, an address with 414.
  const refusedWhole = status === 413 || (status === 414 && req.part !== 'body');
  if (req.field !== undefined && !refusedWhole) {
    if (status !== 400 || body.message !== problems.validation.message)
      return `took a broken '${req.field}' (${req.kind}): ${status} ${String(body.message)}`;
    const quoted = `'${req.field}`;
    // A list in the query string is a name repeated (Filter=a&Filter=b): no index to name, only the list.
    const listName = req.part === 'querystring' ? `'${String(req.field).split('.')[0]}'` : undefined;
    if (
      !(body.errors as string[]).some(
        (e) =>
          e.startsWith(quoted) ||
          e.includes(` ${quoted}`) ||
          e.includes(`'${String(req.field).split('.').pop()}'`) ||
          (listName !== undefined && e.startsWith(listName)),
      )
    )
      return `did not name '${req.field}' (${req.kind}): ${JSON.stringify(body.errors).slice(0, 300)}`;
  }
  return undefined;
}

export async function sendFuzz(t: TestApp, req: FuzzRequest, session: Session | undefined): Promise<Outcome> {
  const headers = session
    ? { authorization: `Bearer ${session.token}`, 'organization-id': session.organizationId, ...req.headers }
    : { ...req.headers };
  const res = await t.app.inject({
    method: req.method as 'POST',
    url: req.url,
    headers,
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
  return { status: res.statusCode, problem: judge(req, res.statusCode, res.headers, res.body) };
}

/** Who a route is called as: public routes anonymously, everything else as the demo owner. */
export function callerFor(route: RouteInfo, owner: Session): Session | undefined {
  return route.access === 'public' ? undefined : owner;
}

export interface RouteTally {
  route: string;
  requests: number;
  ok: number;
  refused: number;
  failed: number;
  crashes: number;
  ms: number;
  findings: string[];
}

/** Routes that end the caller's session: fuzzed last, with a session of their own. */
/** Routes that end the caller's sessions when a request gets through (logout; closing or re-keying the account). */
export const endsSession = (route: RouteInfo): boolean =>
  /\/(logout|deactivateAccount|permanentlyDeleteUser|permanentlyDeleteOrg|updateEmail)$/i.test(route.url);

/** The routes with their index (for the seed), those that end the session last. */
export function inFuzzOrder(routes: readonly RouteInfo[]): [number, RouteInfo][] {
  const indexed = routes.map((r, i): [number, RouteInfo] => [i, r]);
  return [...indexed.filter(([, r]) => !endsSession(r)), ...indexed.filter(([, r]) => endsSession(r))];
}

/**
 * Sends generated requests to one route and tallies what came back; findings describe wrong replies. On a
 * route that ends the session, the first request that gets through ends it, and every later one is
 * rightly a 401.
 */
export async function fuzzRoute(
  t: TestApp,
  name: string,
  requests: FuzzRequest[],
  session: Session | undefined,
  opts: { endsSession?: boolean } = {},
): Promise<RouteTally> {
  const tally: RouteTally = { route: name, requests: 0, ok: 0, refused: 0, failed: 0, crashes: 0, ms: 0, findings: [] };
  const started = performance.now();
  for (const req of requests) {
    tally.requests++;
    let outcome: Outcome;
    try {
      outcome = await sendFuzz(t, req, session);
    } catch (err) {
      tally.crashes++;
      tally.findings.push(`${req.kind} ${req.method} ${req.url.slice(0, 120)}: threw ${(err as Error).message}`);
      continue;
    }
    if (outcome.status >= 500 && outcome.problem !== undefined) tally.failed++;
    else if (outcome.status >= 400) tally.refused++;
    else tally.ok++;
    if (opts.endsSession && outcome.status === 401) continue;
    if (outcome.problem)
      tally.findings.push(`${req.kind} ${req.method} ${req.url.slice(0, 120)} ${describePayload(req)}: ${outcome.problem}`);
  }
  tally.ms = performance.now() - started;
  return tally;
}

function describePayload(req: FuzzRequest): string {
  if (req.payload === undefined) return '';
  const text = req.payload.toString('utf8');
  return JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}... (${text.length} chars)` : text);
}

/** The demo data's ids (organizations, users, memberships, workspaces, projects) and any others given. */
export function knownIds(t: TestApp, extra: readonly string[] = []): string[] {
  const out = [...extra];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(t.ids);
  return out;
}

export function isMultipartRoute(route: RouteInfo): boolean {
  return /\/SubmitSurvey$/i.test(route.url);
}
