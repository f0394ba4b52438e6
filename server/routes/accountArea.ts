// The account area's calls (spec 000 section 7): the login information changes with their
// e-mailed codes, the profile picture, deleting or deactivating the account, the account summary.
// The picture is checked before it is held: the declared length, the file's type by its name, its size
// counted as it streams, then its bytes sniffed.
import { extname } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { ACCOUNT_AREA_API, PROFILE_PICTURE_EXTENSIONS, PROFILE_PICTURE_MAX_BYTES } from '../../schemas/accountArea';
import { callerOf, tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { sendStoredFile } from '../plugins/storage';
import { problem } from '../problems';
import { routeOf } from '../route';
import * as area from '../services/accountArea';
import { citiesOf, statesOf } from '../services/locations';
import * as login from '../services/loginInformation';

const bad = (field: string, why: string) => problem('validation', { errors: [`'${field}' ${why}`] });

async function readPicture(req: FastifyRequest): Promise<{ userId: string; picture: { bytes: Buffer; extension: 'png' | 'jpg' } | null }> {
  if (!req.isMultipart()) throw bad('ProfilePicture', 'must be sent as multipart/form-data');
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > PROFILE_PICTURE_MAX_BYTES + 64 * 1024) throw problem('profilePictureTooLarge');
  let userId: string | undefined;
  let picture: { bytes: Buffer; extension: 'png' | 'jpg' } | null = null;
  for await (const part of req.parts({ limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3 } })) {
    if (part.fieldname !== 'UserId' && part.fieldname !== 'ProfilePicture') {
      if (part.type === 'file') part.file.resume();
      throw bad(part.fieldname.slice(0, 50), 'is not a field of this call');
    }
    if (part.type === 'file') {
      if (part.fieldname !== 'ProfilePicture') {
        part.file.resume();
        throw bad(part.fieldname, 'must be a text field');
      }
      const ext = extname(part.filename).slice(1).toLowerCase();
      if (!(PROFILE_PICTURE_EXTENSIONS as readonly string[]).includes(ext)) {
        part.file.resume();
        throw problem('profilePictureType', { errors: ["'ProfilePicture' must be a png, jpg or jpeg image"] });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > PROFILE_PICTURE_MAX_BYTES) {
          part.file.resume();
          throw problem('profilePictureTooLarge', { errors: ["'ProfilePicture' is larger than 20MB"] });
        }
        chunks.push(chunk);
      }
      if (part.file.truncated) throw problem('profilePictureTooLarge', { errors: ["'ProfilePicture' is larger than 20MB"] });
      const bytes = Buffer.concat(chunks, size);
      // An empty file part is the spec's "empty to delete".
      if (size === 0) continue;
      const sniffed = await fileTypeFromBuffer(bytes);
      if (sniffed?.ext !== 'png' && sniffed?.ext !== 'jpg')
        throw problem('profilePictureType', { errors: ["'ProfilePicture' is not a png or jpeg image"] });
      picture = { bytes, extension: sniffed.ext };
    } else if (part.fieldname === 'UserId') userId = String(part.value);
    else if (String(part.value) !== '') throw bad('ProfilePicture', 'must be a file, or empty to delete');
  }
  if (!userId) throw bad('UserId', 'is required');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId)) throw bad('UserId', 'must be a uuid');
  return { userId: userId.toLowerCase(), picture };
}

export default async function accountAreaRoutes(app: App): Promise<void> {
  const storage = app.storage;
  const deps = () => ({ db: app.deps.database.db, config: app.deps.config, mailer: app.deps.mailer });
  const db = () => app.deps.database.db;

  const A = ACCOUNT_AREA_API;
  // Login information (spec 000 sections 4 and 5): any signed-in account changes its own.
  app.route({
    ...routeOf(A.sendUpdateEmailCode),
    handler: async (req) => {
      await login.sendUpdateEmailCode(deps(), callerOf(req), { ...req.body, ip: req.ip });
      return ok(true, 'A verification code has been sent to your email.');
    },
  });
  app.route({
    ...routeOf(A.updateEmail),
    handler: async (req) => {
      await login.updateEmail(deps(), callerOf(req), { ...req.body, ip: req.ip });
      return ok(true, 'Your email has been updated successfully.');
    },
  });
  app.route({
    ...routeOf(A.sendChangePasswordCode),
    handler: async (req) => {
      await login.sendChangePasswordCode(deps(), callerOf(req), { ...req.body, ip: req.ip });
      return ok(true, 'A verification code has been sent to your email.');
    },
  });

  // The profile picture: the caller's own; shown at an unguessable address that changes with the picture.
  app.route({
    ...routeOf(A.addOrUpdateProfilePicture),
    handler: async (req) => {
      const { userId, picture } = await readPicture(req);
      if (userId !== callerOf(req).userId) throw problem('forbidden');
      return ok({ profilePictureUrl: await area.setProfilePicture(db(), storage, userId, picture) });
    },
  });
  app.route({
    ...routeOf(A.profilePicture),
    handler: async (req, reply) => {
      const file = await area.profilePicture(db(), req.params.userId.toLowerCase(), req.params.version);
      return sendStoredFile(reply, storage, { key: file.key, fileName: 'profile-picture', contentType: file.contentType });
    },
  });

  // Deleting or deactivating (spec 000 sections 4 "Organization membership" and 5).
  app.route({
    ...routeOf(A.permanentlyDeleteUser),
    handler: async (req) => {
      const t = tenantOf(req);
      if (req.query.userId.toLowerCase() !== t.userId) throw problem('notFound');
      // The owner's deletion is the organization's (permanentlyDeleteOrg).
      if (t.roles.includes('Organization')) throw problem('forbidden');
      await area.closeAccount(db(), t, 1, req.body);
      return ok(true, 'User deleted successfully');
    },
  });
  app.route({
    ...routeOf(A.permanentlyDeleteOrg),
    handler: async (req) => {
      const t = tenantOf(req);
      if (req.query.organizationId.toLowerCase() !== t.organizationId) throw problem('notFound');
      await area.closeAccount(db(), t, 1, req.body);
      return ok(true, 'Organization deleted successfully');
    },
  });
  app.route({
    ...routeOf(A.deactivateAccount),
    handler: async (req) => {
      await area.closeAccount(db(), tenantOf(req), 2, req.body);
      return ok(true, 'Deactivated successfully');
    },
  });

  // The profile's states and cities, from the dataset on the server.
  app.route({ ...routeOf(A.getStates), handler: async (req) => ok(statesOf(req.query.countryCode)) });
  app.route({ ...routeOf(A.getCities), handler: async (req) => ok(citiesOf(req.query.countryCode, req.query.stateCode)) });

  // The account summary (Organization only).
  app.route({
    ...routeOf(A.getDashboardStatistics),
    handler: async (req) => ok(await area.dashboardStatistics(db(), tenantOf(req), req.query)),
  });
}
