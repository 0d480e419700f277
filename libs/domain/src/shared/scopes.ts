/**
 * Every scope a key can carry: documents-api §5, the inventory document's `items:*`,
 * `stock_transfers:*` and `contacts:*`, and the additions of EXTENSIONS.md §3.
 */
export const SCOPES = [
  'estimates:read',
  'estimates:write',
  'estimates:convert',
  'estimates:convert_to_sales_order',
  'estimates:decline',
  'estimates:delete',
  'invoices:read',
  'invoices:write',
  'invoices:payments',
  'invoices:refunds',
  'invoices:dispatch',
  'invoices:cancel',
  'invoices:pack',
  'invoices:ship',
  'invoices:delete',
  'sales_orders:read',
  'sales_orders:write',
  'sales_orders:delete',
  'sales_orders:pack',
  'sales_orders:ship',
  'sales_orders:invoice',
  'purchase_orders:read',
  'purchase_orders:write',
  'purchase_orders:send',
  'purchase_orders:receive',
  'purchase_orders:payments',
  'purchase_orders:delete',
  'items:read',
  'items:write',
  'items:delete',
  'stock_transfers:read',
  'stock_transfers:write',
  'stock_transfers:send',
  'stock_transfers:receive',
  'stock_transfers:delete',
  'contacts:read',
  'contacts:write',
  'contacts:delete',
  'customers:read',
  'customers:write',
  'customers:delete',
  'suppliers:read',
  'suppliers:write',
  'suppliers:delete',
  'audit:read',
  'webhooks:read',
  'webhooks:write',
] as const;

export type Scope = (typeof SCOPES)[number];

const KNOWN: ReadonlySet<string> = new Set(SCOPES);

export function isScope(name: string): name is Scope {
  return KNOWN.has(name);
}

/** A key may act only with every scope the endpoint names. */
export function hasScopes(granted: readonly string[], required: readonly Scope[]): boolean {
  return required.every((scope) => granted.includes(scope));
}
