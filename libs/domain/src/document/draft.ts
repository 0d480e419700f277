import { buildLines, calculateDocument, DocumentLine, LineDraft, parseLineInputs } from '../document-lines';
import { DomainError, invalid, isDomainError, permissionDenied, validation } from '../shared/domain-error';
import { changedFields, isEmpty, parseFields, sameValue } from '../shared/fields';
import { DocumentContext } from './context';
import {
  customerFields,
  DocumentCustomer,
  DocumentCustomerFields,
  namedParty,
  partyChangeOf,
  partyRoleOf,
} from './customer';
import { DocumentHeaderFields, EMPTY_HEADER } from './fields';
import { DocumentInput, DocumentKind } from './kind';
import { DocumentAmounts } from './amounts';

/** What the shared drafting reads of a document type's own fields: its charges and custom fields. */
export type DraftedFields = Pick<
  DocumentHeaderFields,
  'discount_percent' | 'shipping_fee' | 'custom_field_values'
>;

/** What the shared drafting reads of a stored document: its lines and totals (and its party, through the role). */
export type DraftedRecord = { lines: DocumentLine[]; totals: DocumentAmounts };

/** The given fields of a body, parsed (PATCH semantics: absent stays absent). */
export type GivenFields = Partial<Record<string, unknown>>;

/** A document's own check of its assembled fields (an estimate's expiry date); undefined accepts. */
export type FieldsCheck<F> = (fields: F, given: GivenFields) => DomainError | undefined;

/** A new document as its create body makes it. */
export type NewDocument<F> = {
  customer: DocumentCustomer;
  fields: F;
  lines: DocumentLine[];
  totals: DocumentAmounts;
};

/** What an update changes: only the fields that differ, the lines and totals when they changed. */
export type DocumentChange<F, P = DocumentCustomerFields> = {
  changes: Partial<F & P>;
  lines?: DocumentLine[];
  totals?: DocumentAmounts;
};

/**
 * A new document's header: the type's `defaults` under what the body gives; unless given, the
 * issue date today and the payment terms: a purchase order's the supplier's, else the account's;
 * a sales document's the account's default (documents-api §4, "account default when omitted").
 */
export function newDocumentHeader<F>(
  defaults: object,
  given: GivenFields,
  party: DocumentCustomer | null,
  context: Pick<DocumentContext, 'defaultPaymentTerms' | 'today'>,
): F {
  return {
    ...defaults,
    ...given,
    payment_terms:
      given.payment_terms !== undefined
        ? (given.payment_terms as string | null)
        : (party?.payment_terms ?? context.defaultPaymentTerms),
    issue_date: (given.issue_date as string | undefined) ?? context.today,
  } as F;
}

/** A sales document's header: the empty header and the type's own `defaults`, under what the body gives. */
export function salesDocumentHeader<F>(
  defaults: object,
  context: Pick<DocumentContext, 'defaultPaymentTerms' | 'today'>,
): (given: GivenFields, customer: DocumentCustomer) => F {
  // The customer's own terms are not a sales document's default: the account's are.
  return (given) => newDocumentHeader<F>({ ...EMPTY_HEADER, ...defaults }, given, null, context);
}

/** What every sales document's creation event records: the drafted document, by and for whom, when. */
export function newDocumentData<F, A extends DocumentAmounts = DocumentAmounts>(
  id: string,
  drafted: NewDocument<F>,
  context: Pick<DocumentContext, 'accountId' | 'userId' | 'now'>,
) {
  return {
    id,
    account_id: context.accountId,
    salesperson_id: context.userId,
    ...customerFields(drafted.customer),
    ...drafted.fields,
    lines: drafted.lines,
    totals: drafted.totals as A,
    created_at: context.now,
  };
}

/**
 * A new document: the customer it names, its header (`header` fills the type's defaults around
 * what the body gives), its lines built and calculated.
 */
