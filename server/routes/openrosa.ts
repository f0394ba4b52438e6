// The OpenRosa server ODK Collect and KoboCollect talk to (docs/openrosa.md), at /openrosa/key/{token}:
// the Form List, each form's XForm, manifest and media, and the submission (HEAD for its limits, then
// POST). Every reply carries X-OpenRosa-Version 1.0; a refusal is an OpenRosaResponse with the status,
// never the JSON envelope, since the devices show its message to the collector.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { OPENROSA_FAILURES_PER_ADDRESS, OPENROSA_RATE_PER_MINUTE } from '../../schemas/appUsers';
import { OPENROSA_API, OPENROSA_MEMBER_API, memberServerPath } from '../../schemas/openrosa';
import { problems } from '../../schemas/problems';
import type { App } from '../envelope';
import { hit } from '../db/queries/rateLimits';
import { findMedia } from '../db/queries/surveyMedia';
import { escapeText } from '../../engine/survey/xform/xml';
import { formIdOf } from '../../engine/survey/xlsform/export';
import { XML_LIMITS } from '../openrosa/xml';
import { sendStoredFile } from '../plugins/storage';
import { MAX_BODY, readSubmissionBody } from '../plugins/submissionBody';
import { Problem, problem } from '../problems';
import { routeOf } from '../route';
import { deviceOf, type Device } from '../services/appUsers';
import { basicCredentials, memberDevice } from '../services/openrosaMembers';
import { deviceForm, formsOf, manifestOf, submitInstance, surveysWithMedia, xformFor } from '../services/openrosa';
import { loadAttachments } from '../services/surveyAttachments';
import { createSurveyCache } from '../services/surveyCache';

const XML_TYPE = 'text/xml; charset=utf-8';
const FAILURE_WINDOW_SECONDS = 15 * 60;

function openRosaHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('x-openrosa-version', '1.0').header('date', new Date().toUTCString());
}

/** An OpenRosaResponse: what Collect shows the collector after a submission, or why it failed. */
function response(message: string, nature?: string): string {
  const attr = nature ? ` nature="${nature}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<OpenRosaResponse xmlns="http://openrosa.org/http/response"><message${attr}>${escapeText(message)}</message></OpenRosaResponse>`;
}

const tag = (name: string, value: string) => `<${name}>${escapeText(value)}</${name}>`;

