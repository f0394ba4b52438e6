// GET /Projects/getRelationships (schemas/relationships.ts): the counts behind /relationships and
// /quick-actions. Rules in server/services/relationships.ts.
import { RELATIONSHIPS_API } from '../../schemas/relationships';
import { tenantOf } from '../access';
import { ok, type App } from '../envelope';
import { routeOf } from '../route';
import { relationshipsOf } from '../services/relationships';

export default async function relationshipRoutes(app: App): Promise<void> {
  app.route({
    ...routeOf(RELATIONSHIPS_API.get),
    handler: async (req) => ok(await relationshipsOf(app.deps.database.db, tenantOf(req), req.query.ProjectId)),
  });
}