export function draftNewDocument<F extends DraftedFields>(
  kind: DocumentKind,
  input: DocumentInput,
  context: DocumentContext,
  header: (given: GivenFields, customer: DocumentCustomer) => F,
  check?: FieldsCheck<F>,
): NewDocument<F> | DomainError {
  const refusal = unsupportedField(kind, input) ?? requiredOnCreate(kind, input);
  if (refusal) return refusal;
  const customer = namedParty(input[partyRoleOf(kind).field], partyRoleOf(kind), context);
  if (isDomainError(customer)) return customer;
  const given = givenFields(kind, input, context);
  if (isDomainError(given)) return given;
  const fields = header(given, customer);
  const checked = check?.(fields, given);
  if (checked) return checked;
  const drafts = draftLines(kind, input.lines, customer, new Map(), false, context);
  if (isDomainError(drafts)) return drafts;
  return { customer, fields, ...calculated(kind, drafts, fields, null, context) };
}

/**
 * A PATCH of a document: given fields over the stored ones; `lines`, when given, replace the
 * non-discount lines (an id keeps that line, none adds one, omitted ones are removed). Null when
 * nothing would change.
 */
export function draftDocumentChange<
  F extends DraftedFields,
  R extends DraftedRecord & F,
  P = DocumentCustomerFields,
>(
  kind: DocumentKind,
  document: R,
  fieldsOf: (document: R) => F,
  input: DocumentInput,
  context: DocumentContext,
  check?: FieldsCheck<F>,
): DocumentChange<F, P> | null | DomainError {
  const refusal = unsupportedField(kind, input);
  if (refusal) return refusal;
  const role = partyRoleOf(kind);
  const customerChange = partyChangeOf(document, input, role, context);
  if (isDomainError(customerChange)) return customerChange;
  const given = givenFields(kind, input, context);
  if (isDomainError(given)) return given;
  const stored = fieldsOf(document);
  const fields = { ...stored, ...given } as F;
  const checked = check?.(fields, given);
  if (checked) return checked;
  const customer = customerChange ?? context.customers.get(role.idOf(document)) ?? role.stored(document);
  const kept = new Map(document.lines.map((line) => [line.id as string, line as LineDraft]));
  const drafts =
    input.lines === undefined
      ? document.lines.filter((line) => line.line_type !== 'discount')
      : draftLines(kind, input.lines, customer, kept, customerChange !== undefined, context);
  if (isDomainError(drafts)) return drafts;
  const { lines, totals } = calculated(kind, drafts, fields, discountLineId(document.lines), context);
  const changes = changedFields<F & P>(
    { ...stored, ...role.fieldsOf(role.stored(document)) } as F & P,
    { ...given, ...(customerChange ? role.fieldsOf(customerChange) : {}) } as Partial<F & P>,
  );
  const linesChanged = !sameValue(lines, document.lines);
  const totalsChanged = !sameValue(totals, document.totals);
  if (isEmpty(changes) && !linesChanged && !totalsChanged) return null;
  return { changes, ...(linesChanged ? { lines } : {}), ...(totalsChanged ? { totals } : {}) };
}

/** Unknown and protected fields alike (number, status, totals, timestamps …). */
function unsupportedField(kind: DocumentKind, input: DocumentInput): DomainError | undefined {
  const key = Object.keys(input).find((name) => !kind.inputFields.includes(name));
  return key === undefined
    ? undefined
    : validation(kind.unsupportedCode, key, `${key} cannot be set on an ${kind.noun}.`);
}

function requiredOnCreate(kind: DocumentKind, input: DocumentInput): DomainError | undefined {
  const { field } = partyRoleOf(kind);
  if (input[field] === undefined) return invalid(field, `${field} is required.`);
  if (input.lines === undefined)
    return invalid('lines', `lines is required: 1 to ${kind.lineRules.maxLines} lines.`);
  return undefined;
}

