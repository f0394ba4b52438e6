// The OpenRosa calls a device makes (docs/openrosa.md): under /openrosa/key/{token}, the address an app
// user's device is set to. Their answers are XML, not the envelope: OpenRosa's Form List, its manifest,
// the XForm, the media files and the OpenRosaResponse of a submission, each with X-OpenRosa-Version 1.0.
import { uuid } from './common';
import { endpoint } from './endpoint';

const token = { type: 'string', minLength: 1, maxLength: 100 } as const;
const deviceParams = { type: 'object', required: ['token'], additionalProperties: false, properties: { token } } as const;
const formParams = {
  type: 'object',
  required: ['token', 'surveyId'],
  additionalProperties: false,
  properties: { token, surveyId: uuid },
} as const;
const mediaParams = {
  type: 'object',
  required: ['token', 'surveyId', 'fileName'],
  additionalProperties: false,
  properties: { token, surveyId: uuid, fileName: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;
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

export const OPENROSA_PREFIX = '/openrosa';

export const OPENROSA_API = {
  formList: endpoint({
    method: 'GET',
    path: '/key/:token/formList',
    access: 'public',
    params: deviceParams,
    query: formListQuery,
    answer: { file: 'text/xml: the OpenRosa xforms list' },
  }),
  xform: endpoint({
    method: 'GET',
    path: '/key/:token/forms/:surveyId/form.xml',
    access: 'public',
    params: formParams,
    answer: { file: 'text/xml: the XForm' },
  }),
  manifest: endpoint({
    method: 'GET',
    path: '/key/:token/forms/:surveyId/manifest',
    access: 'public',
    params: formParams,
    answer: { file: 'text/xml: the OpenRosa manifest' },
  }),
  media: endpoint({
    method: 'GET',
    path: '/key/:token/forms/:surveyId/media/:fileName',
    access: 'public',
    params: mediaParams,
    answer: { file: 'the survey medium' },
  }),
  submission: endpoint({
    method: 'POST',
    path: '/key/:token/submission',
    access: 'public',
    params: deviceParams,
    answer: { file: 'text/xml: the OpenRosaResponse' },
  }),
};
