// Tenant isolation, walked route by route. A user of 'Other Aid Organization' calls every route of the
// app, aiming at Demo Relief Organization's ids wherever a route takes one, once with their own
// organization header and once with Demo Relief's forged into it. Nothing of Demo Relief may come back
// (its ids, names, e-mails), and none of its data may change.
//
// The table must name every route: a route missing from it (or a stale entry) fails the first test.
// A later area adds a line per new route: how the other organization's user would call it, given
// Demo Relief's ids (`r`) and the caller's own session facts (`me`).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTypes } from '../../schemas/entityTypes';
import { createTestApp, DEMO_PASSWORD, type Session, type TestApp } from '../support/app';
import { png } from '../support/files';
import { multipart } from '../support/multipart';
import { listRoutes } from '../support/routes';
import { completeDemoAnswers, demoSurveyOf, submissionCount, submit } from '../support/surveys';

interface Relief {
  organizationId: string;
  ownerUserId: string;
  workspaceId: string;
  projectId: string;
  memberId: string;
  surveyId: string;
  submissionId: string;
  /** A stored file of that submission (a made-up id when the demo answers hold none). */
  submissionFileId: string;
  exportJobId: string;
  feedTokenId: string;
  appUserId: string;
  webhookId: string;
  webhookDeliveryId: string;
  projectMemberId: string;
  taskId: string;
  targetId: string;
  invoiceId: string;
  ticketId: string;
  ticketAttachmentId: string;
  beneficiaryTableId: string;
  beneficiaryId: string;
  binned: { workspaceId: string; projectId: string; memberId: string };
}
interface Me {
  session: Session;
  email: string;
  workspaceId: string;
  /** The token of an ODK device of the caller's own project: the OpenRosa routes take a device, not a session. */
  deviceToken: string;
}
interface Call {
  query?: Record<string, string>;
  params?: Record<string, string>;
  body?: unknown;
  /** Sent without the session: public routes that a stranger calls. */
  anonymous?: boolean;
  /** Sent with a session of its own, because the call ends it (logout) and the walk goes on. */
  ownSession?: boolean;
  /** Sent with the caller's e-mail and password as HTTP Basic (ODK Collect with a member's account). */
  basic?: boolean;
}
type Case = (r: Relief, me: Me) => Call[];

const { Workspace, Project, OrganizationMember, Organization, Survey, ProjectMember, Task, Beneficiary, ImportedBeneficiaryTable, Target } =
  entityTypes;
const uuid0 = '00000000-0000-4000-8000-000000000000';

