// The profile's address (spec 000 "Profile and organization edit payload", geographicalDetail): where
// the person lives or works, kept with the account as one object whose fields the route schema bounds.
export const profile = /* sql */ `
    alter table users add column geographical_detail jsonb not null default '{}'
      check (jsonb_typeof(geographical_detail) = 'object' and length(geographical_detail::text) <= 4000);
`;
