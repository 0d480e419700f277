import { hasPermission, isPermission, PERMISSIONS } from './permissions';
import { hasScopes, isScope, SCOPES } from './scopes';

describe('permissions', () => {
  it('grants what is granted and denies what is denied', () => {
    expect(hasPermission({ 'estimates.list': true }, 'estimates.list')).toBe(true);
    expect(hasPermission({ 'estimates.list': false }, 'estimates.list')).toBe(false);
  });

  it('denies what is unset and has no fall-back', () => {
    expect(hasPermission({}, 'estimates.list')).toBe(false);
    expect(hasPermission({ 'estimates.modify': true }, 'estimates.delete')).toBe(false);
  });

  it('grants everything to "all"', () => {
    expect(PERMISSIONS.every((name) => hasPermission('all', name))).toBe(true);
  });

  it.each([
    'inventory.delete',
    'purchase_orders.access',
    'purchase_orders.view_all',
    'purchase_orders.modify',
    'purchase_orders.delete',
  ] as const)('lets unset %s fall back to inventory.modify, but never over an explicit denial', (name) => {
    expect(hasPermission({ 'inventory.modify': true }, name)).toBe(true);
    expect(hasPermission({ 'inventory.modify': false }, name)).toBe(false);
    expect(hasPermission({}, name)).toBe(false);
    expect(hasPermission({ 'inventory.modify': true, [name]: false }, name)).toBe(false);
    expect(hasPermission({ 'inventory.modify': false, [name]: true }, name)).toBe(true);
  });

  it('knows the 25 permission names of EXTENSIONS.md §3 and nothing else', () => {
    expect(PERMISSIONS).toHaveLength(25);
    expect(isPermission('account_records.view_all')).toBe(true);
    expect(isPermission('customers.manage')).toBe(false);
  });
});

describe('scopes', () => {
  it('knows the specified scopes and the additions', () => {
    for (const scope of [
      'estimates:convert_to_sales_order',
      'items:delete',
      'stock_transfers:receive',
      'contacts:write',
    ]) {
      expect(isScope(scope)).toBe(true);
    }
    for (const scope of ['invoices:delete', 'customers:delete', 'suppliers:read', 'audit:read']) {
      expect(isScope(scope)).toBe(true);
    }
    expect(isScope('customers:admin')).toBe(false);
    expect(new Set(SCOPES).size).toBe(SCOPES.length);
  });

  it('requires every scope an endpoint names', () => {
    expect(hasScopes(['customers:read', 'audit:read'], ['customers:read', 'audit:read'])).toBe(true);
    expect(hasScopes(['customers:read'], ['customers:read', 'audit:read'])).toBe(false);
  });
});
