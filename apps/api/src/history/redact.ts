import { Permission } from '@app/domain';
import { JsonObject } from '@app/event-store';
import { Actor, can } from '../auth/actor';

/**
 * An event's data without `fields` (at its top and in its `changes`) for an actor lacking
 * `permission`: the history must not show what the record's own endpoints hide (unit costs
 * without `unit_cost.view`).
 */
export function hideUnless(permission: Permission, fields: readonly string[]) {
  return (data: JsonObject, actor: Actor): JsonObject => {
    if (can(actor, permission)) return data;
    const shown = without(data, fields);
    const changes = data.changes;
    if (typeof changes === 'object' && changes !== null && !Array.isArray(changes))
      shown.changes = without(changes as JsonObject, fields);
    return shown;
  };
}

function without(object: JsonObject, fields: readonly string[]): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !fields.includes(key)));
}

const hideShippingCost = hideUnless('unit_cost.view', ['shipping_cost']);

/**
 * A sales document's event data without `unit_cost.view`: no shipping cost, and no unit or total
 * cost on its lines (events and past views alike).
 */
export function redactDocumentCosts(data: JsonObject, actor: Actor): JsonObject {
  if (can(actor, 'unit_cost.view')) return data;
  const shown = hideShippingCost(data, actor);
  if (!Array.isArray(shown.lines)) return shown;
  const lines = shown.lines.map((line) => {
    const { unit_cost: _cost, total_cost: _total, ...rest } = line as JsonObject;
    return rest;
  });
  return { ...shown, lines };
}
