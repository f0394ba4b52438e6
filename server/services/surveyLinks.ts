// Through which addresses a deployed survey takes a submission (spec 001 section 2), one rule for the
// fill page's preview data (which tells the page, before anyone types, that its address cannot submit)
// and for SubmitSurvey (which refuses it):
//   - the public link: the survey's own link uuid, or 'multiple-link' when the survey's link is reusable;
//   - a task link: its task decides (./taskAccess.ts);
//   - no link (the bare '/public-survey/{surveyId}'): in-person collection by a signed-in member of the
//     survey's organization, except a Guest (view-only). Anyone else has no way to submit.
import { roleByName } from '../../schemas/roles';
import type { Membership } from '../db/queries/memberships';

const GUEST_ROLE_ID = roleByName('Guest')!.id;

export function linkOpens(survey: { publicLinkUuid: string; multipleLink: boolean }, linkUuid: string | null): boolean {
  return linkUuid !== null && (linkUuid === survey.publicLinkUuid || (linkUuid === 'multiple-link' && survey.multipleLink));
}

export function fillsInPerson(m: Membership | undefined): boolean {
  return m !== undefined && !m.organizationDeactivated && m.roleId !== GUEST_ROLE_ID;
}
