import Decimal from 'decimal.js';
import { DocumentLine } from '../document-lines';
import { lineQuantity } from '../document-lines/amounts';
import { optionalCalendarDate } from '../shared/dates';
import { conflict, DomainError, invalid, isDomainError, notFound, validation } from '../shared/domain-error';
import { optionalText } from '../shared/parsers';
import { isRecordId } from '../shared/record-id';
import { ActionBody, parseActionBody, webAddress } from './body';

/**
 * Packing lists of a sales document (a standalone invoice, a sales order): the same rules, told
 * apart by the document's codes and the key its packing-list lines name a line by.
 */
export type PackingRules<K extends string> = {
  /** `invoice`, `sales order`: used in messages. */
  noun: string;
  /** `invoice_line_id`, `sales_order_line_id`. */
  lineKey: K;
  /** 422 for an invalid pack body (`invalid_invoice_pack`). */
  invalidPackCode: string;
  /** 422 for a field a pack or its line does not take. */
  packFieldCode: string;
  /** 422 for a field a ship body does not take. */
  shipFieldCode: string;
  /** 409 when the document cannot be packed now, or a quantity is no longer left. */
  packNotAllowedCode: string;
  /** 409 when a named line has nothing left to pack. */
  lineAlreadyPackedCode: string;
  /** 409 when the packing list is already shipped. */
  shipNotAllowedCode: string;
};

export const MAX_PACK_LINES = 100;

/** A packing list as its document keeps it: packed, then shipped. */
export type PackingList<K extends string> = {
  id: string;
  packing_list_number: number;
  /** Historical snapshot of what was packed, unchanged by later line edits. */
  lines: ({ [key in K]: string } & { quantity: string })[];
  shipped_date: string | null;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  estimated_delivery_date: string | null;
  created_at: string;
  updated_at: string;
};

export type Shipment = Pick<
  PackingList<string>,
  'shipped_date' | 'carrier' | 'tracking_number' | 'tracking_url' | 'estimated_delivery_date'
>;

/** A line's quantity on the packing lists (`shipped`: on shipped ones only). */
export function quantityOnPackingLists<K extends string>(
  packingLists: readonly PackingList<K>[],
  lineKey: K,
  lineId: string,
  shipped = false,
): Decimal {
  return packingLists
    .filter((f) => !shipped || f.shipped_date !== null)
    .flatMap((f) => f.lines)
    .filter((entry) => entry[lineKey] === lineId)
    .reduce((sum, entry) => sum.plus(entry.quantity), new Decimal(0));
}

/** Lines a packing list may name: inventory lines, and service lines when the account packs them. */
export function packableDocumentLines(
  lines: readonly DocumentLine[],
  packServiceLines: boolean,
): DocumentLine[] {
  return lines.filter(
    (line) => line.line_type === 'inventory' || (line.line_type === 'service' && packServiceLines),
  );
}

/** A line's quantity less what its packing lists hold. */
export function remainingToPack<K extends string>(
  line: DocumentLine,
  packingLists: readonly PackingList<K>[],
  lineKey: K,
): Decimal {
  return new Decimal(line.quantity).minus(quantityOnPackingLists(packingLists, lineKey, line.id as string));
}

/** Whether a packable line of the document has anything left to pack. */
export function anythingLeftToPack<K extends string>(
  rules: PackingRules<K>,
  document: { lines: readonly DocumentLine[]; fulfillments: readonly PackingList<K>[] },
  packServiceLines: boolean,
): boolean {
  return packableDocumentLines(document.lines, packServiceLines).some((line) =>
    remainingToPack(line, document.fulfillments, rules.lineKey).greaterThan(0),
  );
}

type PackEntry = { id: string; quantity: string };

/**
 * The lines of a new packing list, checked against the body alone and the document's lines:
 * only `lines`, 1 to 100 entries `{id, quantity}`, each line once, each one packable and its
 * quantity within the line's (422).
 */
export function packingListLines<K extends string>(
  rules: PackingRules<K>,
  body: ActionBody,
  lines: readonly DocumentLine[],
  packServiceLines: boolean,
): PackingList<K>['lines'] | DomainError {
  const entries = packEntries(rules, body);
  if (isDomainError(entries)) return entries;
  const packed: PackingList<K>['lines'] = [];
  for (const [index, entry] of entries.entries()) {
    const line = lines.find((l) => l.id === entry.id);
    const refusal = unpackable(rules, line, index, packServiceLines);
    if (refusal) return refusal;
    if (new Decimal(entry.quantity).greaterThan(line!.quantity))
      return validation(
        rules.invalidPackCode,
        `lines.${index}.quantity`,
        `The line has only ${line!.quantity} to pack.`,
      );
    packed.push({ [rules.lineKey]: entry.id, quantity: entry.quantity } as PackingList<K>['lines'][number]);
  }
  return packed;
}

/**
 * Each line's quantity within what is left to pack on the document's current state, so
 * concurrent packs serialise on its stream and cannot overpack (409).
 */
