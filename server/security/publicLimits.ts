// The calls anyone may make without signing in - loading a survey to fill it, its media files, and
// submitting it (files included) - are counted per address and per survey, each call on its own. Per address, so one client
// cannot flood the server; per survey, so a flood aimed at one survey (from many addresses) uses up that
// survey's allowance and not the server's, and every other organization's respondents still get through.
// Counted in memory by @fastify/rate-limit (an LRU store, so a flood of new addresses cannot grow it
// without bound): with WORKERS above 1, each process counts its own share.
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { App } from '../envelope';
import { problem } from '../problems';

export const PUBLIC_WINDOW_MS = 15 * 60 * 1000;
export type PublicCall = 'preview' | 'submit' | 'media';
// Allowances are the configured ones times this: one fill page loads one survey but each of its media
// files (label images, audio, pulldata CSV), so its media call is counted at ten per load.
const CALL_SCALE: Record<PublicCall, number> = { preview: 1, submit: 1, media: 10 };

export interface PublicLimiter {
  /** Counts the call against the caller's address; a 429 in the wrapper, with Retry-After, when it is used up. */
  address(req: FastifyRequest, call: PublicCall): Promise<void>;
  /** Counts the call against the survey it names. */
  survey(req: FastifyRequest, call: PublicCall, surveyId: string): Promise<void>;
}

type Check = (req: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

export function publicLimiter(app: App): PublicLimiter {
  const { perAddress, perSurvey } = app.deps.config.publicLimits;
  // The survey a request is being counted against, read by the key generator below.
  const surveyOf = new WeakMap<FastifyRequest, string>();
  const checks = new Map<string, Check>();
  const make = (call: PublicCall, scope: 'address' | 'survey', max: number): Check | undefined => {
    if (max === 0) return undefined;
    return app.createRateLimit({
      max: max * CALL_SCALE[call],
      timeWindow: PUBLIC_WINDOW_MS,
      keyGenerator: (req) => (scope === 'address' ? `${call}:a:${normalizeIP(req.ip, 64)}` : `${call}:s:${surveyOf.get(req) ?? ''}`),
    }) as Check;
  };
  for (const call of Object.keys(CALL_SCALE) as PublicCall[]) {
    const a = make(call, 'address', perAddress);
    const s = make(call, 'survey', perSurvey);
    if (a) checks.set(`${call}:address`, a);
    if (s) checks.set(`${call}:survey`, s);
  }
  const run = async (check: Check | undefined, req: FastifyRequest): Promise<void> => {
    if (!check) return;
    const r = await check(req);
    if (!r.isAllowed && r.isExceeded) throw problem('tooManyRequests', { data: { retryAfterSeconds: Math.max(1, r.ttlInSeconds ?? 1) } });
  };
  return {
    address: (req, call) => run(checks.get(`${call}:address`), req),
    survey: (req, call, surveyId) => {
      surveyOf.set(req, surveyId);
      return run(checks.get(`${call}:survey`), req);
    },
  };
}
