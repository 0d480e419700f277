import { Clock, Decision } from '../shared/decision';
import { conflict, DomainError, isDomainError } from '../shared/domain-error';
import { changedFields, isEmpty, requireFields } from '../shared/fields';
import { optionalText, requiredText } from '../shared/parsers';
import { liveRecordIn } from '../shared/record-state';
import {
  CreateVariationAttribute,
  UpdateVariationAttribute,
  VariationAttributeCommand,
  VariationAttributeInput,
} from './commands';
import { VariationAttributeEvent } from './events';
import { VariationAttributeState, VariationAttributeValue } from './state';
import { parseValues } from './values-input';
import { alreadyCreated } from '../shared/recorded';

/** What a decision reads besides command and state; the handler looks it up. */
export type VariationAttributeContext = Clock & {
  accountId: string;
  /** The names of the account's other attributes: names are unique, whatever their case. */
  otherNames: readonly string[];
  /** For an update: the ids of this attribute's values that variations use (they cannot be removed). */
  valuesInUse?: readonly string[];
};

const NAME = requiredText();
const DISPLAY_NAME = optionalText();

export function decideVariationAttribute(
  command: VariationAttributeCommand,
  state: VariationAttributeState,
  context: VariationAttributeContext,
): Decision<VariationAttributeEvent> {
  return command.type === 'CreateVariationAttribute'
    ? create(command, state, context)
    : update(command, state, context);
}

function create(
  { id, input, new_value_ids }: CreateVariationAttribute,
  state: VariationAttributeState,
  context: VariationAttributeContext,
): Decision<VariationAttributeEvent> {
  const exists = alreadyCreated(state, 'attribute');
  if (exists) return exists;
  const missing = requireFields(input, ['name', 'values']);
  if (missing) return missing;
  const names = parseNames(input, undefined, context);
  if (isDomainError(names)) return names;
  const values = parseValues(input.values, [], new_value_ids);
  if (isDomainError(values)) return values;
  const { name, display_name } = names as { name: string; display_name: string };
  const data = { id, account_id: context.accountId, name, display_name, values, created_at: context.now };
  return [{ type: 'VariationAttributeCreated', data }];
}

function update(
  { input, new_value_ids }: UpdateVariationAttribute,
  state: VariationAttributeState,
  context: VariationAttributeContext,
): Decision<VariationAttributeEvent> {
  const attribute = liveRecordIn(state, context.accountId);
  if (isDomainError(attribute)) return attribute;
  const names = parseNames(input, attribute, context);
  if (isDomainError(names)) return names;
  let values: VariationAttributeValue[] | undefined;
  if (input.values !== undefined) {
    const parsed = parseValues(input.values, attribute.values, new_value_ids);
    if (isDomainError(parsed)) return parsed;
    const refusal = removalRefusal(attribute.values, parsed, context);
    if (refusal) return refusal;
    values = parsed;
  }
  const changes = changedFields(attribute, { ...names, values });
  return isEmpty(changes)
    ? []
    : [{ type: 'VariationAttributeUpdated', data: { changes, updated_at: context.now } }];
}

/**
 * `name` (required on create) and `display_name` (blank or null: the name). On an update a new name
 * without a display name leaves the display name alone.
 */
function parseNames(
  input: VariationAttributeInput,
  current: { name: string; display_name: string } | undefined,
  context: VariationAttributeContext,
): { name?: string; display_name?: string } | DomainError {
  const names: { name?: string; display_name?: string } = {};
  if (input.name !== undefined) {
    const name = NAME(input.name, 'name');
    if (isDomainError(name)) return name;
    names.name = name.trim();
    const folded = names.name.toLowerCase();
    if (context.otherNames.some((other) => other.trim().toLowerCase() === folded))
      return conflict('duplicate_variation_attribute', `An attribute named "${names.name}" already exists.`);
  }
  if (input.display_name !== undefined || current === undefined) {
    const display = DISPLAY_NAME(input.display_name ?? null, 'display_name');
    if (isDomainError(display)) return display;
    names.display_name = display?.trim() ?? names.name ?? current?.name;
  }
  return names;
}

/** A value a variation uses must stay: the variation would lose its description. */
function removalRefusal(
  current: readonly VariationAttributeValue[],
  next: readonly VariationAttributeValue[],
  context: VariationAttributeContext,
): DomainError | undefined {
  const kept = new Set(next.map((v) => v.id));
  const removed = current.filter((v) => !kept.has(v.id));
  if (removed.length === 0) return undefined;
  if (context.valuesInUse === undefined)
    throw new TypeError('The handler must look up the values in use before removing values');
  const used = removed.find((v) => context.valuesInUse!.includes(v.id));
  return used
    ? conflict(
        'variation_attribute_value_in_use',
        `The value "${used.value}" is used by a variation and cannot be removed.`,
      )
    : undefined;
}