export function overpacked<K extends string>(
  rules: PackingRules<K>,
  packed: PackingList<K>['lines'],
  lines: readonly DocumentLine[],
  packingLists: readonly PackingList<K>[],
): DomainError | undefined {
  for (const entry of packed) {
    const line = lines.find((l) => l.id === entry[rules.lineKey])!;
    const left = remainingToPack(line, packingLists, rules.lineKey);
    if (!left.greaterThan(0))
      return conflict(rules.lineAlreadyPackedCode, `Line ${line.id} is already fully packed.`);
    if (new Decimal(entry.quantity).greaterThan(left))
      return conflict(rules.packNotAllowedCode, `Only ${left.toFixed()} of line ${line.id} is left to pack.`);
  }
  return undefined;
}

/**
 * A new packing list of a document, or why not: its lines checked against the body (422), then
 * the document's own refusal (`closed`: a cancelled invoice, a closed order), the account's
 * setting, and what is left to pack (409).
 */
export function packDocument<K extends string>(
  rules: PackingRules<K>,
  document: { lines: readonly DocumentLine[]; fulfillments: readonly PackingList<K>[] },
  command: { input: ActionBody; fulfillment_id: string; packing_list_number: number },
  context: { packServiceLines: boolean; packingListsEnabled: boolean; now: string },
  closed: string | null,
): Omit<PackingList<K>, 'updated_at'> | DomainError {
  const lines = packingListLines(rules, command.input, document.lines, context.packServiceLines);
  if (isDomainError(lines)) return lines;
  if (closed !== null) return conflict(rules.packNotAllowedCode, closed);
  if (!context.packingListsEnabled)
    return conflict(rules.packNotAllowedCode, 'Packing lists are turned off for this account.');
  const refusal = overpacked(rules, lines, document.lines, document.fulfillments);
  if (refusal) return refusal;
  return newPackingList(command.fulfillment_id, command.packing_list_number, lines, context.now);
}

/**
 * A pack decided before its packing-list number was drawn (so that a refusal consumes none),
 * given the number drawn for it: the `packedType` event's packing list takes it.
 */
export function numberedPacking<E extends { type: string; data: object }>(
  events: E[],
  packedType: E['type'],
  packingListNumber: number,
): E[] {
  return events.map((event) => {
    if (event.type !== packedType) return event;
    const { fulfillment } = event.data as { fulfillment: object };
    return {
      ...event,
      data: { ...event.data, fulfillment: { ...fulfillment, packing_list_number: packingListNumber } },
    };
  });
}

/** A new, unshipped packing list. */
export function newPackingList<K extends string>(
  id: string,
  packingListNumber: number,
  lines: PackingList<K>['lines'],
  now: string,
): Omit<PackingList<K>, 'updated_at'> {
  return {
    id,
    packing_list_number: packingListNumber,
    lines,
    shipped_date: null,
    carrier: null,
    tracking_number: null,
    tracking_url: null,
    estimated_delivery_date: null,
    created_at: now,
  };
}

/**
 * What a packing list shows after its document's id and number (documents-api §2): status, units,
 * shipment, carrier tracking not kept (null), the lines named by `lineKey`.
 */
export function packingListView<K extends string>(packingList: PackingList<K>, lineKey: K) {
  const units = packingList.lines.reduce((sum, entry) => sum.plus(entry.quantity), new Decimal(0));
  return {
    packing_list_number: packingList.packing_list_number,
    status: packingList.shipped_date === null ? ('packed' as const) : ('shipped' as const),
    units_packed: units.toNumber(),
    shipped_date: packingList.shipped_date,
    carrier: packingList.carrier,
    tracking_number: packingList.tracking_number,
    tracking_url: packingList.tracking_url,
    tracking_status: null,
    tracking_status_details: null,
    estimated_delivery_date: packingList.estimated_delivery_date,
    tracking_updated_at: null,
    lines: packingList.lines.map(
      (entry) => ({ [lineKey]: entry[lineKey], quantity: Number(entry.quantity) }) as PackingListLineView<K>,
    ),
    created_at: packingList.created_at,
    updated_at: packingList.updated_at,
  };
}

/** A packing-list line as shown: the document line it packed and how many. */
export type PackingListLineView<K extends string> = { [key in K]: string } & { quantity: number };

