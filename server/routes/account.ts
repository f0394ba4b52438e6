// /api/Account/*: sign-in, registration, confirmation codes, password reset, organizations, sessions.
import { doneSchema } from '../../schemas/common';
import type { FastifyRequest } from 'fastify';
import {
  checkResetCodeBody,
  confirmEmailAnswerSchema,
  confirmEmailBody,
  forgotPasswordAnswerSchema,
  loginAnswerSchema,
  refreshAnswerSchema,
  registerAnswerSchema,
  resetCodeAnswerSchema,
  selectOrganizationAnswerSchema,
  userOrganizationsSchema,
  emailQuery,
  forgotPasswordBody,
  loginBody,
  refreshTokenBody,
  registerBody,
  resetPasswordBody,
  selectOrganizationQuery,
  userIdQuery,
} from '../../schemas/account';
import { replies } from '../../schemas/envelope';
import { callerOf } from '../access';
import { ok, type App } from '../envelope';
import { problem } from '../problems';
import * as accounts from '../services/accounts';
import * as passwordReset from '../services/passwordReset';

export default async function accountRoutes(app: App): Promise<void> {
  const deps = () => ({ db: app.deps.database.db, config: app.deps.config, mailer: app.deps.mailer, billing: app.billing });

  /** The userId a caller passes must be their own: nobody reads another user's organizations. */
  function ownUserId(req: FastifyRequest, userId: string): void {
    if (callerOf(req).userId !== userId) throw problem('forbidden');
  }

  app.post(
    '/Account/login',
    { config: { access: 'public', botCheck: 'login' }, schema: { body: loginBody, response: replies(loginAnswerSchema) } },
    async (req) => {
      const data = await accounts.login(deps(), { ...req.body, ip: req.ip });
      return ok(data);
    },
  );

  app.post(
    '/Account/register',
    { config: { access: 'public', botCheck: 'register' }, schema: { body: registerBody, response: replies(registerAnswerSchema) } },
    async (req) => {
      const data = await accounts.register(deps(), req.body);
      return ok(data, 'Please confirm the code in your email');
    },
  );

  app.post(
    '/Account/confirmEmail',
    { config: { access: 'public', botCheck: 'login' }, schema: { body: confirmEmailBody, response: replies(confirmEmailAnswerSchema) } },
    async (req) => {
      const data = await accounts.confirmEmail(deps(), { ...req.body, ip: req.ip });
      return ok(data, 'Account created successfully');
    },
  );

  app.post(
    '/Account/resendConfirmEmail',
    { config: { access: 'public', botCheck: 'login' }, schema: { querystring: emailQuery, response: replies(doneSchema) } },
    async (req) => {
      await accounts.resendConfirmEmail(deps(), { email: req.query.email, ip: req.ip });
      return ok(true, 'A verification code has been sent to your email.');
    },
  );

  app.post(
    '/Account/forgotPassword',
    {
      config: { access: 'public', botCheck: 'forgot_password' },
      schema: { body: forgotPasswordBody, response: replies(forgotPasswordAnswerSchema) },
    },
    async (req) => {
      const data = await passwordReset.forgotPassword(deps(), { email: req.body.email, ip: req.ip });
      return ok(data, 'Email sent!');
    },
  );

  app.post(
    '/Account/checkResetPasswordCode',
    { config: { access: 'public' }, schema: { body: checkResetCodeBody, response: replies(resetCodeAnswerSchema) } },
    async (req) => {
      return ok(await passwordReset.checkResetPasswordCode(deps(), { ...req.body, ip: req.ip }), 'Code is valid');
    },
  );

  app.post(
    '/Account/resetPassword',
    { config: { access: 'public' }, schema: { body: resetPasswordBody, response: replies(doneSchema) } },
    async (req) => {
      await passwordReset.resetPassword(deps(), { ...req.body, ip: req.ip });
      return ok(true, 'Password changed successfully');
    },
  );

  app.get(
    '/Account/getUserOrganizations',
    { config: { access: 'user' }, schema: { querystring: userIdQuery, response: replies(userOrganizationsSchema) } },
    async (req) => {
      ownUserId(req, req.query.userId);
      return ok(await accounts.getUserOrganizations(deps(), req.query.userId));
    },
  );

  app.get(
    '/Account/selectOrganization',
    { config: { access: 'user' }, schema: { querystring: selectOrganizationQuery, response: replies(selectOrganizationAnswerSchema) } },
    async (req) => {
      ownUserId(req, req.query.userId);
      const data = await accounts.selectOrganization(deps(), callerOf(req), req.query.organizationId);
      return ok(data, data.message);
    },
  );

  app.post(
    '/Account/refreshToken',
    { config: { access: 'public' }, schema: { body: refreshTokenBody, response: replies(refreshAnswerSchema) } },
    async (req) => {
      return ok(await accounts.refreshSession(deps(), req.body));
    },
  );

  app.post('/Account/logout', { config: { access: 'user' }, schema: { response: replies(doneSchema) } }, async (req) => {
    await accounts.logout(deps(), callerOf(req));
    return ok(true);
  });
}
