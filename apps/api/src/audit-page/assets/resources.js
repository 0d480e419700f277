// The records the page opens: each has GET /api/v3/{path}/{id}, …/history and …/events.
export const RESOURCES = [
  { path: 'invoices', label: 'Invoice', number: 'invoice_number' },
  { path: 'estimates', label: 'Estimate', number: 'estimate_number' },
  { path: 'sales-orders', label: 'Sales order', number: 'sales_order_number' },
  { path: 'purchase-orders', label: 'Purchase order', number: 'purchase_order_number' },
  { path: 'stock-transfers', label: 'Stock transfer', number: 'stock_transfer_number' },
  { path: 'items', label: 'Item', number: 'item_number' },
  { path: 'customers', label: 'Customer' },
  { path: 'suppliers', label: 'Supplier' },
  { path: 'contacts', label: 'Contact' },
  { path: 'locations', label: 'Location' },
  { path: 'item-categories', label: 'Item category' },
];

export const resourceAt = (path) => RESOURCES.find((resource) => resource.path === path);

/** Which resource a linking field names: `customer_id` → customers, `origin_location` → locations. */
const LINK_FIELDS = [
  [/^(source_)?estimate(_id)?$/, 'estimates'],
  [/^invoice(_id|_ids)?$|^invoices$/, 'invoices'],
  [/^(source_|fulfillment_)?sales_order(_id)?$/, 'sales-orders'],
  [/^purchase_order(_id)?$/, 'purchase-orders'],
  [/^(stock_)?transfer(_id)?$|^stock_transfer_id$/, 'stock-transfers'],
  [/^item(_id)?$/, 'items'],
  [/^customer(_id)?$/, 'customers'],
  [/^supplier(_id)?$/, 'suppliers'],
  [/^contact(_id)?$/, 'contacts'],
  [/^(origin_|destination_)?location(_id)?$/, 'locations'],
  [/^(item_)?category(_id)?$/, 'item-categories'],
];

/** The `object` names of the records, for nested `{object, id}` values and conversions' targets. */
const OBJECTS = {
  invoice: 'invoices',
  estimate: 'estimates',
  sales_order: 'sales-orders',
  purchase_order: 'purchase-orders',
  stock_transfer: 'stock-transfers',
  item: 'items',
  customer: 'customers',
  supplier: 'suppliers',
  contact: 'contacts',
  location: 'locations',
  item_category: 'item-categories',
};

export const resourceOfField = (field) => LINK_FIELDS.find(([pattern]) => pattern.test(field))?.[1];
export const resourceOfObject = (object) => OBJECTS[object];
