import { DomainError, invalid } from '../shared/domain-error';
import { isPermission, PermissionGrants } from '../shared/permissions';

/** `"all"`, or an object naming known permissions, each true (granted) or false (denied). */
export function parsePermissions(value: unknown, param = 'permissions'): PermissionGrants | DomainError {
  if (value === 'all') return 'all';
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return invalid(param, `${param} must be "all" or an object of permission names to true or false.`);
  const grants: Record<string, boolean> = {};
  for (const [name, granted] of Object.entries(value)) {
    if (!isPermission(name)) return invalid(`${param}.${name}`, `${name} is not a permission.`);
    if (typeof granted !== 'boolean') return invalid(`${param}.${name}`, `${name} must be true or false.`);
    grants[name] = granted;
  }
  return grants;
}
