// Workspaces, projects and the recycle bin: what the foundation's tables need once items can sit in the
// bin and be purged for good.
export const workspaces = /* sql */ `
    -- The purge job reads every organization's deleted rows by age; the live indexes of 0001 skip them.
    create index workspaces_deleted on workspaces (deleted_at) where deleted_at is not null;
    create index projects_deleted on projects (deleted_at) where deleted_at is not null;
    create index organization_members_deleted on organization_members (deleted_at) where deleted_at is not null;

    -- "My" workspaces and projects are found from the member's side.
    create index workspace_members_member on workspace_members (member_id);
    create index project_members_member on project_members (member_id);
    create index projects_manager on projects (organization_id, manager_id);

    -- Purging a member who manages a project leaves the project without a manager rather than failing
    -- (or taking the organization id with it, which a plain SET NULL on the pair would do).
    alter table projects drop constraint projects_organization_id_manager_id_fkey;
    alter table projects add constraint projects_manager_fkey foreign key (organization_id, manager_id)
      references organization_members(organization_id, id) on delete set null (manager_id);
`;
