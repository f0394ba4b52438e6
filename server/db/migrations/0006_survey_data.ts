// Survey data: the review of a submission and its audit trail. A review sets the status
// (Approved / Not approved / On hold) with a comment; a correction changes an answer in place while
// the audit row keeps the value it replaced, so the first correction of an answer holds the original.
// Every change is a row of submission_audit: who, when, what, old and new value. Audit rows are never
// updated or deleted by the application (they go with their submission).
export const surveyData = /* sql */ `
    -- 0 not reviewed, 1 Approved, 2 Not approved, 3 On hold (schemas/submissions.ts REVIEW_STATUS).
    alter table submissions add column review_status smallint not null default 0 check (review_status in (0, 1, 2, 3));
    alter table submissions add column review_comment text check (length(review_comment) <= 2000);
    alter table submissions add column reviewed_by uuid references users(id) on delete set null;
    alter table submissions add column reviewed_at timestamptz;
    create index submissions_survey_review on submissions (survey_id, review_status) where deleted_at is null;
    create index submissions_survey_submitter on submissions (survey_id, submitter_id) where deleted_at is null;

    create table submission_audit (
      id bigint generated always as identity primary key,
      organization_id uuid not null,
      submission_id uuid not null,
      user_id uuid references users(id) on delete set null,
      -- The name at the time of the change: the trail stays readable after the account goes.
      user_name text not null default '' check (length(user_name) <= 200),
      at timestamptz not null default now(),
      action text not null check (action in ('review', 'correction')),
      item_id uuid,
      repeat_path text not null default '',
      old_value jsonb,
      new_value jsonb,
      comment text check (length(comment) <= 2000),
      check ((action = 'correction') = (item_id is not null)),
      foreign key (organization_id, submission_id) references submissions(organization_id, id) on delete cascade
    );
    create index submission_audit_submission on submission_audit (submission_id, id);

    -- Answer filters of the data table: a filter on one question is an index lookup.
    create index answers_item_number on answers (item_id, number_value) where number_value is not null;
    create index answers_item_text on answers (item_id, text_value) where text_value is not null and length(text_value) < 200;
`;
