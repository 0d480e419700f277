/**
 * The `analytics` schema: views over the read models for analysts (docs/analytics.md). Their
 * columns are a promise kept across projector versions: a projector that renames or reshapes a
 * column these read changes the definitions here, not the views' columns. Removing or changing
 * the meaning of a column bumps ANALYTICS_VERSION (docs/analytics.md, The promise).
 */
export const ANALYTICS_SCHEMA = 'analytics';

/** Shown in `analytics.version` and each view's comment; bumped by a breaking change only. */
export const ANALYTICS_VERSION = 1;

/** The read-model tables the views read: until all exist (a runner of a few projectors), none is created. */
export const ANALYTICS_TABLES = [
  'accounts',
  'users',
  'suppliers',
  'locations',
  'items',
  'item_variations',
  'inventory_quantities',
  'stock_ledger',
  'invoices',
  'sales_orders',
  'purchase_orders',
] as const;

export interface AnalyticsView {
  name: string;
  /** What a row is, for `comment on view` (\dv+ in psql). */
  comment: string;
  /** The select, reading the read-model tables of schema `t` (a quoted identifier). */
  select(t: string): string;
}

/** An invoice's status name, from `status_id`. */
const INVOICE_STATUS = `case i.status_id when 9 then 'unpaid' when 10 then 'partially_paid'
  when 11 then 'paid' when 15 then 'cancelled' end`;

/** Today in the account's time zone (`a` is its `accounts` row). */
const ACCOUNT_TODAY = `(now() at time zone a.timezone)::date`;

/** Payment terms "Net N" (any case and spacing) fall due N days after issue; other terms on issue. */
const DUE_DATE = `i.issue_date + coalesce(substring(lower(i.payment_terms)
  from '^[[:space:]]*net[[:space:]]*([0-9]{1,4})[[:space:]]*$')::integer, 0)`;

export const ANALYTICS_VIEWS: readonly AnalyticsView[] = [
  {
    name: 'sales_by_day',
    comment: 'Invoices per account, issue day (the account time zone) and status, with their totals',
    select: (t) => `
      select i.account_id, a.timezone, i.issue_date as day, i.status_id, ${INVOICE_STATUS} as status,
        count(*)::integer as invoices, sum(i.subtotal) as subtotal, sum(i.tax + i.tax_2) as tax,
        sum(i.total) as total, sum(i.amount_paid) as amount_paid, sum(i.amount_due) as amount_due
      from ${t}.invoices i join ${t}.accounts a on a.id = i.account_id
      group by i.account_id, a.timezone, i.issue_date, i.status_id`,
  },
  {
    name: 'receivables_ageing',
    comment:
      'Open invoices (unpaid or partially paid, a balance due) aged from their due date to today in the account time zone',
    select: (t) => `
      with open as (
        select i.*, ${DUE_DATE} as due_date, ${ACCOUNT_TODAY} as as_of
        from ${t}.invoices i join ${t}.accounts a on a.id = i.account_id
        where i.status_id in (9, 10) and i.amount_due > 0)
      select account_id, id as invoice_id, invoice_number, customer_id, customer_name, issue_date,
        payment_terms, due_date, as_of, as_of - due_date as days_past_due,
        case when as_of < due_date then 'not_due' when as_of - due_date <= 30 then '0-30'
          when as_of - due_date <= 60 then '31-60' when as_of - due_date <= 90 then '61-90'
          else '90+' end as bucket,
        amount_due as balance,
        case when as_of < due_date then amount_due else 0 end as not_due,
        case when as_of - due_date between 0 and 30 then amount_due else 0 end as days_0_30,
        case when as_of - due_date between 31 and 60 then amount_due else 0 end as days_31_60,
        case when as_of - due_date between 61 and 90 then amount_due else 0 end as days_61_90,
        case when as_of - due_date > 90 then amount_due else 0 end as days_over_90
      from open`,
  },
  {
    name: 'stock_valuation',
    comment:
      'Stock on hand per item, variation row and location, valued at unit cost (the variation override first)',
    select: (t) => `
      select q.account_id, q.item_id, i.item_number, i.name as item_name, q.variation_id,
        q.item_variation_location_id, q.location_id, l.name as location_name, q.on_hand,
        coalesce(v.unit_cost_override, i.cost) as unit_cost,
        round(q.on_hand * coalesce(v.unit_cost_override, i.cost), 4) as value
      from ${t}.inventory_quantities q
      join ${t}.items i on i.id = q.item_id
      left join ${t}.item_variations v on v.id = q.variation_id
      left join ${t}.locations l on l.id = q.location_id
      where q.on_hand <> 0`,
  },
  {
    name: 'purchase_spend_by_supplier',
    comment:
      'Sent purchase orders (sent, partially received, received) per account, supplier and issue month',
    select: (t) => `
      select p.account_id, p.supplier_id, coalesce(s.name, max(p.supplier_name)) as supplier_name,
        date_trunc('month', p.issue_date)::date as month, count(*)::integer as orders,
        (count(*) filter (where p.status_id = 20))::integer as received_orders,
        sum(p.subtotal) as subtotal, sum(p.tax + p.tax_2) as tax, sum(p.total) as total,
        sum(p.amount_paid) as amount_paid, sum(p.amount_due) as amount_due
      from ${t}.purchase_orders p left join ${t}.suppliers s on s.id = p.supplier_id
      where p.status_id in (18, 19, 20)
      group by p.account_id, p.supplier_id, s.name, date_trunc('month', p.issue_date)`,
  },
  {
    name: 'order_fill',
    comment:
      'Sales orders with how much is invoiced, packed and shipped, their age and when their standing invoices were issued',
    select: (t) => `
      select so.account_id, so.id as sales_order_id, so.sales_order_number, so.customer_id,
        so.customer_name, so.location_id, so.status_id, so.issue_date,
        ${ACCOUNT_TODAY} - so.issue_date as age_days, so.total, so.amount_paid,
        so.invoiced_percent, so.packed_percent, so.shipped_percent, so.invoice_count,
        f.first_invoiced_on, f.last_invoiced_on, so.updated_at as last_changed_at
      from ${t}.sales_orders so join ${t}.accounts a on a.id = so.account_id
      left join lateral (
        select min(i.issue_date) as first_invoiced_on, max(i.issue_date) as last_invoiced_on
        from ${t}.invoices i where i.source_sales_order_id = so.id and i.status_id <> 15) f on true`,
  },
  {
    name: 'inventory_movements',
    comment:
      'The stock ledger flattened: one row per movement with its item, location, source document and actor names',
    select: (t) => `
      select l.account_id, l.recorded_at as occurred_at,
        (l.recorded_at at time zone a.timezone)::date as day, l.item_id, i.item_number,
        i.name as item_name, l.variation_id, l.item_variation_location_id, l.location_id,
        loc.name as location_name, l.source_type, l.source_id, l.source_number, l.source_line_id,
        l.reason, l.on_hand as on_hand_change, l.on_hand_after, l.reserved as reserved_change,
        l.incoming as incoming_change, l.in_transit as in_transit_change,
        l.estimates as estimates_change, l.event_type, l.event_id, l.entry, l.user_id,
        u.name as user_name, l.api_key_id, l.commit_position, l.prepare_position
      from ${t}.stock_ledger l
      join ${t}.accounts a on a.id = l.account_id
      join ${t}.items i on i.id = l.item_id
      left join ${t}.locations loc on loc.id = l.location_id
      left join ${t}.users u on u.id = l.user_id`,
  },
];
