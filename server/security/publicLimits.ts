// The calls anyone may make without signing in - loading a survey to fill it, its media files, and
// submitting it (files included) - are counted per address and per survey, each call on its own. Per address, so one client
// cannot flood the server; per survey, so a flood aimed at one survey (from many addresses) uses up that
// survey's allowance and not the server's, and every other organization's respondents still get through.
// Counted in the counts every server process shares (sharedCounts.ts): hosts behind a load balancer
// hold one allowance between them.
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

export function publicLimiter(app: App): PublicLimiter {
  const { perAddress, perSurvey } = app.deps.config.publicLimits;
  const count = (key: string, max: number, call: PublicCall): void => {
    if (max === 0) return;
    const r = app.counts.hit(key, max * CALL_SCALE[call], PUBLIC_WINDOW_MS);
    if (!r.allowed) throw problem('tooManyRequests', { data: { retryAfterSeconds: r.retryAfterSeconds } });
  };
  return {
    address: async (req, call) => count(`public:${call}:a:${normalizeIP(req.ip, 64)}`, perAddress, call),
    survey: async (_req, call, surveyId) => count(`public:${call}:s:${surveyId}`, perSurvey, call),
  };
}
