// The fill page's address (spec 001 section 2): /public-survey/{surveyId}, the public link
// /public-survey/{linkUuid}/{surveyId} ('multiple-link' for a reusable one), and the task variant
// /public-survey/{language}/{surveyId}?taskId=...; query taskId and receiverId on any of them.
export interface FillRoute {
  surveyId: string;
  /** The link's uuid segment: a single-use link is tracked by it. */
  linkUuid: string | null;
  /** A survey language code from a task link ('en', 'ar'). */
  language: string | null;
  taskId: string | null;
  receiverId: string | null;
}

/** Every fill page's address starts so; the route table and src/main.tsx read it. */
export const FILL_BASE = '/public-survey';

export const isFillPath = (pathname: string): boolean => pathname === FILL_BASE || pathname.startsWith(`${FILL_BASE}/`);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

const uuidOrNull = (v: string | null): string | null => (v !== null && UUID.test(v) ? v.toLowerCase() : null);

/** The route's parts, or null when the address names no survey. */
export function parseFillRoute(pathname: string, search: string): FillRoute | null {
  if (!isFillPath(pathname)) return null;
  const segments = pathname.slice(FILL_BASE.length).split('/').filter(Boolean).map(decodeURIComponent);
  const surveyId = uuidOrNull(segments[segments.length - 1] ?? null);
  if (surveyId === null || segments.length > 2) return null;
  const first = segments.length === 2 ? segments[0]! : null;
  const linkUuid = first !== null && (UUID.test(first) || first === 'multiple-link') ? first.toLowerCase() : null;
  const language = first !== null && linkUuid === null && LANGUAGE.test(first) ? first : null;
  if (first !== null && linkUuid === null && language === null) return null;
  const query = new URLSearchParams(search);
  return { surveyId, linkUuid, language, taskId: uuidOrNull(query.get('taskId')), receiverId: uuidOrNull(query.get('receiverId')) };
}
