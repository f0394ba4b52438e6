// Compiled surveys kept per process, keyed by (survey id, version): the version rises with every change
// of a survey's content (database triggers), so an entry is never stale and any number of server
// processes can each keep their own. Older versions come from survey_versions (migration 0005), for
// submissions filled against them. Bounded, least recently used out first.
import type { Kysely } from 'kysely';
import { bindSurvey, type Bindings, type SurveyModel } from '../../engine/survey/index';
import { loadSurveyModel } from '../db/queries/surveys';
import { findVersion } from '../db/queries/surveyVersions';
import type { DB } from '../db/schema';

export interface CachedSurvey {
  organizationId: string;
  version: number;
  model: SurveyModel;
  bindings: Bindings;
}

export interface SurveyCache {
  /** The survey as it is now, `version` being its current version. */
  get(db: Kysely<DB>, organizationId: string, surveyId: string, version: number): Promise<CachedSurvey | undefined>;
  /** A kept earlier version (survey_versions); undefined when that version was never kept. */
  kept(db: Kysely<DB>, surveyId: string, version: number): Promise<CachedSurvey | undefined>;
  /** The newest entry of a survey, whatever its version: a guess the caller must confirm (by version). */
  latest(surveyId: string): CachedSurvey | undefined;
}

/** Reads a survey's CSV attachments (services/surveyAttachments.ts) for the compiled model. */
export type AttachmentLoader = (
  db: Kysely<DB>,
  organizationId: string,
  surveyId: string,
) => Promise<NonNullable<SurveyModel['attachments']>>;

/**
 * `attachments`: where the caches that evaluate answers (the fill page's survey, submissions) read the
 * pulldata() files from; media are not versioned, so every kept version reads the current files.
 */
export function createSurveyCache(max = 200, opts: { attachments?: AttachmentLoader } = {}): SurveyCache {
  const withAttachments = async (db: Kysely<DB>, organizationId: string, surveyId: string, model: SurveyModel): Promise<SurveyModel> => {
    if (!opts.attachments) return model;
    const attachments = await opts.attachments(db, organizationId, surveyId);
    return Object.keys(attachments).length ? { ...model, attachments } : model;
  };
  const entries = new Map<string, CachedSurvey>();
  const newest = new Map<string, CachedSurvey>();
  const loading = new Map<string, Promise<CachedSurvey | undefined>>();

  const remember = (surveyId: string, entry: CachedSurvey, current: boolean) => {
    const key = `${surveyId}@${entry.version}`;
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > max) {
      const [oldKey, old] = entries.entries().next().value!;
      entries.delete(oldKey);
      const id = oldKey.slice(0, oldKey.lastIndexOf('@'));
      if (newest.get(id) === old) newest.delete(id);
    }
    if (current) {
      const was = newest.get(surveyId);
      if (!was || was.version <= entry.version) newest.set(surveyId, entry);
    }
  };

  const cached = (surveyId: string, version: number, load: () => Promise<CachedSurvey | undefined>, current: boolean) => {
    const key = `${surveyId}@${version}`;
    const hit = entries.get(key);
    if (hit) {
      entries.delete(key);
      entries.set(key, hit);
      return Promise.resolve(hit);
    }
    let pending = loading.get(key);
    if (!pending) {
      pending = load()
        .then((entry) => {
          if (entry) remember(surveyId, entry, current);
          return entry;
        })
        .finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    return pending;
  };

  return {
    get: (db, organizationId, surveyId, version) =>
      cached(
        surveyId,
        version,
        async () => {
          const loaded = await loadSurveyModel(db, organizationId, surveyId);
          if (!loaded) return undefined;
          // The version was read before the model: a change in between leaves an entry whose model is newer
          // than its tag, which the next request with the new version simply reloads.
          const model = await withAttachments(db, organizationId, surveyId, loaded);
          return { organizationId, version, model, bindings: bindSurvey(model) };
        },
        true,
      ),
    kept: (db, surveyId, version) =>
      cached(
        surveyId,
        version,
        async () => {
          const found = await findVersion(db, surveyId, version);
          if (!found) return undefined;
          const model = await withAttachments(db, found.organizationId, surveyId, found.model);
          return { organizationId: found.organizationId, version, model, bindings: bindSurvey(model) };
        },
        false,
      ),
    latest: (surveyId) => newest.get(surveyId),
  };
}
