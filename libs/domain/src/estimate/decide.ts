import {
  buildLines,
  calculateDocument,
  DocumentLine,
  ESTIMATE_LINE_RULES,
  LineDraft,
  parseLineInputs,
} from '../document-lines';
import { addDays } from '../shared/dates';
import { Decision } from '../shared/decision';
import {
  conflict,
  DomainError,
  invalid,
  isDomainError,
  notFound,
  permissionDenied,
  validation,
} from '../shared/domain-error';
import { changedFields, isEmpty, parseFields, ParsedFields, sameValue } from '../shared/fields';
import { liveRecordIn } from '../shared/record-state';
import { EstimateCommand } from './commands';
import { EstimateContext, EstimateCustomer } from './context';
import { EstimateCustomerFields, EstimateEvent, EstimateTotals } from './events';
import { ESTIMATE_INPUT_FIELDS, ESTIMATE_PARSERS, EstimateFields, EstimateInput } from './fields';
import { EstimateRecord, EstimateState } from './state';
import { ESTIMATE_STATUS } from './status';

export function decideEstimate(
  command: EstimateCommand,
  state: EstimateState,
  context: EstimateContext,
): Decision<EstimateEvent> {
  if (command.type === 'CreateEstimate') {
    if (state.status !== 'absent') return conflict('resource_already_exists', 'This record already exists.');
    return createEstimate(command.id, command.estimate_number, command.input, context);
  }
  const estimate = visibleEstimate(state, context);
  if (isDomainError(estimate)) return estimate;
  const open = estimate.status_id === ESTIMATE_STATUS.open;
  switch (command.type) {
    case 'UpdateEstimate':
      if (!open) return notOpen('estimate_update_not_allowed', 'updated');
      return updateEstimate(estimate, command.input, context);
    case 'DeclineEstimate':
      if (estimate.status_id === ESTIMATE_STATUS.declined) return [];
      if (!open) return notOpen('estimate_decline_not_allowed', 'declined');
      return [
        { type: 'EstimateDeclined', data: { status_id: ESTIMATE_STATUS.declined, declined_at: context.now } },
      ];
    case 'DeleteEstimate':
      if (!open) return notOpen('estimate_delete_not_allowed', 'deleted');
      return [{ type: 'EstimateDeleted', data: { deleted_at: context.now } }];
  }
}

/** A live estimate of the caller's account that the caller may see, else 404 whatever the reason. */
export function visibleEstimate(
  state: EstimateState,
  sight: Pick<EstimateContext, 'accountId' | 'userId' | 'onlyOwnEstimates'>,
): EstimateRecord | DomainError {
  const estimate = liveRecordIn(state, sight.accountId);
  if (isDomainError(estimate)) return estimate;
  return sight.onlyOwnEstimates && estimate.salesperson_id !== sight.userId ? notFound() : estimate;
}

function notOpen(code: string, action: string): DomainError {
  return conflict(code, `Only an open estimate can be ${action}.`);
}

function createEstimate(
  id: string,
  estimateNumber: number,
  input: EstimateInput,
  context: EstimateContext,
): Decision<EstimateEvent> {
  const refusal = unsupportedField(input) ?? required(input);
  if (refusal) return refusal;
  const customer = namedCustomer(input.customer_id, context);
  if (isDomainError(customer)) return customer;
  const given = givenFields(input, context);
  if (isDomainError(given)) return given;
  const issueDate = given.issue_date ?? context.today;
  const fields: EstimateFields = {
    name: null,
    custom_estimate_number: null,
    purchase_order_number: '',
    attention: null,
    shipping_address: null,
    public_note: null,
    shipping_fee: '0.0000',
    shipping_cost: '0.0000',
    discount_percent: '0.000',
    custom_field_values: [],
    ...given,
    payment_terms:
      given.payment_terms !== undefined
        ? given.payment_terms
        : (customer.payment_terms ?? context.defaultPaymentTerms),
    issue_date: issueDate,
    expiry_date: given.expiry_date ?? addDays(issueDate, context.estimateExpiryDays),
  };
  const datesRefusal = datesRule(fields, given);
  if (datesRefusal) return datesRefusal;
  const drafts = draftLines(input.lines, customer, new Map(), false, context);
  if (isDomainError(drafts)) return drafts;
  const { lines, totals } = calculated(drafts, fields, null, context);
  return [
    {
      type: 'EstimateCreated',
      data: {
        id,
        account_id: context.accountId,
        estimate_number: estimateNumber,
        salesperson_id: context.userId,
        status_id: ESTIMATE_STATUS.open,
        ...customerFields(customer),
        ...fields,
        lines,
        totals,
        created_at: context.now,
      },
    },
  ];
}

