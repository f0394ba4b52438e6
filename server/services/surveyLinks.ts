// Through which addresses a deployed survey takes a submission (spec 001 section 2), one rule for the
// fill page's preview data (which tells the page, before anyone types, that its address cannot submit)
// and for SubmitSurvey (which refuses it):
//   - the public link: the survey's own link uuid, or 'multiple-link' when the survey's link is reusable;
//   - a task link: its task decides (./taskAccess.ts);
//   - no link (the bare '/public-survey/{surveyId}'): in-person collection by a signed-in member who may
//     read the survey's project (the organization-wide roles, or a member of that project), except a Guest
//     (view-only). Anyone else has no way to submit.
import type { Kysely } from 'kysely';
import { ADMIN_ROLES, roleById, roleByName, type RoleName } from '../../schemas/roles';
import type { Membership } from '../db/queries/memberships';
import { surveyInMemberProjects } from '../db/queries/projectScope';
import type { DB } from '../db/schema';

const GUEST_ROLE_ID = roleByName('Guest')!.id;

export function linkOpens(survey: { publicLinkUuid: string; multipleLink: boolean }, linkUuid: string | null): boolean {
  return linkUuid !== null && (linkUuid === survey.publicLinkUuid || (linkUuid === 'multiple-link' && survey.multipleLink));
}

export async function fillsInPerson(
  db: Kysely<DB>,
  m: Membership | undefined,
  survey: { organizationId: string; surveyId: string },
): Promise<boolean> {
  if (m === undefined || m.organizationDeactivated || m.roleId === GUEST_ROLE_ID) return false;
  const role = roleById(m.roleId)?.name as RoleName | undefined;
  if (role !== undefined && (ADMIN_ROLES as readonly RoleName[]).includes(role)) return true;
  return surveyInMemberProjects(db, survey.organizationId, m.memberId, survey.surveyId);
}
