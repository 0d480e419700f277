import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createCategory } from './catalog';
import { admin, Caller, CallerOptions, createAccount, createCaller } from './operator';
import { as } from './party-rules';

/* Shared setup of the estimate e2e suites (documents-api §2–§4, EXTENSIONS.md §3–§5, §8). */

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type Reply = { statusCode: number; body: string; headers: Record<string, unknown>; json(): Json };

export const ESTIMATES = '/api/v3/estimates';
export const NOBODY = '00000000-0000-4000-8000-000000000000';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The specified Estimate fields (documents-api §2), `shipping_cost` and `lines` aside. */
export const ESTIMATE_SUMMARY_KEYS = [
  'id',
  'object',
  'estimate_number',
  'custom_estimate_number',
  'name',
  'customer_id',
  'customer_name',
  'customer_kind',
  'salesperson_id',
  'status_id',
  'status',
  'issue_date',
  'expiry_date',
  'date_sent',
  'purchase_order_number',
  'attention',
  'shipping_address',
  'public_note',
  'payment_terms',
  'subtotal',
  'shipping_fee',
  'tax',
  'tax_2',
  'total',
  'discount_percent',
  'pre_discount_subtotal',
  'discount',
  'can_edit',
  'edit_block_reason',
  'revision',
  'custom_field_values',
  'created_at',
  'updated_at',
];

/** The specified Estimate line fields, `unit_cost` and `total_cost` aside. */
export const LINE_KEYS = [
  'id',
  'object',
  'item_id',
  'item_variation_location_id',
  'line_type',
  'name',
  'description',
  'quantity',
  'unit_id',
  'unit_name',
  'sku',
  'variation_values',
  'variation_number',
  'location_name',
  'thumbnail_url',
  'position',
  'unit_price',
  'discount_percent',
  'tax_rate',
  'tax_2_rate',
  'discounted_unit_price',
  'subtotal',
  'tax',
  'tax_2',
  'total',
];

export const sorted = (keys: readonly string[]) => [...keys].sort();

/** What a salesperson who sees only their own estimates and customers holds. */
export const REP = { 'estimates.list': true, 'estimates.modify': true };
/** Everything about estimates, but neither selling prices nor unit costs. */
export const CLERK = {
  'estimates.list': true,
  'estimates.view_all': true,
  'estimates.modify': true,
  'estimates.delete': true,
  'account_records.view_all': true,
};

/** One account's setting: its owner (every permission), a category, a customer and a priced item. */
export interface Shop {
  accountId: string;
  owner: Caller;
  category: Json;
  /** "Acme Corp", tax 10 % and 2 %. */
  customer: Json;
  /** "Widget": price 12.5, cost 7.25, SKU W-1, a description. */
  widget: Json;
}

export interface ShopOptions {
  timezone?: string;
  settings?: Json;
}

export function expectError(res: Reply, status: number, code: string, param?: string): void {
  expect({ status: res.statusCode, ...res.json().error }).toMatchObject({
    status,
    code,
    ...(param ? { param } : {}),
  });
}

export const expectMissing = (res: Reply) => expectError(res, 404, 'resource_missing');

/** The reply's body when its status is `status`; otherwise fails saying what came instead. */
export async function ok(res: Reply | Promise<Reply>, status = 200): Promise<Json> {
  const reply = await res;
  if (reply.statusCode !== status)
    throw new Error(`expected ${status}, got ${reply.statusCode}: ${reply.body}`);
  return reply.json();
}

/** Requests against one app: `api(caller)('POST', url, body, headers)`. */
export function apiOf(app: NestFastifyApplication) {
  return (caller: Caller) =>
    as(app, caller) as (
      method: Method,
      url: string,
      payload?: unknown,
      headers?: Record<string, string>,
    ) => Promise<Reply>;
}

export async function openShop(app: NestFastifyApplication, options: ShopOptions = {}): Promise<Shop> {
  const accountId = await createAccount(app, {
    ...(options.timezone ? { timezone: options.timezone } : {}),
    ...(options.settings ? { settings: options.settings } : {}),
  });
  const owner = await createCaller(app, { accountId, name: 'Owner' });
  const api = apiOf(app)(owner);
  const category = await createCategory(app, owner, { name: 'Hardware' });
  const customer = await ok(
    api('POST', '/api/v3/customers', { name: 'Acme Corp', tax_rate: 10, tax_2_rate: 2 }),
    201,
  );
  const widget = await ok(
    api('POST', '/api/v3/items', {
      name: 'Widget',
      inventory_type: 'quantity',
      category_id: category.id,
      description: 'A small widget',
      sku: 'W-1',
      price: 12.5,
      cost: 7.25,
    }),
    201,
  );
  return { accountId, owner, category, customer, widget };
}

/** Another user of the shop's account. */
export function colleagueOf(app: NestFastifyApplication, shop: Shop, options: CallerOptions = {}) {
  return createCaller(app, { accountId: shop.accountId, ...options });
}

/** A create body: the shop's customer and two widgets, with `over` on top. */
export function estimateBody(shop: Shop, over: Json = {}): Json {
  return { customer_id: shop.customer.id, lines: [{ item_id: shop.widget.id, quantity: 2 }], ...over };
}

/** An item of the shop's category (as the owner unless `caller` is given). */
export function createItem(
  app: NestFastifyApplication,
  shop: Shop,
  body: Json = {},
  caller: Caller = shop.owner,
): Promise<Json> {
  return ok(
    apiOf(app)(caller)('POST', '/api/v3/items', {
      name: 'Gadget',
      inventory_type: 'quantity',
      category_id: shop.category.id,
      ...body,
    }),
    201,
  );
}

/** A customer of the shop's account. */
export function createCustomer(
  app: NestFastifyApplication,
  shop: Shop,
  body: Json = {},
  caller: Caller = shop.owner,
): Promise<Json> {
  return ok(apiOf(app)(caller)('POST', '/api/v3/customers', { name: 'Globex', ...body }), 201);
}

/** Changes the account's settings (merged) through the operator API. */
export async function setAccountSettings(
  app: NestFastifyApplication,
  accountId: string,
  settings: Json,
): Promise<void> {
  const res = await admin(app, 'PATCH', `/admin/v1/accounts/${accountId}`, { settings });
  if (res.statusCode !== 200) throw new Error(`PATCH account answered ${res.statusCode}: ${res.body}`);
}

/** The calendar day it is now in `timeZone`, YYYY-MM-DD. */
export function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** `days` calendar days after a YYYY-MM-DD day. */
export function plusDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