function updateEstimate(
  estimate: EstimateRecord,
  input: EstimateInput,
  context: EstimateContext,
): Decision<EstimateEvent> {
  const refusal = unsupportedField(input);
  if (refusal) return refusal;
  const customerChange = customerChangeOf(estimate, input, context);
  if (isDomainError(customerChange)) return customerChange;
  const given = givenFields(input, context);
  if (isDomainError(given)) return given;
  const fields: EstimateFields = { ...fieldsOf(estimate), ...given };
  // An unchanged expiry date sent back (a client PATCHing the whole estimate) is not a new one.
  const newExpiry = given.expiry_date !== estimate.expiry_date;
  const datesRefusal = datesRule(fields, given, newExpiry ? context.today : undefined);
  if (datesRefusal) return datesRefusal;
  const customer = customerChange ?? context.customers.get(estimate.customer_id) ?? storedCustomer(estimate);
  const stored = new Map(estimate.lines.map((line) => [line.id as string, line as LineDraft]));
  const drafts =
    input.lines === undefined
      ? estimate.lines.filter((line) => line.line_type !== 'discount')
      : draftLines(input.lines, customer, stored, customerChange !== undefined, context);
  if (isDomainError(drafts)) return drafts;
  const { lines, totals } = calculated(drafts, fields, discountLineId(estimate), context);
  const changes = changedFields<EstimateFields & EstimateCustomerFields>(
    { ...fieldsOf(estimate), ...customerFields(storedCustomer(estimate)) },
    { ...given, ...(customerChange ? customerFields(customerChange) : {}) },
  );
  const linesChanged = !sameValue(lines, estimate.lines);
  const totalsChanged = !sameValue(totals, estimate.totals);
  if (isEmpty(changes) && !linesChanged && !totalsChanged) return [];
  return [
    {
      type: 'EstimateUpdated',
      data: {
        changes,
        ...(linesChanged ? { lines } : {}),
        ...(totalsChanged ? { totals } : {}),
        updated_at: context.now,
      },
    },
  ];
}

/** Unknown and protected fields alike (number, status, totals, timestamps …). */
function unsupportedField(input: EstimateInput): DomainError | undefined {
  const key = Object.keys(input).find((name) => !(ESTIMATE_INPUT_FIELDS as readonly string[]).includes(name));
  return key === undefined
    ? undefined
    : validation('unsupported_estimate_field', key, `${key} cannot be set on an estimate.`);
}

function required(input: EstimateInput): DomainError | undefined {
  if (input.customer_id === undefined) return invalid('customer_id', 'customer_id is required.');
  if (input.lines === undefined) return invalid('lines', 'lines is required: 1 to 500 lines.');
  return undefined;
}

/** The customer or prospect a body names: of the account, active, and visible to the user, else 422. */
function namedCustomer(value: unknown, context: EstimateContext): EstimateCustomer | DomainError {
  const customer = typeof value === 'string' ? context.customers.get(value.toLowerCase()) : undefined;
  const visible =
    customer !== undefined &&
    !customer.archived &&
    (context.onlyCustomersAssignedTo === undefined ||
      customer.assigned_user_id === context.onlyCustomersAssignedTo);
  return visible
    ? customer
    : invalid('customer_id', 'customer_id must be an active customer or prospect you can see.');
}

/** The new customer when the body changes it; a change needs the complete lines. */
function customerChangeOf(
  estimate: EstimateRecord,
  input: EstimateInput,
  context: EstimateContext,
): EstimateCustomer | undefined | DomainError {
  if (input.customer_id === undefined) return undefined;
  if (typeof input.customer_id === 'string' && input.customer_id.toLowerCase() === estimate.customer_id)
    return undefined;
  const customer = namedCustomer(input.customer_id, context);
  if (isDomainError(customer)) return customer;
  if (input.lines === undefined)
    return invalid('lines', 'Changing customer_id needs the complete lines, priced for the new customer.');
  return customer;
}

