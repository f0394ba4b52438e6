// Compiled surveys kept per process, keyed by (survey id, version): the version rises with every change
// of a survey's content (database triggers), so an entry is never stale and any number of server
// processes can each keep their own. Bounded, least recently used out first.
import type { Kysely } from 'kysely';
import { bindSurvey, type Bindings, type SurveyModel } from '../../engine/survey/index';
import { loadSurveyModel } from '../db/queries/surveys';
import type { DB } from '../db/schema';

export interface CachedSurvey {
  organizationId: string;
  version: number;
  model: SurveyModel;
  bindings: Bindings;
}

export interface SurveyCache {
  get(db: Kysely<DB>, organizationId: string, surveyId: string, version: number): Promise<CachedSurvey | undefined>;
  /** The newest entry of a survey, whatever its version: a guess the caller must confirm (by version). */
  latest(surveyId: string): CachedSurvey | undefined;
}

export function createSurveyCache(max = 200): SurveyCache {
  const entries = new Map<string, CachedSurvey>();
  const loading = new Map<string, Promise<CachedSurvey | undefined>>();
  return {
    async get(db, organizationId, surveyId, version) {
      const hit = entries.get(surveyId);
      if (hit && hit.version === version) {
        entries.delete(surveyId);
        entries.set(surveyId, hit);
        return hit;
      }
      const key = `${surveyId}@${version}`;
      let pending = loading.get(key);
      if (!pending) {
        pending = (async () => {
          const model = await loadSurveyModel(db, organizationId, surveyId);
          if (!model) return undefined;
          // The version was read before the model: a change in between leaves an entry whose model is newer
          // than its tag, which the next request with the new version simply reloads.
          const entry = { organizationId, version, model, bindings: bindSurvey(model) };
          entries.delete(surveyId);
          entries.set(surveyId, entry);
          if (entries.size > max) entries.delete(entries.keys().next().value!);
          return entry;
        })().finally(() => loading.delete(key));
        loading.set(key, pending);
      }
      return pending;
    },
    latest: (surveyId) => entries.get(surveyId),
  };
}
