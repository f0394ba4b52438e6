// The entity type codes of spec 001 section 3. The recycle-bin calls name what they act on with these.
export const entityTypes = {
  Organization: 1,
  Workspace: 2,
  Project: 3,
  Survey: 4,
  Member: 7,
  Beneficiary: 10,
  User: 11,
  OrganizationMember: 12,
  Target: 13,
  ImportedBeneficiaryTable: 14,
  Task: 15,
  MessagingTask: 16,
  ProjectMember: 17,
} as const;

export type EntityTypeName = keyof typeof entityTypes;
export type EntityTypeCode = (typeof entityTypes)[EntityTypeName];
