// GET /Projects/getRelationships: the counts of a project's overview (/relationships, /quick-actions),
// for the roles of the project menu; another organization's project is not found, a collector refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { demo, personas } from '../support/personas';

let t: TestApp;
let as: ReturnType<typeof personas>;
beforeAll(async () => {
  t = await createTestApp();
  as = personas(() => t);
});
afterAll(() => t.close());

const projectId = () => t.ids.projects['Household Needs Assessment 2026']!;
const get = async (email: string) =>
  t.call<Record<string, Record<string, number>>>('GET', '/api/Projects/getRelationships', {
    session: await as(email),
    query: { ProjectId: projectId() },
  });

describe('GET /api/Projects/getRelationships', () => {
  it("counts the demo project's respondents, targets, tasks and surveys as their own tables hold them", async () => {
    const { status, body } = await get(demo.manager);
    expect(status).toBe(200);
    const count = async (table: 'beneficiaries' | 'tasks' | 'surveys') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('project_id', '=', projectId())
            .where('deleted_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const r = body.data;
    expect(r.respondents!.people).toBe(await count('beneficiaries'));
    const tasks = r.tasks!;
    expect(tasks.assigned! + tasks.inProgress! + tasks.completed! + tasks.rejected!).toBe(await count('tasks'));
    expect(r.surveys!.editing! + r.surveys!.deployed!).toBeLessThanOrEqual(await count('surveys'));
    expect(r.targets!.surveys).toBe(await count('surveys'));
    const submissions = await t.db
      .selectFrom('submissions as x')
      .innerJoin('surveys as s', 's.id', 'x.survey_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('s.project_id', '=', projectId())
      .where('s.deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(r.surveys!.submissions).toBe(Number(submissions.n));
  });

  it('answers a guest too, refuses a data collector, and does not show another organization the project', async () => {
    expect((await get(demo.guest)).status).toBe(200);
    expect((await get(demo.collector)).status).toBe(403);
    expect((await get(demo.other)).status).toBe(404);
  });
});