function packEntries<K extends string>(rules: PackingRules<K>, body: ActionBody): PackEntry[] | DomainError {
  const code = rules.invalidPackCode;
  const extra = Object.keys(body).find((key) => key !== 'lines');
  if (extra !== undefined)
    return validation(rules.packFieldCode, extra, `A pack takes only lines, not ${extra}.`);
  const { lines } = body;
  if (!Array.isArray(lines) || lines.length === 0 || lines.length > MAX_PACK_LINES)
    return validation(code, 'lines', `lines must hold 1 to ${MAX_PACK_LINES} entries {id, quantity}.`);
  const entries: PackEntry[] = [];
  const quantity = lineQuantity();
  for (const [index, entry] of lines.entries()) {
    const at = `lines.${index}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      return validation(code, at, `${at} must be an object {id, quantity}.`);
    const { id, quantity: given, ...rest } = entry as Record<string, unknown>;
    const other = Object.keys(rest)[0];
    if (other !== undefined)
      return validation(rules.packFieldCode, `${at}.${other}`, `A pack line takes only id and quantity.`);
    if (!isRecordId(id))
      return validation(code, `${at}.id`, `${at}.id must be the id of ${article(rules.noun)} line.`);
    if (entries.some((e) => e.id === id.toLowerCase()))
      return validation(code, `${at}.id`, `Line ${id} is named twice.`);
    const parsed = quantity(given, `${at}.quantity`);
    if (isDomainError(parsed)) return validation(code, `${at}.quantity`, parsed.message);
    entries.push({ id: id.toLowerCase(), quantity: parsed });
  }
  return entries;
}

function article(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

function unpackable<K extends string>(
  rules: PackingRules<K>,
  line: DocumentLine | undefined,
  index: number,
  packServiceLines: boolean,
): DomainError | undefined {
  const param = `lines.${index}.id`;
  const code = rules.invalidPackCode;
  if (!line) return validation(code, param, `No such line on this ${rules.noun}.`);
  if (line.line_type === 'discount') return validation(code, param, 'A discount line is never packed.');
  if (line.line_type === 'service' && !packServiceLines)
    return validation(code, param, 'Service lines are packed only with packing_list_service_items on.');
  return undefined;
}

const SHIP_PARSERS = {
  shipped_date: optionalCalendarDate(),
  carrier: optionalText(60),
  tracking_number: optionalText(60),
  tracking_url: webAddress(250),
  estimated_delivery_date: optionalCalendarDate(),
};

/**
 * What shipping the document's packing list `fulfillment_id` records: 404 when the document has
 * none such, then the document's own `refusal` if any, then the shipment the body gives.
 */
export function shippedPackingList<K extends string>(
  rules: PackingRules<K>,
  packingLists: readonly PackingList<K>[],
  command: { fulfillment_id: string; input: ActionBody },
  context: { today: string; now: string },
  refusal?: DomainError,
): ({ fulfillment_id: string } & Shipment & { shipped_at: string }) | DomainError {
  const packingList = packingLists.find((f) => f.id === command.fulfillment_id);
  if (!packingList) return notFound(`No such packing list on this ${rules.noun}.`);
  if (refusal) return refusal;
  const shipped = shipment(rules, packingList, command.input, context.today);
  if (isDomainError(shipped)) return shipped;
  return { fulfillment_id: packingList.id, ...shipped, shipped_at: context.now };
}

/**
 * The shipment of an unshipped packing list: the shipped date (today by default), the carrier
 * and tracking details given, an estimated delivery not before the shipped date.
 */
export function shipment<K extends string>(
  rules: PackingRules<K>,
  packingList: PackingList<K>,
  body: ActionBody,
  today: string,
): Shipment | DomainError {
  const parsed = parseActionBody(body, SHIP_PARSERS, [], rules.shipFieldCode);
  if (isDomainError(parsed)) return parsed;
  const shippedDate = parsed.shipped_date ?? today;
  const delivery = parsed.estimated_delivery_date ?? null;
  if (delivery !== null && delivery < shippedDate)
    return invalid('estimated_delivery_date', 'estimated_delivery_date cannot precede shipped_date.');
  if (packingList.shipped_date !== null)
    return conflict(rules.shipNotAllowedCode, 'This packing list is already shipped.');
  return {
    shipped_date: shippedDate,
    carrier: parsed.carrier ?? null,
    tracking_number: parsed.tracking_number ?? null,
    tracking_url: parsed.tracking_url ?? null,
    estimated_delivery_date: delivery,
  };
}

/** The document with a new packing list (its pack event's), last updated when it was packed. */
export function withPackingList<K extends string, R extends { fulfillments: PackingList<K>[] }>(
  record: R,
  packingList: Omit<PackingList<K>, 'updated_at'>,
): R {
  const added = { ...packingList, updated_at: packingList.created_at } as PackingList<K>;
  return { ...record, fulfillments: [...record.fulfillments, added] };
}

/**
 * The document with its packing list `fulfillment_id` shipped as a ship event records it; the
 * event's progress is the document's, not the list's.
 */
export function withShipment<K extends string, R extends { fulfillments: PackingList<K>[] }>(
  record: R,
  shipped: Shipment & {
    fulfillment_id: string;
    shipped_at: string;
    packed_percent?: unknown;
    shipped_percent?: unknown;
  },
): R {
  const { fulfillment_id, shipped_at, packed_percent: _p, shipped_percent: _s, ...shipping } = shipped;
  return {
    ...record,
    fulfillments: record.fulfillments.map((f) =>
      f.id === fulfillment_id ? { ...f, ...shipping, updated_at: shipped_at } : f,
    ),
  };
}

/** A pack: `packing_list_number` is drawn by the handler once the pack is accepted (0 while deciding). */
export type PackCommand<T extends string> = {
  type: T;
  fulfillment_id: string;
  packing_list_number: number;
  input: ActionBody;
};

/** The shipping of the document's packing list `fulfillment_id`. */
export type ShipCommand<T extends string> = { type: T; fulfillment_id: string; input: ActionBody };