/** The body's own fields, checked; `shipping_cost` needs `unit_cost.view`, custom fields the account's. */
function givenFields(
  kind: DocumentKind,
  input: DocumentInput,
  context: DocumentContext,
): GivenFields | DomainError {
  const given = parseFields(kind.parsers, input);
  if (isDomainError(given)) return given;
  if (given.shipping_cost !== undefined && !context.mayViewCosts)
    return permissionDenied('Setting shipping_cost needs the unit-cost permission.');
  const values = (given.custom_field_values ?? []) as { custom_field_id: string }[];
  const unknown = values.findIndex((entry) => !context.customFieldIds.has(entry.custom_field_id));
  if (unknown >= 0)
    return invalid(
      `custom_field_values.${unknown}.custom_field_id`,
      `custom_field_id must be one of the account’s ${kind.noun} custom fields.`,
    );
  return given;
}

/** The body's lines built on the stored ones; new lines get their ids here. */
function draftLines(
  kind: DocumentKind,
  value: unknown,
  customer: DocumentCustomer,
  stored: ReadonlyMap<string, LineDraft>,
  partyChanged: boolean,
  context: DocumentContext,
): LineDraft[] | DomainError {
  const inputs = parseLineInputs(value, kind.lineRules);
  if (isDomainError(inputs)) return inputs;
  const lineContext = {
    ...context.lines,
    defaultRates: { tax_rate: customer.tax_rate, tax_2_rate: customer.tax_2_rate },
    partyChanged,
  };
  const drafts = buildLines(inputs, lineContext, kind.lineRules, stored);
  if (isDomainError(drafts)) return drafts;
  return drafts.map((draft) => (draft.id === null ? { ...draft, id: context.newLineId() } : draft));
}

/** The lines with their amounts; a discount line keeps its id while the discount stays. */
function calculated(
  kind: DocumentKind,
  drafts: readonly LineDraft[],
  fields: DraftedFields,
  discountId: string | null,
  context: Pick<DocumentContext, 'newLineId'>,
): { lines: DocumentLine[]; totals: DocumentAmounts } {
  const discounted = fields.discount_percent !== '0.000';
  const id = discounted ? (discountId ?? context.newLineId()) : null;
  const { lines, totals } = calculateDocument(drafts, fields, id);
  const amounts = Object.fromEntries(kind.amounts.map((name) => [name, totals[name]]));
  return { lines, totals: amounts as DocumentAmounts };
}

function discountLineId(lines: readonly DocumentLine[]): string | null {
  return lines.find((line) => line.line_type === 'discount')?.id ?? null;
}

/** The header fields every document keeps, read off its record. */
export function headerOf(document: DocumentHeaderFields): DocumentHeaderFields {
  return {
    name: document.name,
    issue_date: document.issue_date,
    purchase_order_number: document.purchase_order_number,
    attention: document.attention,
    shipping_address: document.shipping_address,
    public_note: document.public_note,
    payment_terms: document.payment_terms,
    shipping_fee: document.shipping_fee,
    shipping_cost: document.shipping_cost,
    discount_percent: document.discount_percent,
    custom_field_values: document.custom_field_values,
  };
}

/** The one update event of a change, or none when nothing changes. */
export function documentChangeEvents<F, E, P = DocumentCustomerFields>(
  change: DocumentChange<F, P> | null,
  event: (data: DocumentChange<F, P>) => E,
): E[] {
  return change === null ? [] : [event(change)];
}

/**
 * Another document's lines on a new one of `kind` (a conversion): the same items, prices,
 * discounts and rates, each line under a new id, calculated again (the same formulas give the
 * same amounts, and the kinds that record more totals get them).
 */
export function copiedLines(
  kind: DocumentKind,
  source: { lines: readonly DocumentLine[] } & DocumentHeaderFields,
  newLineId: () => string,
): { lines: DocumentLine[]; totals: DocumentAmounts } {
  const drafts = source.lines
    .filter((line) => line.line_type !== 'discount')
    .map((line) => ({ ...line, id: newLineId() }));
  return calculated(kind, drafts, source, null, { newLineId });
}
