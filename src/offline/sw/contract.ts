// What the page and the service worker agree on: cache names, which requests hold a survey, and the
// messages the worker sends. Imported by both sides, so it imports nothing.

/** The survey's data (questions, translations, settings) as the fill page asked for it. */
export const SURVEY_DATA_CACHE = 'fieldsurvey-survey-data-v1';
/** Images and files a survey shows. */
export const SURVEY_MEDIA_CACHE = 'fieldsurvey-survey-media-v1';

/** A survey link's page (the same for every survey), kept for the next visit by the worker of its build. */
export const FILL_DOCUMENT_CACHE = 'fieldsurvey-fill-document-v1';

/** Where a survey link's addresses start: respondents' pages, where the fill page runs on its own. */
export const SURVEY_ADDRESS = '/public-survey/';
export const isSurveyAddress = (pathname: string): boolean => pathname.toLowerCase().startsWith(SURVEY_ADDRESS);

/**
 * A page of nothing but one of the fill page's precached modules, which the worker makes up itself
 * (../codeCache.ts says why): `?module=/assets/<file>.js`. Never a survey's address, never the network's.
 */
export const CODE_CACHE_PAGE = '/fill-code-cache';

/** A built script of this origin by its path ('/assets/<name>.js'): the only thing that page may name. */
export const isBuiltScriptPath = (pathname: string): boolean => /^\/assets\/[\w.-]+\.js$/.test(pathname);

/** The app's own files that are not precached (the screens beyond the fill page), kept once loaded. */
export const ASSETS_CACHE = 'fieldsurvey-assets-v1';

/** Dispatched on window by the fill page once its form is on screen: the worker may start downloading. */
export const FILL_INTERACTIVE_EVENT = 'fieldsurvey:interactive';

/** From the page to the worker: keep these files, which the page loaded before the worker controlled it. */
export interface CacheUrlsMessage {
  type: 'fieldsurvey:cache-urls';
  urls: string[];
}

export function isCacheUrlsMessage(v: unknown): v is CacheUrlsMessage {
  return (
    typeof v === 'object' &&
    v !== null &&
    (v as { type?: unknown }).type === 'fieldsurvey:cache-urls' &&
    Array.isArray((v as { urls?: unknown }).urls)
  );
}

/** The call whose answer is one survey with all its languages (GET /Survey/GetPreviewData). */
export const SURVEY_DATA_PATH = '/api/survey/getpreviewdata';

export const isSurveyDataUrl = (url: URL): boolean => url.pathname.toLowerCase() === SURVEY_DATA_PATH;

/** The survey a data URL belongs to (its surveyId parameter, whatever its case). */
export function surveyIdOf(url: URL): string | undefined {
  for (const [k, v] of url.searchParams) if (k.toLowerCase() === 'surveyid') return v.toLowerCase();
  return undefined;
}

/** Messages from the worker to the page that asked. */
export type WorkerMessage =
  /** The network could not be reached; the page got the survey as it was last downloaded. */
  | { type: 'fieldsurvey:cached-data'; surveyId: string }
  /** The page was given the cached survey and the network has since brought a different one. */
  | { type: 'fieldsurvey:survey-updated'; surveyId: string };

export function isWorkerMessage(v: unknown): v is WorkerMessage {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { type?: unknown }).type === 'string' &&
    (v as { type: string }).type.startsWith('fieldsurvey:')
  );
}
