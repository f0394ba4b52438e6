// Billing: the payment provider's records mirrored here. A subscription row holds its current
// period (starts_at .. ends_at), a plan change waiting for the period's end, a cancellation request and
// the customer's credit from downgrades; invoices are one row per period or proration; payment methods
// are the cards attached to an organization (the sandbox also reads whether a test card declines).
export const billing = /* sql */ `
    alter table subscriptions
      add column pending_plan_id integer references plans(id),
      add column pending_is_monthly boolean,
      add column cancel_reason smallint check (cancel_reason between 1 and 4),
      add column cancel_reason_text text check (length(cancel_reason_text) <= 1000),
      add column credit_cents integer not null default 0 check (credit_cents >= 0),
      add column provider text not null default 'sandbox' check (provider in ('sandbox', 'stripe'));

    create table payment_methods (
      id text primary key check (length(id) between 1 and 255),
      organization_id uuid not null references organizations(id) on delete cascade,
      brand text not null check (length(brand) between 1 and 40),
      last4 text not null check (last4 ~ '^[0-9]{4}$'),
      exp_month smallint check (exp_month between 1 and 12),
      exp_year smallint check (exp_year between 2000 and 2200),
      -- Sandbox test cards only: attaching works, every charge is declined (Stripe's 4000 0000 0000 0341).
      declines boolean not null default false,
      created_at timestamptz not null default now()
    );
    create index payment_methods_org on payment_methods (organization_id, created_at desc);

    create table invoices (
      id uuid primary key default gen_random_uuid(),
      organization_id uuid not null references organizations(id) on delete cascade,
      subscription_id uuid not null references subscriptions(id) on delete cascade,
      number integer not null check (number > 0),
      kind text not null check (kind in ('subscription', 'proration')),
      plan_id integer not null references plans(id),
      plan_name text not null,
      is_monthly boolean not null,
      period_start timestamptz not null,
      period_end timestamptz not null,
      amount_cents integer not null check (amount_cents >= 0),
      currency text not null default 'usd' check (currency ~ '^[a-z]{3}$'),
      status text not null check (status in ('open', 'paid', 'void', 'uncollectible')),
      provider_invoice_id text unique,
      paid_at timestamptz,
      created_at timestamptz not null default now(),
      unique (organization_id, number),
      check (period_end >= period_start)
    );
    create index invoices_org on invoices (organization_id, period_start desc, number desc);

    -- Which payment-method reminders (15, 3 and 1 days before the end) were sent for which period end,
    -- so a job that runs several times a day sends each one once.
    create table billing_reminders (
      organization_id uuid not null references organizations(id) on delete cascade,
      period_end timestamptz not null,
      days_before smallint not null check (days_before in (1, 3, 15)),
      sent_at timestamptz not null default now(),
      primary key (organization_id, period_end, days_before)
    );
`;
