// /api/Account/*: sign-in, registration, confirmation codes, password reset, organizations, sessions.
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_API } from '../../schemas/account';
import { callerOf } from '../access';
import { ok, type App } from '../envelope';
import { problem } from '../problems';
import { routeOf } from '../route';
import * as accounts from '../services/accounts';
import * as passwordReset from '../services/passwordReset';

export default async function accountRoutes(app: App): Promise<void> {
  const deps = () => ({ db: app.deps.database.db, config: app.deps.config, mailer: app.deps.mailer, billing: app.billing });

  /** The userId a caller passes must be their own: nobody reads another user's organizations. */
  function ownUserId(req: FastifyRequest, userId: string): void {
    if (callerOf(req).userId !== userId) throw problem('forbidden');
  }

  const A = ACCOUNT_API;
  app.route({
    ...routeOf(A.login, { botCheck: 'login' }),
    handler: async (req) => {
      const data = await accounts.login(deps(), { ...req.body, ip: req.ip });
      return ok(data);
    },
  });

  app.route({
    ...routeOf(A.register, { botCheck: 'register' }),
    handler: async (req) => {
      const data = await accounts.register(deps(), req.body);
      return ok(data, 'Please confirm the code in your email');
    },
  });

  app.route({
    ...routeOf(A.confirmEmail, { botCheck: 'login' }),
    handler: async (req) => {
      const data = await accounts.confirmEmail(deps(), { ...req.body, ip: req.ip });
      return ok(data, 'Account created successfully');
    },
  });

  app.route({
    ...routeOf(A.resendConfirmEmail, { botCheck: 'login' }),
    handler: async (req) => {
      await accounts.resendConfirmEmail(deps(), { email: req.query.email, ip: req.ip });
      return ok(true, 'A verification code has been sent to your email.');
    },
  });

  app.route({
    ...routeOf(A.forgotPassword, { botCheck: 'forgot_password' }),
    handler: async (req) => {
      const data = await passwordReset.forgotPassword(deps(), { email: req.body.email, ip: req.ip });
      return ok(data, 'Email sent!');
    },
  });

  app.route({
    ...routeOf(A.checkResetPasswordCode),
    handler: async (req) => {
      return ok(await passwordReset.checkResetPasswordCode(deps(), { ...req.body, ip: req.ip }), 'Code is valid');
    },
  });

  app.route({
    ...routeOf(A.resetPassword),
    handler: async (req) => {
      await passwordReset.resetPassword(deps(), { ...req.body, ip: req.ip });
      return ok(true, 'Password changed successfully');
    },
  });

  app.route({
    ...routeOf(A.getUserOrganizations),
    handler: async (req) => {
      ownUserId(req, req.query.userId);
      return ok(await accounts.getUserOrganizations(deps(), req.query.userId));
    },
  });

  app.route({
    ...routeOf(A.selectOrganization),
    handler: async (req) => {
      ownUserId(req, req.query.userId);
      const data = await accounts.selectOrganization(deps(), callerOf(req), req.query.organizationId);
      return ok(data, data.message);
    },
  });

  app.route({
    ...routeOf(A.refreshToken),
    handler: async (req) => {
      return ok(await accounts.refreshSession(deps(), req.body));
    },
  });

  app.route({
    ...routeOf(A.logout),
    handler: async (req) => {
      await accounts.logout(deps(), callerOf(req));
      return ok(true);
    },
  });
}
