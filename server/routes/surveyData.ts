// Survey data: the data table, one submission with its files, its review and audit trail,
// and the exports. The survey or submission named must lie in the caller's projects; a DataCollector
// reaches only their own submissions (services/submissionData.ts). The data feed (services/dataFeed.ts)
// opens with a token instead of a session, checked against its owner's rights at every request.
import { SUBMISSIONS_API, exportJobSchema } from '../../schemas/submissions';
import { envelope, fileReplies } from '../../schemas/envelope';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import { downloadHeaders, sendStoredFile } from '../plugins/storage';
import { SURVEY_REPORT_API } from '../../schemas/surveyReport';
import { exportDownload, getExportJob, inProcessQueue, listExportJobs, requestExport } from '../services/exportJobs';
import { surveyReport } from '../services/surveyReport';
import {
  bulkReview,
  listSubmissions,
  repeatRows,
  reviewSubmission,
  submissionAudit,
  submissionById,
  submissionFile,
} from '../services/submissionData';
import { loadAttachments } from '../services/surveyAttachments';
import { createSurveyCache } from '../services/surveyCache';
import { DATA_FEED_API } from '../../schemas/dataFeed';
import {
  createFeedToken,
  feedCsv,
  feedJson,
  feedPage,
  feedReader,
  feedTokenOf,
  listFeedTokens,
  revokeFeedToken,
} from '../services/dataFeed';

