// The OpenRosa calls a device makes (docs/openrosa.md): under /openrosa/key/{token}, the address an app
// user's device is set to, or under /openrosa/projects/{projectId} for a member signing in with HTTP Basic. Their answers are XML, not the envelope: OpenRosa's Form List, its manifest,
// the XForm, the media files and the OpenRosaResponse of a submission, each with X-OpenRosa-Version 1.0.
import { uuid } from './common';
import { endpoint } from './endpoint';

const token = { type: 'string', minLength: 1, maxLength: 100 } as const;
const fileName = { type: 'string', minLength: 1, maxLength: 100 } as const;
/** Form List API: `formID` narrows the list to one form; `verbose` and `listAllVersions` are accepted and change nothing. */
const formListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    formID: { type: 'string', maxLength: 200 },
    verbose: { type: 'string', maxLength: 10 },
    listAllVersions: { type: 'string', maxLength: 10 },
  },
} as const;

/**
 * The five calls under one server address: `base` is what the device was set to after /openrosa, and
 * `key` names its parameter (the device's token, or the project a member signs in to).
 */
function openRosaCalls<K extends string, S extends object>(base: string, key: K, keySchema: S) {
  const one = { [key]: keySchema } as { readonly [P in K]: S };
  const device = { type: 'object', required: [key] as const, additionalProperties: false, properties: one } as const;
  const form = {
    type: 'object',
    required: [key, 'surveyId'] as const,
    additionalProperties: false,
    properties: { ...one, surveyId: uuid },
  } as const;
  const media = {
    type: 'object',
    required: [key, 'surveyId', 'fileName'] as const,
    additionalProperties: false,
    properties: { ...one, surveyId: uuid, fileName },
  } as const;
  return {
    formList: endpoint({
      method: 'GET',
      path: `${base}/formList`,
      access: 'public',
      params: device,
      query: formListQuery,
      answer: { file: 'text/xml: the OpenRosa xforms list' },
    }),
    xform: endpoint({
      method: 'GET',
      path: `${base}/forms/:surveyId/form.xml`,
      access: 'public',
      params: form,
      answer: { file: 'text/xml: the XForm' },
    }),
    manifest: endpoint({
      method: 'GET',
      path: `${base}/forms/:surveyId/manifest`,
      access: 'public',
      params: form,
      answer: { file: 'text/xml: the OpenRosa manifest' },
    }),
    media: endpoint({
      method: 'GET',
      path: `${base}/forms/:surveyId/media/:fileName`,
      access: 'public',
      params: media,
      answer: { file: 'the survey medium' },
    }),
    submission: endpoint({
      method: 'POST',
      path: `${base}/submission`,
      access: 'public',
      params: device,
      answer: { file: 'text/xml: the OpenRosaResponse' },
    }),
  };
}

export const OPENROSA_PREFIX = '/openrosa';

/** An app user's device: the token in the address (the form ODK Collect supports for a QR code). */
export const OPENROSA_API = openRosaCalls('/key/:token', 'token', token);
/** A member's own account, with HTTP Basic: the project in the address. */
const MEMBER_BASE = '/projects/:projectId';
export const OPENROSA_MEMBER_API = openRosaCalls(MEMBER_BASE, 'projectId', uuid);
/** The server address a member enters in Collect for a project (after the product's own address). */
export const memberServerPath = (projectId: string) => `${OPENROSA_PREFIX}${MEMBER_BASE.replace(':projectId', projectId)}`;