export default async function openRosaRoutes(app: App): Promise<void> {
  const storage = app.storage;
  const db = () => app.deps.database.db;
  const cache = createSurveyCache(200, {
    attachments: (q, organizationId, surveyId) => loadAttachments(q, storage, organizationId, surveyId),
  });
  const deps = () => ({ db: db(), cache, storage, webhooks: app.webhooks.queue });

  app.setErrorHandler((err: Error & { validation?: unknown; statusCode?: number }, req, reply) => {
    openRosaHeaders(reply).type(XML_TYPE);
    if (err instanceof Problem) {
      const message = err.errors.length && err.code === 'validation' ? err.errors.join('\n') : err.message;
      return reply.status(err.status).send(response(message));
    }
    if (err.validation) return reply.status(400).send(response(`${problems.validation.message}: ${err.message}`));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return reply.status(err.statusCode).send(response(err.message));
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(response(problems.internal.message));
  });

  // Each device's requests are counted in the counts every server process shares (security/sharedCounts.ts):
  // a database write per request would halve the rate a phone's backlog goes in at, so each process adds its
  // counts once a second. Unknown tokens are counted in the database at once (only failures).
  /** Counts the request against its device's minute; a 429 past it. */
  async function counted(req: FastifyRequest, found: Device): Promise<Device> {
    const r = app.counts.hit(`openrosa:${found.id}`, OPENROSA_RATE_PER_MINUTE, 60_000);
    if (!r.allowed) throw problem('tooManyRequests', { data: { retryAfterSeconds: r.retryAfterSeconds } });
    // A device works while its organization may: the subscription's states stop it as they stop a session.
    await app.subscriptionGate.require(found.organizationId, req.routeOptions.config);
    return found;
  }

  /** The device of the token in the address; guessing tokens is limited per address. */
  async function byToken(req: FastifyRequest): Promise<Device> {
    const found = await deviceOf(db(), (req.params as { token: string }).token);
    if (!found) {
      // Only failures are counted: an address past the limit is told to wait, whatever it sends next.
      const failures = `openrosa-failure:${req.ip}`;
      if (!(await hit(db(), failures, OPENROSA_FAILURES_PER_ADDRESS, FAILURE_WINDOW_SECONDS))) throw problem('tooManyRequests');
      // OpenRosa's answer to a credential it does not accept.
      throw problem('unauthorized', {
        message: 'This device is not (or no longer) allowed to reach this server. Ask your project manager for a new QR code.',
      });
    }
    return counted(req, found);
  }

  // HTTP Basic sends the password readably: only over HTTPS, or to a server that answers on this machine only.
  const localServer = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(app.deps.config.publicUrl);

  /** The member of the Basic credentials, in the project of the address; without them, the challenge. */
  async function byAccount(req: FastifyRequest, reply: FastifyReply): Promise<Device> {
    if (req.protocol !== 'https' && !localServer)
      throw problem('forbidden', { message: 'Sign in with your account over HTTPS only: use the https:// address of this server.' });
    const credentials = basicCredentials(req.headers.authorization);
    const found =
      credentials && (await memberDevice(db(), { projectId: (req.params as { projectId: string }).projectId, ...credentials, ip: req.ip }));
    if (!found) {
      // Collect sends the credentials once challenged; a wrong pair is challenged again.
      reply.header('www-authenticate', 'Basic realm="Field Survey", charset="UTF-8"');
      throw problem('unauthorized', { message: credentials ? problems.invalidLogin.message : problems.unauthorized.message });
    }
    return counted(req, found);
  }

  const publicUrl = app.deps.config.publicUrl.replace(/\/+$/, '');
  deviceRoutes(OPENROSA_API, byToken, (req) => `${publicUrl}/openrosa/key/${(req.params as { token: string }).token}`);
  deviceRoutes(OPENROSA_MEMBER_API, byAccount, (req) => `${publicUrl}${memberServerPath((req.params as { projectId: string }).projectId)}`);

  /** The five calls under one server address, each first finding the device that makes it. */
  function deviceRoutes(
    O: typeof OPENROSA_API | typeof OPENROSA_MEMBER_API,
    who: (req: FastifyRequest, reply: FastifyReply) => Promise<Device>,
    base: (req: FastifyRequest) => string,
  ): void {
    app.route({
      ...routeOf(O.formList),
      handler: async (req, reply) => {
        const d = await who(req, reply);
        const forms = await formsOf(db(), d);
        const withMedia = await surveysWithMedia(
          db(),
          d.organizationId,
          forms.map((f) => f.surveyId),
        );
        const wanted = req.query.formID;
        const items: string[] = [];
        for (const f of forms) {
          let written;
          try {
            written = await xformFor(deps(), d, f);
          } catch (e) {
            // A survey that has no XForm (an expression naming no question) is left out, not the list refused.
            if (e instanceof Problem) continue;
            throw e;
          }
          const formId = formIdOf({ id: f.surveyId });
          if (wanted !== undefined && wanted !== formId) continue;
          const url = `${base(req)}/forms/${f.surveyId}`;
          items.push(
            `<xform>${tag('formID', formId)}${tag('name', f.name)}${tag('version', written.version)}${tag('hash', `md5:${written.md5}`)}${tag('downloadUrl', `${url}/form.xml`)}${withMedia.has(f.surveyId) ? tag('manifestUrl', `${url}/manifest`) : ''}</xform>`,
          );
        }
        return openRosaHeaders(reply)
          .type(XML_TYPE)
          .send(`<?xml version="1.0" encoding="UTF-8"?>\n<xforms xmlns="http://openrosa.org/xforms/xformsList">${items.join('')}</xforms>`);
      },
    });

    app.route({
      ...routeOf(O.xform),
      handler: async (req, reply) => {
        const d = await who(req, reply);
        const { xml } = await xformFor(deps(), d, await deviceForm(db(), d, req.params.surveyId));
        return openRosaHeaders(reply).type(XML_TYPE).send(xml);
      },
    });

    app.route({
      ...routeOf(O.manifest),
      handler: async (req, reply) => {
        const d = await who(req, reply);
        const form = await deviceForm(db(), d, req.params.surveyId);
        const url = `${base(req)}/forms/${form.surveyId}/media`;
        const files = (await manifestOf(deps(), d, form))
          .map(
            (m) =>
              `<mediaFile>${tag('filename', m.fileName)}${tag('hash', `md5:${m.md5}`)}${tag('downloadUrl', `${url}/${encodeURIComponent(m.fileName)}`)}</mediaFile>`,
          )
          .join('');
        return openRosaHeaders(reply)
          .type(XML_TYPE)
          .send(`<?xml version="1.0" encoding="UTF-8"?>\n<manifest xmlns="http://openrosa.org/xforms/xformsManifest">${files}</manifest>`);
      },
    });

    app.route({
      ...routeOf(O.media),
      handler: async (req, reply) => {
        const d = await who(req, reply);
        const form = await deviceForm(db(), d, req.params.surveyId);
        const media = await findMedia(db(), form.surveyId, req.params.fileName);
        if (!media) throw problem('notFound');
        openRosaHeaders(reply);
        return sendStoredFile(reply, storage, { key: media.key, fileName: media.fileName, contentType: media.contentType });
      },
    });

    // Collect asks first (HEAD) how large a submission may be, then POSTs it.
    app.route({
      ...routeOf(O.submission),
      method: 'HEAD',
      handler: async (req, reply) => {
        await who(req, reply);
        return openRosaHeaders(reply).header('x-openrosa-accept-content-length', String(MAX_BODY)).status(204).send();
      },
    });

    app.route({
      ...routeOf(O.submission),
      handler: async (req, reply) => {
        const d = await who(req, reply);
        const body = await readSubmissionBody(req, {
          tempDir: storage.tempDir,
          limitOf: async () => ({ files: 50, bytes: MAX_BODY }),
        });
        try {
          const xmlPart = body.files.find((f) => f.field === 'xml_submission_file');
          if (!xmlPart) throw problem('validation', { errors: ["The submission has no 'xml_submission_file' part"] });
          if (xmlPart.size > XML_LIMITS.bytes)
            throw problem('validation', { errors: [`The submission's XML is larger than ${XML_LIMITS.bytes} bytes`] });
          const xml = 'bytes' in xmlPart.content ? xmlPart.content.bytes : await readFile(xmlPart.content.path);
          const files = body.files.filter((f) => f !== xmlPart);
          const { duplicate } = await submitInstance(deps(), d, { xml, files });
          if (!duplicate) app.metrics.submissions.inc({ via: 'openrosa' });
          return openRosaHeaders(reply)
            .type(XML_TYPE)
            .header('x-openrosa-accept-content-length', String(MAX_BODY))
            .status(duplicate ? 202 : 201)
            .send(response(duplicate ? 'This submission was already received.' : 'Survey submitted successfully.', 'submit_success'));
        } finally {
          await body.dispose();
        }
      },
    });
  }
}
