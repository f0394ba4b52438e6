// The one rule of which webhooks hear an event, read by every statement that writes deliveries (the
// submission's own insert, services/webhooks.ts queueEvent), over the aliases `h` (webhooks) and `v`
// (the event's survey).
import { sql } from 'kysely';
import type { WebhookEvent } from '../../../schemas/webhooks';

/** Enabled, asking for this event, and the survey's own webhook or its project's. */
export const hearsEvent = (event: WebhookEvent) =>
  sql<boolean>`h.organization_id = v.organization_id and h.disabled_at is null and ${event}::text = any(h.events)
               and (h.survey_id = v.id or h.project_id = v.project_id)`;
