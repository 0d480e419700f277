/** Every permission a user can be granted (EXTENSIONS.md §3). */
export const PERMISSIONS = [
  'estimates.list',
  'estimates.view_all',
  'estimates.modify',
  'estimates.delete',
  'invoices.list',
  'invoices.view_all',
  'invoices.modify',
  'invoices.apply_payments',
  'invoices.payment_list',
  'invoices.delete',
  'sales_orders.list',
  'sales_orders.view_all',
  'sales_orders.modify',
  'sales_orders.delete',
  'purchase_orders.access',
  'purchase_orders.view_all',
  'purchase_orders.modify',
  'purchase_orders.delete',
  'inventory.manage',
  'inventory.modify',
  'inventory.delete',
  'selling_prices.modify',
  'unit_cost.view',
  'account_records.manage',
  'account_records.view_all',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** `"all"`, or each permission granted (true), explicitly denied (false) or unset (absent). */
export type PermissionGrants = 'all' | Partial<Record<Permission, boolean>>;

const KNOWN: ReadonlySet<string> = new Set(PERMISSIONS);

export function isPermission(name: string): name is Permission {
  return KNOWN.has(name);
}

/**
 * Where an unset permission falls back: the dedicated purchase-order permissions and
 * `inventory.delete` fall back to `inventory.modify` (documents-api §4, inventory-api items).
 */
export const PERMISSION_FALLBACKS: Readonly<Partial<Record<Permission, Permission>>> = {
  'purchase_orders.access': 'inventory.modify',
  'purchase_orders.view_all': 'inventory.modify',
  'purchase_orders.modify': 'inventory.modify',
  'purchase_orders.delete': 'inventory.modify',
  'inventory.delete': 'inventory.modify',
};

/** Granted wins, an explicit denial always applies, unset follows the fall-back or means denied. */
export function hasPermission(grants: PermissionGrants, name: Permission): boolean {
  if (grants === 'all') return true;
  const own = grants[name];
  if (own !== undefined) return own;
  const fallback = PERMISSION_FALLBACKS[name];
  return fallback !== undefined && grants[fallback] === true;
}