const routes: Record<string, Case> = {
  // Account (sign-in, registration, codes): public or user-level; aimed at Demo Relief's owner.
  'POST /api/account/login': (_r, me) => [{ body: { email: me.email, password: DEMO_PASSWORD } }],
  'POST /api/datacollection/importxlsform': (r) => [{ body: { ProjectId: r.projectId, SurveyId: r.surveyId } }],
  'POST /api/account/logout': () => [{ ownSession: true }],
  'POST /api/account/register': () => [
    {
      anonymous: true,
      body: {
        adminFullName: 'Iso Late',
        phoneNumber: '+254712999999',
        email: 'isolation@demo.test',
        password: 'Isolate-2026!',
        confirmPassword: 'Isolate-2026!',
        organizationName: 'Iso Org',
        typeId: 1,
        countryId: 1,
      },
    },
  ],
  'POST /api/account/resendconfirmemail': (_r, me) => [{ anonymous: true, query: { email: me.email } }],
  'POST /api/account/confirmemail': (r) => [{ anonymous: true, body: { userId: r.ownerUserId, code: '000000' } }],
  'POST /api/account/forgotpassword': (_r, me) => [{ anonymous: true, body: { email: me.email } }],
  'POST /api/account/checkresetpasswordcode': (r) => [{ anonymous: true, body: { userId: r.ownerUserId, code: '000000' } }],
  'POST /api/account/resetpassword': (r) => [
    {
      anonymous: true,
      body: { resetToken: 'forged', userId: r.ownerUserId, newPassword: 'Taken-Over-2026!', confirmPassword: 'Taken-Over-2026!' },
    },
  ],
  'POST /api/account/refreshtoken': (_r, me) => [{ body: { refreshToken: me.session.refreshToken } }],
  'GET /api/account/getuserorganizations': (r, me) => [{ query: { userId: r.ownerUserId } }, { query: { userId: me.session.userId } }],
  'GET /api/account/selectorganization': (r, me) => [{ query: { userId: me.session.userId, organizationId: r.organizationId } }],
  'GET /api/account/getorganizationtypes': () => [{}],
  'GET /api/account/getpackets': () => [{}],
  'GET /api/languages/getall': () => [{}],
  'GET /api/languages/getallcountries': () => [{}],
  'GET /api/roles/getallorganizationroles': () => [{}],
  'GET /api/botcheck/config': () => [{}],
  'GET /api/botcheck/challenge': () => [{}],
  // Development only (DEV_MAILBOX): lists the outbox by recipient.
  'GET /api/dev/mailbox': (_r, me) => [{ query: { to: me.email } }],
  'POST /api/payment/stripe/createsubscription': (r) => [
    { body: { organizationId: r.organizationId, packetId: 3, isMonthlySubscription: true } },
  ],
  // Billing: Demo Relief's organization, subscription, card and invoice named everywhere.
  'GET /api/payment/getpaymentconfig': () => [{ anonymous: true }],
  // The sandbox has no webhook: 404 (tests/api/payment.stripe.test.ts covers Stripe's).
  'POST /api/payment/stripe/webhook': () => [
    { anonymous: true, body: { type: 'customer.subscription.updated', data: { object: { id: 'sub_demo_relief', status: 'canceled' } } } },
  ],
  'POST /api/payment/stripe/activatesubscription': (r) => [
    { body: { organizationId: r.organizationId, stripeSubscriptionId: 'sub_demo_relief' } },
  ],
  'POST /api/payment/sandbox/createpaymentmethod': (r) => [
    { body: { organizationId: r.organizationId, number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' } },
  ],
  // SetupIntents are Stripe's: the sandbox has none (404); tests/api/payment.stripe.test.ts covers Stripe's.
  'POST /api/payment/stripe/createsetupintent': (r) => [{ body: { organizationId: r.organizationId } }],
  'GET /api/payment/addpaymentmethodtoorganization': (r, me) => [
    { query: { organizationId: r.organizationId, paymentMethodId: 'pm_demo_visa_relief', setupIntentId: 'seti_demo_relief' } },
    { query: { organizationId: r.organizationId, paymentMethodId: 'pm_demo_visa_relief' } },
    { query: { organizationId: me.session.organizationId, paymentMethodId: 'pm_demo_visa_relief' } },
  ],
  'GET /api/payment/getstripesubscriptionbyorganization': (r) => [{ query: { organizationId: r.organizationId } }],
  'GET /api/payment/updatesubscriptionplan': () => [
    { query: { stripeSubscriptionId: 'sub_demo_relief', newPacketId: '1', updatePlanAfterPeriodEnds: 'false' } },
  ],
  'POST /api/payment/cancelstripesubscription': () => [{ query: { subscriptionId: 'sub_demo_relief', reasonOfCancellation: '1' } }],
  'GET /api/payment/getstripeinvoicesdetailsbyorganizationuser': (r) => [{ query: { organizationId: r.organizationId } }],
  'GET /api/payment/downloadinvoice/:invoiceId': (r) => [{ params: { invoiceId: r.invoiceId } }],
  'GET /api/payment/downloadallstripeinvoicesfororganization': (r) => [{ query: { organizationId: r.organizationId } }],
  // Plans are the platform's, not a tenant's: an Organization owner is refused (403).
  'POST /api/payment/editplan': () => [
    {
      body: {
        id: 1,
        name: 'Taken over',
        description: '',
        monthlyPrice: 0,
        annuallyPrice: 0,
        workspaceLimit: 0,
        membersLimit: 0,
        databaseLimit: 0,
        projectsLimit: 0,
      },
    },
  ],

  // Workspaces
  'GET /api/workspaces/getmyworkspaces': () => [{ query: { pageSize: '100' } }, { query: { isDeleted: 'true', pageSize: '100' } }],
  'GET /api/workspaces/getbyid/:id': (r) => [{ params: { id: r.workspaceId } }, { params: { id: r.binned.workspaceId } }],
  'POST /api/workspaces/add': () => [{ body: { name: 'Other Aid second workspace' } }],
  'POST /api/workspaces/edit': (r) => [
    { body: { id: r.workspaceId, name: 'Taken over' } },
    { body: { id: r.binned.workspaceId, name: 'Taken over' } },
  ],
  'POST /api/workspaces/delete': (r) => [{ body: { id: r.workspaceId } }],
  'POST /api/workspaces/permanentlydeleteorrestoreallworkspacesofuser': () => [
    { query: { isDeleted: 'false', restoreAll: 'true' } },
    { query: { isDeleted: 'true' } },
  ],

  // Projects
  'GET /api/projects/getmyprojectsinworkspace/:workspaceId': (r, me) => [
    { params: { workspaceId: r.workspaceId } },
    { params: { workspaceId: r.workspaceId }, query: { isDeleted: 'true' } },
    { params: { workspaceId: me.workspaceId }, query: { isDeleted: 'true' } },
  ],
  'GET /api/projects/getallprojecttypes': () => [{}],
  'GET /api/projects/getprojectsoforganization': () => [{}],
  'GET /api/projects/getbyid/:id': (r) => [{ params: { id: r.projectId } }, { params: { id: r.binned.projectId } }],
  'POST /api/projects/add': (r) => [
    {
      body: {
        name: 'Hijack',
        managerId: r.memberId,
        workspaceId: r.workspaceId,
        typeId: 1,
        countryIds: [1],
        startDate: '2026-01-01',
        endDate: '2026-02-01',
      },
    },
  ],
  'POST /api/projects/delete': (r) => [{ body: { id: r.projectId } }],

  // Members
  'GET /api/members/getallorgmembersinworkspace': (r) => [{ query: { WorkSpaceId: r.workspaceId } }],
  'GET /api/members/getallmembersoforganization': () => [{ query: { pageSize: '100' } }, { query: { isDeleted: 'true', pageSize: '100' } }],
  'POST /api/members/delete': (r) => [{ body: { id: r.memberId } }],
  'POST /api/members/add': (r, me) => {
    const member = { fullName: 'Iso Member', roleId: 7, languages: [1], locationId: 1, gender: 0 };
    return [
      { body: { ...member, email: 'iso.project@demo.test', projectId: r.projectId } },
      { body: { ...member, email: 'iso.workspace@demo.test', workspaceIds: [r.workspaceId] } },
      { body: { ...member, email: 'iso.own@demo.test', workspaceIds: [me.workspaceId] } },
    ];
  },
  'POST /api/members/addmembers': (r) => [
    {
      body: [
        { fullName: 'Iso Bulk', email: 'iso.bulk@demo.test', roleId: 7, languages: [1], locationId: 1, gender: 0, projectId: r.projectId },
      ],
    },
  ],
  'GET /api/members/getmemberstemplate': () => [{ query: { kind: 'members' } }, { query: { kind: 'users' } }],
  'GET /api/members/getbyid/:id': (r) => [{ params: { id: r.memberId } }],
  'POST /api/members/edit': (r) => [{ body: { id: r.memberId, fullName: 'Renamed', roleId: 7, languages: [1], locationId: 1, gender: 0 } }],
  'GET /api/projects/getallprojectmembers/:projectId': (r) => [
    { params: { projectId: r.projectId } },
    { params: { projectId: r.projectId }, query: { isDeleted: 'true' } },
  ],
  'POST /api/account/acceptinvitation': () => [
    {
      anonymous: true,
      body: { token: 'forged-token-forged-token-forged', newPassword: 'Taken-Over-2026!', confirmPassword: 'Taken-Over-2026!' },
    },
  ],
  'POST /api/members/permanentlydeleteorrestoreallorganizationmembers': () => [
    { query: { isDeleted: 'false', restoreAll: 'true' } },
    { query: { isDeleted: 'true' } },
  ],

  // Organization Management: the caller's own profile only; Demo Relief's ids are not found.
  'GET /api/organizations/getuserandorganizationinfo': (r, me) => [
    { query: { organizationId: r.organizationId, userId: r.ownerUserId } },
    { query: { organizationId: me.session.organizationId, userId: r.ownerUserId } },
  ],
  'POST /api/organizations/edituserandorganization': (r, me) => [
    { body: { userId: r.ownerUserId, organizationId: r.organizationId, userFullName: 'Taken over', organizationName: 'Taken over' } },
    { body: { userId: me.session.userId, organizationId: r.organizationId, userFullName: 'Taken over', organizationName: 'Taken over' } },
  ],
  'POST /api/account/changepassword': () => [
    { body: { oldPassword: 'Wrong-Pass-2026!', newPassword: 'Taken-Over-2026!', confirmPassword: 'Taken-Over-2026!' } },
  ],

  // Recycle bin
  'GET /api/datacollection/checkonlinestatus': () => [{}],
  // 503 here: the test app runs no job queue (health.test.ts covers its answers).
  'GET /api/health': () => [{ anonymous: true }],
  // Without METRICS_TOKEN (the walk's app): not found for anyone; tests/api/metrics.test.ts covers the token.
  'GET /api/metrics': () => [{ anonymous: true }, {}],
  'PUT /api/datacollection/:id/toggledeleteorrestore': (r) =>
    [
      [r.workspaceId, Workspace],
      [r.binned.workspaceId, Workspace],
      [r.projectId, Project],
      [r.binned.projectId, Project],
      [r.memberId, OrganizationMember],
      [r.binned.memberId, OrganizationMember],
      [r.surveyId, Survey],
      [r.projectMemberId, ProjectMember],
      [r.taskId, Task],
      [r.beneficiaryId, Beneficiary],
      [r.beneficiaryTableId, ImportedBeneficiaryTable],
      [r.targetId, Target],
      [r.organizationId, Organization],
    ].flatMap(([id, type]) =>
      [{ isDeleted: 'true' }, { isDeleted: 'false' }, { isDeleted: 'true', permanent: 'true' }].map((flags) => ({
        params: { id: String(id) },
        query: { entityType: String(type), ...flags },
      })),
    ),
  'PUT /api/datacollection/bulktoggledeleteorrestore': (r) => [
    { query: { entityType: String(Workspace), isDeleted: 'true' }, body: [r.workspaceId] },
    { query: { entityType: String(Workspace), isDeleted: 'false' }, body: [r.binned.workspaceId] },
    { query: { entityType: String(Project), isDeleted: 'true', permanent: 'true' }, body: [r.binned.projectId] },
    { query: { entityType: String(OrganizationMember), isDeleted: 'false' }, body: [r.binned.memberId] },
    { query: { entityType: String(Survey), isDeleted: 'true' }, body: [r.surveyId] },
    { query: { entityType: String(ProjectMember), isDeleted: 'true' }, body: [r.projectMemberId] },
    { query: { entityType: String(Task), isDeleted: 'true' }, body: [r.taskId] },
    { query: { entityType: String(Beneficiary), isDeleted: 'true' }, body: [r.beneficiaryId] },
    { query: { entityType: String(ImportedBeneficiaryTable), isDeleted: 'true' }, body: [r.beneficiaryTableId] },
    { query: { entityType: String(Target), isDeleted: 'true' }, body: [r.targetId] },
  ],
  // Surveys (the surveys area). The preview is public by design (the fill page of a public link),
  // so it may show the survey itself; nothing else of Demo Relief's.
  'POST /api/survey/getbyid': (r) => [{ body: { SurveyId: r.surveyId } }],
  'GET /api/survey/getpreviewdata': (r) => [
    { anonymous: true, query: { surveyId: r.surveyId } },
    { query: { surveyId: r.surveyId } },
    { query: { surveyId: r.surveyId, taskId: uuid0, messageReceiverId: uuid0 } },
  ],
  'GET /api/survey/getsurveydetails': (r) => [{ query: { surveyId: r.surveyId } }],
  'GET /api/datacollection/getallsurveysforprojectbystatus': (r) => [{ query: { ProjectId: r.projectId } }],
  'GET /api/datacollection/exportsurvey/:id': (r) => [{ params: { id: r.surveyId } }],
  'GET /api/datacollection/exportxform/:id': (r) => [{ params: { id: r.surveyId } }],
  'POST /api/datacollection/submitsurvey': (r) => [{ anonymous: true, body: { surveyId: r.surveyId } }, { body: { surveyId: r.surveyId } }],
  // The builder: Demo Relief's survey and project named everywhere a route takes one.
  'GET /api/survey/getsurveytools': (r) => [
    { query: { ProjectId: r.projectId } },
    { query: { ProjectId: r.projectId, search: 'Household' } },
  ],
  'POST /api/survey/createsurvey': (r) => [
    { body: { projectId: r.projectId, name: 'Stolen' } },
    { body: { projectId: r.projectId, name: 'Copy', copyOfSurveyId: r.surveyId } },
  ],
  'POST /api/survey/duplicatesurvey': (r) => [{ body: { surveyId: r.surveyId } }],
  'POST /api/survey/savesurvey': (r) => [
    { body: { surveyId: r.surveyId, version: 1, model: { id: r.surveyId, name: 'Taken over', surveyItems: [] }, deletedIds: [] } },
  ],
  'POST /api/datacollection/publishsurvey': (r) => [{ body: { surveyId: r.surveyId } }],
  'POST /api/survey/archivesurvey': (r) => [{ body: { surveyId: r.surveyId } }],
  'POST /api/survey/addsurveylanguage': (r) => [{ body: { surveyId: r.surveyId, languageId: 2 } }],
  'POST /api/survey/savetranslation': (r) => [{ body: { surveyId: r.surveyId, languageId: 1, texts: [] } }],
  'POST /api/survey/settranslationstatus': (r) => [{ body: { surveyId: r.surveyId, languageId: 1, translateStatus: 2 } }],
  'GET /api/survey/exporttranslations': (r) => [{ query: { surveyId: r.surveyId } }],
  // Refused before its (here absent) workbook is read: another tenant's survey is not found.
  'POST /api/survey/importtranslations': (r) => [{ query: { surveyId: r.surveyId } }],

  // Survey data: Demo Relief's survey and one of its submissions, everywhere a route takes one.
  'GET /api/datacollection/getsubmissions': (r) => [
    { query: { SurveyId: r.surveyId } },
    { query: { SurveyId: r.surveyId, Search: 'a', Sort: '-collector' } },
  ],
  'GET /api/datacollection/getrepeatrows': (r) => [{ query: { SurveyId: r.surveyId, Repeat: 'members' } }],
  'GET /api/datacollection/getsurveyreport': (r) => [
    { query: { SurveyId: r.surveyId } },
    { query: { SurveyId: r.surveyId, Bins: '5', Filter: 'region:in:turkana' } },
  ],
  'GET /api/datacollection/getsubmissionbyid/:id': (r) => [{ params: { id: r.submissionId } }],
  'GET /api/datacollection/getsubmissionfile/:id': (r) => [{ params: { id: r.submissionId } }],
  'POST /api/datacollection/uploadsurveymedia': (r) => [{ body: { SurveyId: r.surveyId } }],
  'GET /api/datacollection/getsurveymedialist': (r) => [{ query: { surveyId: r.surveyId } }],
  'GET /api/datacollection/getsurveymedia/:surveyId/:fileName': (r) => [{ params: { surveyId: r.surveyId, fileName: 'cat.png' } }],
  'GET /api/datacollection/getsubmissionaudit/:id': (r) => [{ params: { id: r.submissionId } }],
  'POST /api/datacollection/reviewsubmission': (r) => [{ body: { id: r.submissionId, status: 2, comment: 'Taken over' } }],
  'POST /api/datacollection/bulkreviewsubmissions': (r) => [{ body: { ids: [r.submissionId], status: 2 } }],
  'GET /api/datacollection/exportsubmissions/:surveyId': (r) => [
    { params: { surveyId: r.surveyId }, query: { format: 'csv' } },
    { params: { surveyId: r.surveyId }, query: { format: 'xlsx' } },
    { params: { surveyId: r.surveyId }, query: { format: 'zip' } },
    { params: { surveyId: r.surveyId }, query: { format: 'csv', async: 'true' } },
  ],
  'GET /api/datacollection/getexportjob/:jobId': (r) => [{ params: { jobId: r.exportJobId } }],
  'GET /api/datacollection/getexportjobs': (r) => [{ query: { SurveyId: r.surveyId } }],
  'GET /api/datacollection/downloadexport/:jobId': (r) => [{ params: { jobId: r.exportJobId } }],
  'GET /api/datacollection/getmapsettings': () => [{}],
  'POST /api/datacollection/createfeedtoken': (r) => [{ body: { surveyId: r.surveyId, name: 'Isolation' } }],
  'GET /api/datacollection/getfeedtokens': (r) => [{ query: { SurveyId: r.surveyId } }],
  'POST /api/datacollection/revokefeedtoken': (r) => [{ body: { id: r.feedTokenId } }],
  // The feed takes a feed token, not a session: the other user's session token is no way in.
  'GET /api/datacollection/feed/:surveyId/:format': (r) => [
    { params: { surveyId: r.surveyId, format: 'csv' } },
    { params: { surveyId: r.surveyId, format: 'json' }, query: { Filter: 'consent:empty' } },
  ],
  'GET /api/datacollection/feed/:surveyId/file/:fileId': (r) => [{ params: { surveyId: r.surveyId, fileId: r.submissionFileId } }],

  // App users: Demo Relief's project and app user; the OpenRosa routes with the caller's own device,
  // aimed at Demo Relief's survey.
  'GET /api/projects/getrelationships': (r) => [{ query: { ProjectId: r.projectId } }],
  'POST /api/appusers/create': (r) => [{ body: { projectId: r.projectId, name: 'Isolation tablet' } }],
  'GET /api/appusers/list': (r) => [{ query: { projectId: r.projectId } }],
  'POST /api/appusers/revoke': (r) => [{ body: { id: r.appUserId } }],
  // A public address literal: no name to resolve, and nothing is sent (the walk's calls are refused).
  'POST /api/webhooks/add': (r) => [
    { body: { surveyId: r.surveyId, url: 'https://93.184.215.14/hook', events: ['submission.created'] } },
    { body: { projectId: r.projectId, url: 'https://93.184.215.14/hook', events: ['survey.published'] } },
  ],
  'GET /api/webhooks/list': (r) => [{ query: { surveyId: r.surveyId } }, { query: { projectId: r.projectId } }],
  'POST /api/webhooks/remove': (r) => [{ body: { webhookId: r.webhookId } }],
  'POST /api/webhooks/enable': (r) => [{ body: { webhookId: r.webhookId } }],
  'GET /api/webhooks/getdeliveries': (r) => [{ query: { webhookId: r.webhookId } }],
  'POST /api/webhooks/redeliver': (r) => [{ body: { deliveryId: r.webhookDeliveryId } }],
  'GET /openrosa/key/:token/formlist': (_r, me) => [{ params: { token: me.deviceToken } }],
  'GET /openrosa/key/:token/forms/:surveyId/form.xml': (r, me) => [{ params: { token: me.deviceToken, surveyId: r.surveyId } }],
  'GET /openrosa/key/:token/forms/:surveyId/manifest': (r, me) => [{ params: { token: me.deviceToken, surveyId: r.surveyId } }],
  'GET /openrosa/key/:token/forms/:surveyId/media/:fileName': (r, me) => [
    { params: { token: me.deviceToken, surveyId: r.surveyId, fileName: 'shelter.png' } },
  ],
  'POST /openrosa/key/:token/submission': (r, me) => [
    {
      params: { token: me.deviceToken },
      body: `<data id="survey_${r.surveyId.replace(/-/g, '_')}"><consent>OK</consent><meta><instanceID>uuid:${randomUUID()}</instanceID></meta></data>`,
    },
  ],

  // A member's own account (HTTP Basic), aimed at Demo Relief's project and survey.
  'GET /openrosa/projects/:projectId/formlist': (r) => [{ basic: true, params: { projectId: r.projectId } }],
  'GET /openrosa/projects/:projectId/forms/:surveyId/form.xml': (r) => [
    { basic: true, params: { projectId: r.projectId, surveyId: r.surveyId } },
  ],
  'GET /openrosa/projects/:projectId/forms/:surveyId/manifest': (r) => [
    { basic: true, params: { projectId: r.projectId, surveyId: r.surveyId } },
  ],
  'GET /openrosa/projects/:projectId/forms/:surveyId/media/:fileName': (r) => [
    { basic: true, params: { projectId: r.projectId, surveyId: r.surveyId, fileName: 'shelter.png' } },
  ],
  'POST /openrosa/projects/:projectId/submission': (r) => [
    {
      basic: true,
      params: { projectId: r.projectId },
      body: `<data id="survey_${r.surveyId.replace(/-/g, '_')}"><consent>OK</consent><meta><instanceID>uuid:${randomUUID()}</instanceID></meta></data>`,
    },
  ],

  // Tasks: a collector's own calls see only the caller's tasks; the managers' calls name Demo Relief's project.
  'GET /api/task/gettasksfordatacollector': () => [{}, { query: { isDeleted: 'true' } }],
  'GET /api/task/gettaskstatsticsbydatacollector': () => [{ query: { page: '1', pageSize: '10000' } }],
  'GET /api/task/getdatacollectortaskssurveys': () => [{}],
  'GET /api/task/getdatacollectortaskslocations': () => [{}],
  'GET /api/task/getassignedtaskidsforsurveyanddatacollector': (r) => [
    { query: { surveyId: r.surveyId } },
    { query: { surveyId: r.surveyId, userId: r.ownerUserId } },
  ],
  'POST /api/task/updatetaskstatus': (r) => [
    { body: { id: r.taskId, newStatus: 1, rejectionReason: 'Taken over' } },
    { body: { id: r.taskId, newStatus: 2 } },
  ],
  // Targets: Demo Relief's project, survey and target named.
  'GET /api/targets/gettargets': (r) => [{ query: { ProjectId: r.projectId } }, { query: { ProjectId: r.projectId, isDeleted: 'true' } }],
  'GET /api/targets/getsurveytarget': (r) => [{ query: { surveyId: r.surveyId } }],
  'POST /api/targets/save': (r) => [{ body: { surveyId: r.surveyId, total: 1 } }],
  'GET /api/task/gettasks': (r) => [{ query: { ProjectId: r.projectId } }, { query: { ProjectId: r.projectId, isDeleted: 'true' } }],
  'GET /api/task/getenumeratornamesbyproject': (r) => [{ query: { ProjectId: r.projectId } }],
  'GET /api/task/getdatacollectorsofproject': (r) => [{ query: { ProjectId: r.projectId } }],
  'GET /api/task/getlocationgroups': (r) => [{ query: { workspaceId: r.workspaceId } }],
  'POST /api/task/createtask': (r) => [{ body: { surveyId: r.surveyId, dataCollectorIds: [r.memberId], collectionType: 1 } }],
  'GET /api/task/getmessagingchannels': () => [{}],
  'GET /api/task/getmessagingtaskreceivers': (r) => [{ query: { ProjectId: r.projectId } }],
  'POST /api/task/createmessagingtask': (r) => [
    { body: { surveyId: r.surveyId, channel: 1, receivers: [{ name: 'Iso', address: 'iso.receiver@demo.test' }] } },
  ],

  // Respondents: Demo Relief's list and person are not found, whatever the header says.
  'POST /api/beneficiaries/previewimport': (r) => [{ body: { ProjectId: r.projectId } }],
  'POST /api/beneficiaries/importtable': (r) => [{ body: { ProjectId: r.projectId, TableId: r.beneficiaryTableId } }],
  'GET /api/beneficiaries/gettables': (r) => [{ query: { ProjectId: r.projectId } }],
  'GET /api/beneficiaries/getbeneficiaries': (r) => [
    { query: { TableId: r.beneficiaryTableId } },
    { query: { TableId: r.beneficiaryTableId, Search: 'Relief Respondent' } },
  ],
  'GET /api/beneficiaries/getfilteroptions': (r) => [{ query: { TableId: r.beneficiaryTableId } }],
  'GET /api/beneficiaries/getbyid/:id': (r) => [{ params: { id: r.beneficiaryId } }],
  'POST /api/beneficiaries/add': (r) => [{ body: { tableId: r.beneficiaryTableId, fields: { idNumber: 'X-1', fullName: 'Taken over' } } }],
  'POST /api/beneficiaries/edit': (r) => [{ body: { id: r.beneficiaryId, fields: { fullName: 'Taken over' } } }],
  'POST /api/beneficiaries/erase': (r) => [{ body: { id: r.beneficiaryId } }],
  // Support tickets: Demo Relief's ticket is not found, whatever the header says.
  'GET /api/tickets/gettickettypes': () => [{}],
  'GET /api/tickets/getalltickets': () => [{}, { query: { searchInput: 'Relief ticket' } }],
  'GET /api/tickets/getticketbyid': (r) => [{ query: { id: r.ticketId } }],
  'POST /api/tickets/createticket': () => [{}],
  'DELETE /api/tickets/deletetickets': (r) => [{ body: [r.ticketId] }],
  'POST /api/tickets/replytoticket': (r) => [{ body: { ticketId: r.ticketId, message: 'Taken over' } }],
  'POST /api/tickets/setticketstatus': (r) => [{ body: { id: r.ticketId, status: 'closed' } }],
  'GET /api/tickets/getattachment/:ticketId/:attachmentId': (r) => [
    { params: { ticketId: r.ticketId, attachmentId: r.ticketAttachmentId } },
  ],

  // The account area: the caller's own account only; Demo Relief's ids are refused or not found.
  'POST /api/account/sendupdateemailcode': (r, me) => [
    { body: { userId: r.ownerUserId, newEmail: 'taken.over@relief.test' } },
    { body: { userId: me.session.userId, newEmail: 'organization@demo.test' } },
  ],
  'POST /api/account/updateemail': (r) => [{ body: { userId: r.ownerUserId, newEmail: 'taken.over@relief.test', code: '000000' } }],
  'POST /api/account/sendchangepasswordcode': () => [
    { body: { oldPassword: 'Wrong-Pass-2026!', newPassword: 'Taken-Over-2026!', confirmPassword: 'Taken-Over-2026!' } },
  ],
  'POST /api/account/addorupdateprofilepicture': () => [{}],
  'GET /api/filedata/profilepicture/:userId/:version': (r) => [{ anonymous: true, params: { userId: r.ownerUserId, version: uuid0 } }],
  'DELETE /api/account/permanentlydeleteuser': (r) => [{ query: { userId: r.ownerUserId }, body: { reason: 1, feedback: 'Taken over' } }],
  'DELETE /api/organizations/permanentlydeleteorg': (r) => [
    { query: { organizationId: r.organizationId }, body: { reason: 1, feedback: 'Taken over' } },
  ],
  // Refused for its missing custom reason: a valid one would close the caller's own organization mid-walk.
  'POST /api/account/deactivateaccount': () => [{ body: { reason: 4, feedback: 'Taken over' } }],
  'GET /api/languages/getstates': () => [{ query: { countryCode: 'KE' } }],
  'GET /api/languages/getcities': () => [{ query: { countryCode: 'KE', stateCode: '30' } }],
  'GET /api/organizations/getdashboardstatistics': (r, me) => [
    { query: { organizationId: r.organizationId } },
    { query: { organizationId: me.session.organizationId, workspaceId: r.workspaceId } },
  ],

  'POST /api/datacollection/permanentlydeleteorrestoreallprojectsinworkspace': (r, me) => [
    { query: { workspaceId: r.workspaceId, isDeleted: 'false', restoreAll: 'true' } },
    { query: { workspaceId: r.workspaceId, isDeleted: 'true' } },
    { query: { workspaceId: me.workspaceId, projectId: r.binned.projectId, isDeleted: 'true' } },
    { query: { workspaceId: me.workspaceId, isDeleted: 'true' } },
  ],
};

let t: TestApp;
let relief: Relief;
let me: Me;
let secrets: string[];

async function reliefState() {
  const org = relief.organizationId;
  const [workspaces, projects, members, organization, surveys, projectMembers, memberLanguages, names] = await Promise.all([
    t.db
      .selectFrom('workspaces')
      .select(['id', 'name', 'description', 'deleted_at'])
      .where('organization_id', '=', org)
      .orderBy('id')
      .execute(),
    t.db
      .selectFrom('projects')
      .select(['id', 'name', 'manager_id', 'deleted_at'])
      .where('organization_id', '=', org)
      .orderBy('id')
      .execute(),
    t.db
      .selectFrom('organization_members')
      .select(['id', 'role_id', 'deleted_at'])
      .where('organization_id', '=', org)
      .orderBy('id')
      .execute(),
    t.db.selectFrom('organizations').select(['name', 'deactivated_at', 'deleted_at']).where('id', '=', org).execute(),
    t.db
      .selectFrom('surveys')
      .select(['id', 'name', 'status', 'version', 'deleted_at'])
      .where('organization_id', '=', org)
      .orderBy('id')
      .execute(),
    t.db.selectFrom('project_members').select(['id', 'deleted_at']).where('organization_id', '=', org).orderBy('id').execute(),
    t.db
      .selectFrom('member_languages')
      .select(['member_id', 'language_id'])
      .where('organization_id', '=', org)
      .orderBy('member_id')
      .orderBy('language_id')
      .execute(),
    t.db
      .selectFrom('users')
      .select(['id', 'full_name'])
      .where('id', 'in', t.db.selectFrom('organization_members').select('user_id').where('organization_id', '=', org))
      .orderBy('id')
      .execute(),
  ]);
  const submissions = await t.db
    .selectFrom('submissions')
    .select(['id', 'review_status', 'review_comment', 'deleted_at'])
    .where('organization_id', '=', org)
    .orderBy('id')
    .execute();
  const answers = await t.db
    .selectFrom('answers')
    .select(['submission_id', 'item_id', 'repeat_path', 'text_value', 'number_value'])
    .where('organization_id', '=', org)
    .orderBy('submission_id')
    .orderBy('item_id')
    .orderBy('repeat_path')
    .execute();
  const users = await t.db.selectFrom('users').select(['id', 'password_hash', 'email']).where('id', '=', relief.ownerUserId).execute();
  const tasks = await t.db
    .selectFrom('tasks')
    .select(['id', 'status', 'rejection_reason', 'deleted_at'])
    .where('organization_id', '=', org)
    .orderBy('id')
    .execute();
  const messaging = await t.db.selectFrom('messaging_tasks').select(['id']).where('organization_id', '=', org).execute();
  const targets = await t.db
    .selectFrom('targets')
    .select(['id', 'total', 'deleted_at', 'updated_at'])
    .where('organization_id', '=', org)
    .orderBy('id')
    .execute();
  const billing = await t.db
    .selectFrom('subscriptions')
    .select(['id', 'plan_id', 'status', 'ends_at', 'cancel_at', 'payment_method_id', 'pending_plan_id'])
    .where('organization_id', '=', org)
    .execute();
  const cards = await t.db.selectFrom('payment_methods').select(['id']).where('organization_id', '=', org).orderBy('id').execute();
  const plans = await t.db.selectFrom('plans').selectAll().orderBy('id').execute();
  const tickets = await t.db
    .selectFrom('tickets')
    .select(['id', 'status', 'subject'])
    .where('organization_id', '=', org)
    .orderBy('id')
    .execute();
  const ticketMessages = await t.db
    .selectFrom('ticket_messages')
    .select(['id', 'body'])
    .where('organization_id', '=', org)
    .orderBy('id')
    .execute();
  const respondents = await t.db
    .selectFrom('beneficiaries')
    .select(['id', 'full_name', 'phone', 'deleted_at', 'erased_at', 'table_id'])
    .where('organization_id', '=', org)
    .orderBy('id')
    .execute();
  const respondentLists = await t.db
    .selectFrom('beneficiary_tables')
    .select(['id', 'name', 'columns', 'deleted_at'])
    .where('organization_id', '=', org)
    .orderBy('id')
    .execute();
  return JSON.stringify({
    respondents,
    respondentLists,
    billing,
    cards,
    plans,
    workspaces,
    projects,
    members,
    organization,
    surveys,
    submissions,
    answers,
    users,
    projectMembers,
    memberLanguages,
    names,
    tasks,
    messaging,
    targets,
    tickets,
    ticketMessages,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const ids = t.ids;
  const owner = await t.signIn('organization@demo.test');
  const ws = ids.workspaces['East Africa Emergency Response']!;
  // Something of Demo Relief's in each bin, so the other organization's "restore all" and "delete all" have a target to miss.
  const binnedWs = (await t.call<string>('POST', '/api/Workspaces/add', { session: owner, body: { name: 'Relief binned workspace' } })).body
    .data;
  const binnedProject = (
    await t.call<string>('POST', '/api/Projects/add', {
      session: owner,
      body: {
        name: 'Relief binned project',
        managerId: ids.members.relief!['manager@demo.test'],
        workspaceId: ws,
        typeId: 1,
        countryIds: [1],
        startDate: '2026-01-01',
        endDate: '2026-02-01',
      },
    })
  ).body.data;
  const binnedMember = ids.members.relief!['guest@demo.test']!;
  await t.call('POST', '/api/Workspaces/delete', { session: owner, body: { id: binnedWs } });
  await t.call('POST', '/api/Projects/delete', { session: owner, body: { id: binnedProject } });
  await t.call('POST', '/api/Members/delete', { session: owner, body: { id: binnedMember } });
  relief = {
    organizationId: ids.organizations.relief!,
    ownerUserId: ids.users['organization@demo.test']!,
    workspaceId: ws,
    projectId: ids.projects['Household Needs Assessment 2026']!,
    memberId: ids.members.relief!['manager@demo.test']!,
    surveyId: (
      await t.db.selectFrom('surveys').select('id').where('organization_id', '=', ids.organizations.relief!).executeTakeFirstOrThrow()
    ).id,
    submissionId: '',
    submissionFileId: '',
    exportJobId: '',
    feedTokenId: '',
    appUserId: '',
    webhookId: '',
    webhookDeliveryId: '',
    projectMemberId: (
      await t.db
        .selectFrom('project_members')
        .select('id')
        .where('organization_id', '=', ids.organizations.relief!)
        .executeTakeFirstOrThrow()
    ).id,
    taskId: '',
    targetId: '',
    invoiceId: (
      await t.db.selectFrom('invoices').select('id').where('organization_id', '=', ids.organizations.relief!).executeTakeFirstOrThrow()
    ).id,
    ticketId: '',
    ticketAttachmentId: '',
    beneficiaryTableId: '',
    beneficiaryId: '',
    binned: { workspaceId: binnedWs, projectId: binnedProject, memberId: binnedMember },
  };
  const survey = await demoSurveyOf(t);
  relief.submissionId = (await submit(t, survey, completeDemoAnswers)).body.data.id;
  relief.submissionFileId =
    (await t.db.selectFrom('submission_files').select('id').where('submission_id', '=', relief.submissionId).executeTakeFirst())?.id ??
    uuid0;
  const assigned = await t.call<{ taskIds: string[] }>('POST', '/api/Task/createTask', {
    session: owner,
    body: { surveyId: survey.id, dataCollectorIds: [ids.members.relief!['collector@demo.test']], collectionType: 1 },
  });
  relief.taskId = assigned.body.data.taskIds[0]!;
  relief.targetId = (
    await t.call<{ id: string }>('POST', '/api/Targets/save', { session: owner, body: { surveyId: survey.id, total: 40 } })
  ).body.data.id;
  relief.exportJobId = (
    await t.call<{ jobId: string }>('GET', `/api/DataCollection/exportSubmissions/${relief.surveyId}`, {
      session: owner,
      query: { format: 'csv', async: 'true' },
    })
  ).body.data.jobId;
  relief.feedTokenId = (
    await t.call<{ id: string }>('POST', '/api/DataCollection/createFeedToken', {
      session: owner,
      body: { surveyId: relief.surveyId, name: 'Relief feed' },
    })
  ).body.data.id;
  relief.appUserId = (
    await t.call<{ id: string }>('POST', '/api/AppUsers/create', {
      session: owner,
      body: { projectId: relief.projectId, name: 'Relief tablet' },
    })
  ).body.data.id;
  {
    // Written directly, disabled, with one delivery already failed: nothing is ever sent from this walk.
    const hook = await t.db
      .insertInto('webhooks')
      .values({
        organization_id: relief.organizationId,
        survey_id: relief.surveyId,
        url: 'https://93.184.215.14/relief',
        events: ['submission.created'],
        secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
        disabled_at: new Date(),
        disabled_reason: 'Relief receiver down',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    relief.webhookId = hook.id;
    relief.webhookDeliveryId = (
      await t.db
        .insertInto('webhook_deliveries')
        .values({
          organization_id: relief.organizationId,
          webhook_id: hook.id,
          event: 'submission.created',
          survey_id: relief.surveyId,
          submission_id: relief.submissionId,
          status: 'failed',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  {
    const { payload, headers } = multipart([
      ['Type', '1'],
      ['Subject', 'Relief ticket'],
      ['LastResponse', 'Relief ticket body'],
      ['Attachments', png('relief.png')],
    ]);
    relief.ticketId = (await t.call<string>('POST', '/api/Tickets/createTicket', { session: owner, body: payload, headers })).body.data;
    relief.ticketAttachmentId = (
      await t.db.selectFrom('ticket_attachments').select('id').where('ticket_id', '=', relief.ticketId).executeTakeFirstOrThrow()
    ).id;
  }
  {
    const { payload, headers } = multipart([
      ['ProjectId', relief.projectId],
      [
        'Mapping',
        JSON.stringify({
          name: 'Relief respondent list',
          key: 'phone',
          duplicates: 'skip',
          columns: [
            { source: 'Name', field: 'fullName' },
            { source: 'Phone', field: 'phone' },
          ],
        }),
      ],
      ['File', { fileName: 'relief.csv', contentType: 'text/csv', bytes: Buffer.from('Name,Phone\nRelief Respondent,+254700111222\n') }],
    ]);
    const imported = await t.call<{ tableId: string }>('POST', '/api/Beneficiaries/importTable', {
      session: owner,
      body: payload,
      headers,
    });
    relief.beneficiaryTableId = imported.body.data.tableId;
    relief.beneficiaryId = (
      await t.db.selectFrom('beneficiaries').select('id').where('table_id', '=', relief.beneficiaryTableId).executeTakeFirstOrThrow()
    ).id;
  }
  const otherSession = await t.signIn('other@demo.test');
  const deviceToken = (
    await t.call<{ token: string }>('POST', '/api/AppUsers/create', {
      session: otherSession,
      body: { projectId: ids.projects['Other Aid Water Points'], name: 'Other tablet' },
    })
  ).body.data.token;
  me = { session: otherSession, email: 'other@demo.test', workspaceId: ids.workspaces['Other Aid Workspace']!, deviceToken };

  const reliefOnlyEmails = [
    'organization@demo.test',
    'superadmin@demo.test',
    'admin@demo.test',
    'senior@demo.test',
    'manager@demo.test',
    'junior@demo.test',
    'collector@demo.test',
    'guest@demo.test',
  ];
  secrets = [
    relief.organizationId,
    ...Object.values(ids.members.relief!),
    ...reliefOnlyEmails.map((e) => ids.users[e]!),
    ...reliefOnlyEmails,
    ws,
    relief.projectId,
    binnedWs,
    binnedProject,
    'Demo Relief Organization',
    'East Africa Emergency Response',
    'Household Needs Assessment 2026',
    'Relief binned workspace',
    'Relief binned project',
    'Relief ticket',
    relief.ticketId,
    'Relief Respondent',
    '+254700111222',
    'Relief respondent list',
    'Relief tablet',
    relief.beneficiaryTableId,
    relief.beneficiaryId,
  ];
});
afterAll(() => t.close());

describe('tenant isolation: a user of another organization, route by route', () => {
  it('has a case for every route of the app, and none for a route that is gone', () => {
    const served = listRoutes(t.app).map((r) => `${r.method} ${r.url}`);
    expect(
      served.filter((k) => !(k in routes)),
      'routes missing from the isolation table',
    ).toEqual([]);
    expect(
      Object.keys(routes).filter((k) => !served.includes(k)),
      'stale entries in the isolation table',
    ).toEqual([]);
  });

  it("gets nothing of Demo Relief's back and changes none of it", async () => {
    const before = await reliefState();
    const leaks: string[] = [];
    const keys = Object.keys(routes);
    for (const key of keys) {
      const [method, path] = key.split(' ') as [string, string];
      for (const call of routes[key]!(relief, me)) {
        const url = path.replace(/:(\w+)/g, (_, name: string) => call.params?.[name] ?? uuid0);
        for (const forged of [false, true]) {
          if (forged && call.anonymous) continue;
          const headers: Record<string, string> = {};
          if (call.basic) headers.authorization = `Basic ${Buffer.from(`${me.email}:${DEMO_PASSWORD}`).toString('base64')}`;
          else if (!call.anonymous)
            headers.authorization = `Bearer ${call.ownSession ? (await t.signIn(me.email)).token : me.session.token}`;
          headers['organization-id'] = forged ? relief.organizationId : me.session.organizationId;
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers,
            ...(call.query ? { query: call.query } : {}),
            ...(call.body !== undefined ? { payload: call.body as object } : {}),
          });
          const asked = JSON.stringify({ url, query: call.query, body: call.body });
          const found = secrets.filter((s) => res.body.includes(s) && !asked.includes(s));
          if (found.length) leaks.push(`${key} ${asked}${forged ? ' (forged header)' : ''} -> ${res.statusCode}: ${found.join(', ')}`);
          if (res.statusCode >= 500 && key !== 'GET /api/health') leaks.push(`${key} ${asked} -> ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(await reliefState()).toBe(before);
  });

  it("answers 404 for Demo Relief's ids on the organization's own routes", async () => {
    const get = async (url: string) => (await t.call('GET', url, { session: me.session })).status;
    expect(await get(`/api/Workspaces/getById/${relief.workspaceId}`)).toBe(404);
    expect(await get(`/api/Projects/getById/${relief.projectId}`)).toBe(404);
    expect(await get(`/api/Projects/getMyProjectsInWorkspace/${relief.workspaceId}`)).toBe(404);
    expect(await get(`/api/Members/getAllOrgMembersInWorkspace?WorkSpaceId=${relief.workspaceId}`)).toBe(404);
    expect(await get(`/api/DataCollection/exportSurvey/${relief.surveyId}`)).toBe(404);
    expect(await get(`/api/DataCollection/exportXForm/${relief.surveyId}`)).toBe(404);
    expect(await get(`/api/DataCollection/exportXForm/${relief.surveyId}`)).toBe(404);
    expect(await get(`/api/Survey/GetSurveyDetails?surveyId=${relief.surveyId}`)).toBe(404);
    expect(await get(`/api/DataCollection/getSubmissions?SurveyId=${relief.surveyId}`)).toBe(404);
    expect(await get(`/api/DataCollection/getSurveyReport?SurveyId=${relief.surveyId}`)).toBe(404);
    expect(await get(`/api/DataCollection/getSubmissionById/${relief.submissionId}`)).toBe(404);
    expect(await get(`/api/DataCollection/exportSubmissions/${relief.surveyId}?format=csv`)).toBe(404);
    expect(await get(`/api/DataCollection/getFeedTokens?SurveyId=${relief.surveyId}`)).toBe(404);
    expect(
      (await t.call('POST', '/api/DataCollection/revokeFeedToken', { session: me.session, body: { id: relief.feedTokenId } })).status,
    ).toBe(404);
    // The other organization's own feed token opens its own surveys only.
    const mine = await t.call<{ token: string }>('POST', '/api/DataCollection/createFeedToken', {
      session: me.session,
      body: { surveyId: relief.surveyId, name: 'Mine' },
    });
    expect(mine.status).toBe(404);
    expect(await get(`/api/Survey/ExportTranslations?surveyId=${relief.surveyId}`)).toBe(404);
    expect(await get(`/api/DataCollection/getAllSurveysForProjectByStatus?ProjectId=${relief.projectId}`)).toBe(404);
    expect(await get(`/api/Targets/getTargets?ProjectId=${relief.projectId}`)).toBe(404);
    expect(await get(`/api/Targets/getSurveyTarget?surveyId=${relief.surveyId}`)).toBe(404);
    expect((await t.call('POST', '/api/Survey/GetById', { session: me.session, body: { SurveyId: relief.surveyId } })).status).toBe(404);
    // A made-up task id is no way into Demo Relief's survey (tests/api/security/task-link.test.ts).
    const survey = await demoSurveyOf(t);
    const before = await submissionCount(t, survey.id);
    expect((await submit(t, survey, { consent: true }, { linkUuid: null, taskId: randomUUID(), session: me.session })).status).toBe(404);
    expect((await submit(t, survey, { consent: true }, { linkUuid: null, taskId: randomUUID() })).status).toBe(404);
    expect(await submissionCount(t, survey.id)).toBe(before);
    const toggled = await t.call(
      'PUT',
      `/api/DataCollection/${relief.projectId}/toggleDeleteOrRestore?entityType=${Project}&isDeleted=true`,
      { session: me.session },
    );
    expect(toggled.status).toBe(404);
    expect(await get(`/api/Beneficiaries/getBeneficiaries?TableId=${relief.beneficiaryTableId}`)).toBe(404);
    expect(await get(`/api/Beneficiaries/getById/${relief.beneficiaryId}`)).toBe(404);
    expect(await get(`/api/Beneficiaries/getFilterOptions?TableId=${relief.beneficiaryTableId}`)).toBe(404);
  });
});
