// Plan administration (/admin-payment-plans): the platform's plans, edited by SuperAdmin. A changed
// price applies from the next invoice of each subscription (the provider bills what the plan costs
// when the period renews); a lowered limit refuses new workspaces, projects, members and uploads past
// it, and removes nothing that exists.
import type { Kysely } from 'kysely';
import type { EditPlanBody } from '../../schemas/payment';
import type { DB } from '../db/schema';
import { problem } from '../problems';

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function editPlan(db: Kysely<DB>, body: EditPlanBody) {
  const name = body.name.trim();
  const clash = await db.selectFrom('plans').select('id').where('name', '=', name).where('id', '!=', body.id).executeTakeFirst();
  if (clash)
    throw problem('validation', { message: 'A plan with this name already exists.', errors: ["'name' is already used by another plan"] });
  const r = await db
    .updateTable('plans')
    .set({
      name,
      description: body.description.trim(),
      monthly_price: round2(body.monthlyPrice),
      annual_price: round2(body.annuallyPrice),
      workspace_limit: body.workspaceLimit,
      members_limit: body.membersLimit,
      database_limit: body.databaseLimit,
      projects_limit: body.projectsLimit,
    })
    .where('id', '=', body.id)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw problem('notFound');
  return { id: body.id };
}
