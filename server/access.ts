// Who may call a route. Every route declares `config.access`; the app refuses to start when one does
// not (see buildApp's onRoute hook), so no route is open by omission.
//   'public'  anyone, signed in or not
//   'user'    a valid access token; no organization needed (choosing one, listing one's organizations)
//   RoleName[] a valid token, an `organization-id` header naming an organization the user belongs to,
//             one of these roles there, and a subscription that lets the organization work now (unless
//             the route declares `withoutSubscription`)
import type { FastifyRequest } from 'fastify';
import type { Access, Endpoint } from '../schemas/endpoint';
import type { RoleName } from '../schemas/roles';

export const ORGANIZATION_HEADER = 'organization-id';

export interface Caller {
  userId: string;
  familyId: string;
  /** Set on organization-scoped routes only. */
  organizationId?: string;
  memberId?: string;
  roles: RoleName[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The call's declaration the route was registered from (server/route.ts). */
    endpoint?: Endpoint;
    /** The bot-check action name when the route needs a solved bot check (spec: login, register, ...). */
    botCheck?: string;
    /**
     * A role-scoped route that works while the organization's subscription has ended or is unpaid: only
     * what an owner needs to see and fix the payment (the billing area's routes). Every other role route
     * is refused with the spec's subscription message (server/services/subscriptionGate.ts).
     */
    withoutSubscription?: boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** The caller of a route that declared a role list or 'user': present by construction. */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.caller) throw new Error('callerOf used on a public route');
  return req.caller;
}

/** The caller's organization on an organization-scoped route. */
export function tenantOf(req: FastifyRequest): { organizationId: string; memberId: string; userId: string; roles: RoleName[] } {
  const c = callerOf(req);
  if (!c.organizationId || !c.memberId) throw new Error('tenantOf used on a route without roles');
  return { organizationId: c.organizationId, memberId: c.memberId, userId: c.userId, roles: c.roles };
}
