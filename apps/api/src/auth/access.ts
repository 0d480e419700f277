import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '../openapi/decorators';
import { Permission, Scope } from '@app/domain';
import { AccessGuard } from './access.guard';

export const ACCESS = Symbol('access');

/** What an endpoint demands of the key (scopes) and of its user (a permission, with fall-backs). */
export interface AccessRule {
  scopes: readonly Scope[];
  permission?: Permission;
}

/**
 * The one way an /api/v3 endpoint states who may call it: a Bearer key carrying every scope named
 * (else 403 `insufficient_scope`) whose user holds the permission (else 403 `permission_denied`).
 * On a controller it covers every handler; on a handler it replaces the controller's rule.
 */
export function Access(scopes: Scope | readonly Scope[], permission?: Permission) {
  const rule: AccessRule = { scopes: typeof scopes === 'string' ? [scopes] : scopes, permission };
  return applyDecorators(
    SetMetadata(ACCESS, rule),
    UseGuards(AccessGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'authentication_required' }),
    ApiForbiddenResponse({ description: 'insufficient_scope or permission_denied' }),
  );
}

/** The inventory catalogue's rules (items, categories, locations, attributes): read, change, delete. */
export const CATALOGUE_ACCESS = {
  read: ['items:read'],
  write: ['items:write', 'inventory.modify'],
  delete: ['items:delete', 'inventory.delete'],
} as const;