/** The body's own fields, checked; `shipping_cost` needs `unit_cost.view`, custom fields the account's. */
function givenFields(
  input: EstimateInput,
  context: EstimateContext,
): ParsedFields<typeof ESTIMATE_PARSERS> | DomainError {
  const given = parseFields(ESTIMATE_PARSERS, input);
  if (isDomainError(given)) return given;
  if (given.shipping_cost !== undefined && !context.mayViewCosts)
    return permissionDenied('Setting shipping_cost needs the unit-cost permission.');
  const unknown = (given.custom_field_values ?? []).findIndex(
    (entry) => !context.customFieldIds.has(entry.custom_field_id),
  );
  if (unknown >= 0)
    return invalid(
      `custom_field_values.${unknown}.custom_field_id`,
      'custom_field_id must be one of the account’s estimate custom fields.',
    );
  return given;
}

/**
 * The expiry date cannot precede the issue date; a PATCH setting it (`today` given) must name a
 * day not yet past in the account's time zone.
 */
function datesRule(
  fields: EstimateFields,
  given: ParsedFields<typeof ESTIMATE_PARSERS>,
  today?: string,
): DomainError | undefined {
  const param = given.expiry_date !== undefined ? 'expiry_date' : 'issue_date';
  if (fields.expiry_date < fields.issue_date) return invalid(param, 'expiry_date cannot precede issue_date.');
  if (today !== undefined && given.expiry_date !== undefined && given.expiry_date < today)
    return invalid('expiry_date', 'expiry_date must not be in the past.');
  return undefined;
}

/** The body's lines built on the stored ones; new lines get their ids here. */
function draftLines(
  value: unknown,
  customer: EstimateCustomer,
  stored: ReadonlyMap<string, LineDraft>,
  partyChanged: boolean,
  context: EstimateContext,
): LineDraft[] | DomainError {
  const inputs = parseLineInputs(value, ESTIMATE_LINE_RULES);
  if (isDomainError(inputs)) return inputs;
  const lineContext = {
    ...context.lines,
    defaultRates: { tax_rate: customer.tax_rate, tax_2_rate: customer.tax_2_rate },
    partyChanged,
  };
  const drafts = buildLines(inputs, lineContext, ESTIMATE_LINE_RULES, stored);
  if (isDomainError(drafts)) return drafts;
  return drafts.map((draft) => (draft.id === null ? { ...draft, id: context.newLineId() } : draft));
}

/** The lines with their amounts; a discount line keeps its id while the discount stays. */
function calculated(
  drafts: readonly LineDraft[],
  fields: EstimateFields,
  discountId: string | null,
  context: EstimateContext,
): { lines: DocumentLine[]; totals: EstimateTotals } {
  const discounted = fields.discount_percent !== '0.000';
  const id = discounted ? (discountId ?? context.newLineId()) : null;
  const { lines, totals } = calculateDocument(drafts, fields, id);
  const { pre_discount_subtotal, discount, subtotal, tax, tax_2, total } = totals;
  return { lines, totals: { pre_discount_subtotal, discount, subtotal, tax, tax_2, total } };
}

function discountLineId(estimate: EstimateRecord): string | null {
  return estimate.lines.find((line) => line.line_type === 'discount')?.id ?? null;
}

function customerFields(customer: EstimateCustomer): EstimateCustomerFields {
  return { customer_id: customer.id, customer_name: customer.name, customer_kind: customer.kind };
}

/** The estimate's customer as stored, when the handler found none (its rates then default to zero). */
function storedCustomer(estimate: EstimateRecord): EstimateCustomer {
  return {
    id: estimate.customer_id,
    kind: estimate.customer_kind,
    name: estimate.customer_name,
    tax_rate: '0.000',
    tax_2_rate: '0.000',
    payment_terms: estimate.payment_terms,
    archived: true,
    assigned_user_id: null,
  };
}

export function fieldsOf(estimate: EstimateRecord): EstimateFields {
  return {
    name: estimate.name,
    issue_date: estimate.issue_date,
    expiry_date: estimate.expiry_date,
    custom_estimate_number: estimate.custom_estimate_number,
    purchase_order_number: estimate.purchase_order_number,
    attention: estimate.attention,
    shipping_address: estimate.shipping_address,
    public_note: estimate.public_note,
    payment_terms: estimate.payment_terms,
    shipping_fee: estimate.shipping_fee,
    shipping_cost: estimate.shipping_cost,
    discount_percent: estimate.discount_percent,
    custom_field_values: estimate.custom_field_values,
  };
}

/**
 * A creation decided before its number was drawn (so that a refusal consumes none), given the
 * number drawn for it.
 */
export function numberedEstimate(events: EstimateEvent[], estimateNumber: number): EstimateEvent[] {
  return events.map((event) =>
    event.type === 'EstimateCreated'
      ? { ...event, data: { ...event.data, estimate_number: estimateNumber } }
      : event,
  );
}
