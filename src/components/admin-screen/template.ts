// Fills a declaration's placeholders ({row.id}, {ctx.workspaceId}, {param.id|number}) and builds the
// request of an ApiCall. Pure, so the rules are tested without a browser.
import type { ApiCall } from '../../../schemas/screens';
import { pathOf } from '../../api/call';

export interface FillContext {
  row?: Readonly<Record<string, unknown>> | undefined;
  ctx: { workspaceId: string | null; projectId: string | null };
  params: Readonly<Record<string, string | undefined>>;
  selection?: readonly string[];
  form?: Readonly<Record<string, unknown>>;
  /** The data of the call just made. */
  result?: Readonly<Record<string, unknown>>;
}

/** A placeholder with nothing to fill it (no workspace chosen yet, say): the call cannot be made. */
export class MissingValue extends Error {
  constructor(readonly placeholder: string) {
    super(`nothing to fill ${placeholder}`);
  }
}

const WHOLE = /^\{([^}]+)\}$/;
const ANY = /\{([^}]+)\}/g;

function lookup(expr: string, c: FillContext): unknown {
  const [path = '', cast] = expr.split('|');
  const [scope, ...rest] = path.split('.');
  const key = rest.join('.');
  let value: unknown;
  if (scope === 'row') value = c.row?.[key];
  else if (scope === 'ctx') value = key === 'workspaceId' ? c.ctx.workspaceId : key === 'projectId' ? c.ctx.projectId : undefined;
  else if (scope === 'param') value = c.params[key];
  else if (scope === 'result') value = c.result?.[key];
  if (value === undefined || value === null || value === '') throw new MissingValue(`{${expr}}`);
  return cast === 'number' ? Number(value) : value;
}

export function fill(value: string | number | boolean, c: FillContext): unknown {
  if (typeof value !== 'string') return value;
  const whole = WHOLE.exec(value);
  if (whole) return lookup(whole[1]!, c);
  return value.replace(ANY, (_, expr: string) => encodeURIComponent(String(lookup(expr, c))));
}

export interface BuiltRequest {
  method: ApiCall['endpoint']['method'];
  path: string;
  query: Record<string, string | number | boolean>;
  body: unknown;
}

export function buildRequest(call: ApiCall, c: FillContext): BuiltRequest {
  const params = Object.fromEntries(Object.entries(call.params ?? {}).map(([name, value]) => [name, fill(value, c)]));
  const path = pathOf(call.endpoint, params);
  const query: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(call.query ?? {})) query[k] = fill(v, c) as string | number | boolean;
  let body: unknown;
  if (call.body === 'selection') body = [...(c.selection ?? [])];
  else if (call.body && 'form' in call.body) {
    body = { ...(c.form ?? {}) };
    for (const [k, v] of Object.entries(call.body.fields ?? {})) (body as Record<string, unknown>)[k] = fill(v as string, c);
  } else if (call.body) {
    body = Object.fromEntries(Object.entries(call.body).map(([k, v]) => [k, fill(v as string, c)]));
  }
  return { method: call.endpoint.method, path, query, body };
}

/** Whether a call can be made with what is known now (a workspace chosen, the route's parameters). */
export function canBuild(call: ApiCall, c: FillContext): boolean {
  try {
    buildRequest(call, c);
    return true;
  } catch (err) {
    if (err instanceof MissingValue) return false;
    throw err;
  }
}