export default async function surveyDataRoutes(app: App): Promise<void> {
  const storage = app.storage;
  const cache = createSurveyCache(200, {
    attachments: (db, organizationId, surveyId) => loadAttachments(db, storage, organizationId, surveyId),
  });
  const deps = () => ({ db: app.deps.database.db, cache, storage, webhooks: app.webhooks.queue });
  const runDeps = {
    db: app.deps.database.db,
    cache,
    storage,
    databaseUrl: app.deps.database.url,
    publicUrl: app.deps.config.publicUrl,
    log: app.log,
  };
  const jobDeps = { ...runDeps, enqueue: app.deps.enqueueExport ?? inProcessQueue(runDeps) };

  const S = SUBMISSIONS_API;
  const F = DATA_FEED_API;
  app.route({ ...routeOf(S.getSubmissions), handler: async (req) => ok(await listSubmissions(deps(), tenantOf(req), req.query)) });
  app.route({
    ...routeOf(SURVEY_REPORT_API.getSurveyReport),
    handler: async (req) => ok(await surveyReport(deps(), tenantOf(req), req.query)),
  });
  app.route({ ...routeOf(S.getRepeatRows), handler: async (req) => ok(await repeatRows(deps(), tenantOf(req), req.query)) });
  app.route({ ...routeOf(S.getSubmissionById), handler: async (req) => ok(await submissionById(deps(), tenantOf(req), req.params.id)) });
  app.route({
    ...routeOf(S.getSubmissionFile),
    handler: async (req, reply) => sendStoredFile(reply, storage, await submissionFile(deps(), tenantOf(req), req.params.id)),
  });
  app.route({
    ...routeOf(S.getSubmissionAudit),
    handler: async (req) =>
      ok(await submissionAudit(deps(), tenantOf(req), req.params.id, { page: req.query.Page ?? 1, pageSize: req.query.PageSize ?? 100 })),
  });
  app.route({
    ...routeOf(S.reviewSubmission),
    handler: async (req) => ok(await reviewSubmission(deps(), tenantOf(req), req.body), 'Submission reviewed successfully.'),
  });
  app.route({
    ...routeOf(S.bulkReviewSubmissions),
    handler: async (req) => ok(await bulkReview(deps(), tenantOf(req), req.body), 'Submissions reviewed successfully.'),
  });

  // The file itself when small; else 202 with the job to follow (services/exportJobs.ts).
  const exportRoute = routeOf(S.exportSubmissions);
  app.route({
    ...exportRoute,
    schema: { ...exportRoute.schema, response: { ...exportRoute.schema.response, 202: envelope(exportJobSchema) } },
    handler: async (req, reply) => {
      const result = await requestExport(jobDeps, tenantOf(req), req.params.surveyId, req.query);
      if ('job' in result) return reply.code(202).send(ok(result.job, 'Export scheduled.'));
      return reply.headers(downloadHeaders(result.file.fileName, result.file.contentType)).send(result.file.stream);
    },
  });

  app.route({ ...routeOf(S.getExportJob), handler: async (req) => ok(await getExportJob(jobDeps, tenantOf(req), req.params.jobId)) });
  app.route({ ...routeOf(S.getExportJobs), handler: async (req) => ok(await listExportJobs(jobDeps, tenantOf(req), req.query)) });
  app.route({
    ...routeOf(S.downloadExport),
    handler: async (req, reply) => {
      const file = await exportDownload(jobDeps, tenantOf(req), req.params.jobId);
      return reply.headers(downloadHeaders(file.fileName, file.contentType)).send(file.stream);
    },
  });

  // The map tiles of GPS maps (MAP_TILE_URL); null: the front end draws a plain coordinate frame.
  app.route({
    ...routeOf(S.getMapSettings),
    handler: async () => {
      const tiles = app.deps.config.mapTiles;
      return ok(tiles ? { tileUrl: tiles.url, attribution: tiles.attribution } : { tileUrl: null, attribution: null });
    },
  });

  app.route({
    ...routeOf(F.createFeedToken),
    handler: async (req) =>
      ok(await createFeedToken(deps(), tenantOf(req), req.body), 'Feed link created. Copy the token now: it is not shown again.'),
  });
  app.route({ ...routeOf(F.getFeedTokens), handler: async (req) => ok(await listFeedTokens(deps(), tenantOf(req), req.query)) });
  app.route({
    ...routeOf(F.revokeFeedToken),
    handler: async (req) => ok(await revokeFeedToken(deps(), tenantOf(req), req.body.id), 'Feed link revoked.'),
  });

  // The feed itself: no session, the token in the Authorization header (Bearer, or Basic with the token
  // as the password); a page of CSV or JSON with the next page's address (docs/feed.md). 200 is the JSON
  // page; the CSV page is text (also 200), which Fastify sends as it is, without a serializer.
  const feedRoute = routeOf(F.feed);
  app.route({
    ...feedRoute,
    schema: { ...feedRoute.schema, response: { ...fileReplies('format csv: the page as text/csv'), ...feedRoute.schema.response } },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('www-authenticate', 'Basic realm="Field Survey data feed", charset="UTF-8"');
      const { reader } = await feedReader(deps(), feedTokenOf(req.headers.authorization), req.params.surveyId, req.ip);
      await app.subscriptionGate.require(reader.organizationId, {});
      reply.removeHeader('www-authenticate');
      const page = await feedPage(deps(), reader, req.params.surveyId, req.query, app.deps.config.publicUrl);
      const more = page.page * page.pageSize < page.totalSize;
      const next = new URL(
        `${app.deps.config.publicUrl.replace(/\/$/, '')}/api/DataCollection/feed/${req.params.surveyId}/${req.params.format}`,
      );
      for (const [k, v] of Object.entries(req.query))
        for (const one of Array.isArray(v) ? v : [v]) if (k !== 'Page' && one !== undefined) next.searchParams.append(k, String(one));
      next.searchParams.set('Page', String(page.page + 1));
      const nextLink = more ? next.toString() : null;
      reply.header('x-total-count', String(page.totalSize));
      if (nextLink) reply.header('link', `<${nextLink}>; rel="next"`);
      if (req.params.format === 'json') return ok(feedJson(page, nextLink));
      return reply.type('text/csv; charset=utf-8').send(feedCsv(page));
    },
  });

  // A file of the feed's survey, with the feed's token: the address the feed writes in file columns.
  app.route({
    ...routeOf(F.feedFile),
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('www-authenticate', 'Basic realm="Field Survey data feed", charset="UTF-8"');
      const { reader } = await feedReader(deps(), feedTokenOf(req.headers.authorization), req.params.surveyId, req.ip);
      await app.subscriptionGate.require(reader.organizationId, {});
      reply.removeHeader('www-authenticate');
      return sendStoredFile(reply, storage, await submissionFile(deps(), reader, req.params.fileId, req.params.surveyId));
    },
  });
}
