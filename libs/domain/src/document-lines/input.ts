import { DomainError, invalid, isDomainError, validation } from '../shared/domain-error';
import { integerId, nullable, optionalText, Parser, percentage } from '../shared/parsers';
import { lineQuantity, moneyAmount } from './amounts';
import { LineRules } from './rules';
import { isRecordId } from '../shared/record-id';

/**
 * One line as the client sent it, checked field by field. An absent field stays absent: a new
 * line takes its default, a kept line (one naming its `id`) its stored value.
 */
export type LineInput = {
  id?: string;
  /** null: a service line, also for a kept inventory line. */
  item_id?: string | null;
  item_variation_location_id?: number | null;
  name?: string | null;
  description?: string | null;
  quantity?: string;
  /** The price or cost per unit (`unit_price`, or `unit_cost` on purchase orders), four decimals. */
  unit_price?: string;
  tax_rate?: string;
  tax_2_rate?: string;
};

const MAX_DESCRIPTION = 10_000;

/** A record id: anything else names no record, and must never reach a `uuid` column. */
function uuid(what: string): Parser<string> {
  return (value, param) =>
    isRecordId(value) ? value.toLowerCase() : invalid(param, `${param} must be the id of ${what}.`);
}

const FIELDS = {
  id: uuid('a line of this document'),
  item_id: nullable(uuid('an active inventory item')),
  item_variation_location_id: nullable(integerId()),
  name: optionalText(),
  description: optionalText(MAX_DESCRIPTION),
  quantity: lineQuantity(),
  unit_price: moneyAmount(),
  tax_rate: percentage(),
  tax_2_rate: percentage(),
};

/** The line keys a document type takes: the price arrives as `unit_price` or `unit_cost`. */
function inputKey(field: keyof typeof FIELDS, rules: LineRules): string {
  return field === 'unit_price' ? rules.priceField : field;
}

/**
 * The body's `lines`: 1 to `rules.maxLines` objects of the shared line fields, each id once.
 * Refusals name the field (`lines.3.quantity`); a key a line does not take is `rules.unsupportedCode`.
 */
export function parseLineInputs(value: unknown, rules: LineRules): LineInput[] | DomainError {
  const param = rules.field;
  if (!Array.isArray(value)) return invalid(param, `${param} must be an array of lines.`);
  if (value.length < 1 || value.length > rules.maxLines)
    return invalid(param, `${param} must have 1 to ${rules.maxLines} lines.`);
  const keys = (Object.keys(FIELDS) as (keyof typeof FIELDS)[]).map((field) => inputKey(field, rules));
  const lines: LineInput[] = [];
  const ids = new Set<string>();
  for (const [index, entry] of value.entries()) {
    const at = `${param}.${index}`;
    const line = parseLineInput(entry, at, rules, keys);
    if (isDomainError(line)) return line;
    if (line.id !== undefined && ids.has(line.id))
      return invalid(`${at}.id`, `${param} names the line ${line.id} twice.`);
    if (line.id !== undefined) ids.add(line.id);
    lines.push(line);
  }
  return lines;
}

/** `keys`: the line keys the document type takes (`inputKey` of every field), worked out once a body. */
function parseLineInput(
  entry: unknown,
  at: string,
  rules: LineRules,
  keys: readonly string[],
): LineInput | DomainError {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return invalid(at, `${at} must be an object.`);
  const values = entry as Record<string, unknown>;
  const unsupported = Object.keys(values).find((key) => !keys.includes(key));
  if (unsupported !== undefined)
    return validation(rules.unsupportedCode, `${at}.${unsupported}`, `A line does not take ${unsupported}.`);
  const line: Record<string, unknown> = {};
  for (const field of Object.keys(FIELDS) as (keyof typeof FIELDS)[]) {
    const key = inputKey(field, rules);
    if (values[key] === undefined) continue;
    const parsed = (FIELDS[field] as Parser<unknown>)(values[key], `${at}.${key}`);
    if (isDomainError(parsed)) return parsed;
    line[field] = parsed;
  }
  return line as LineInput;
}
