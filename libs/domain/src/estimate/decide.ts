import {
  documentChangeEvents,
  DocumentCustomer,
  DocumentSight,
  draftDocumentChange,
  draftNewDocument,
  GivenFields,
  headerOf,
  newDocumentData,
  numberedCreation,
  salesDocumentHeader,
  visibleDocument,
} from '../document';
import { addDays } from '../shared/dates';
import { INVOICE_LINE_RULES, SALES_ORDER_LINE_RULES } from '../document-lines';
import { Clock, Decision } from '../shared/decision';
import { conflict, DomainError, invalid, isDomainError, validation } from '../shared/domain-error';
import { parseFields } from '../shared/fields';
import { calendarDate } from '../shared/dates';
import { ConvertEstimate, EstimateCommand } from './commands';
import { EstimateContext } from './context';
import { EstimateEvent } from './events';
import { ESTIMATE_KIND, EstimateFields, EstimateInput } from './fields';
import { EstimateRecord, EstimateState } from './state';
import { ESTIMATE_STATUS } from './status';
import { alreadyCreated } from '../shared/recorded';

export function decideEstimate(
  command: EstimateCommand,
  state: EstimateState,
  context: EstimateContext,
): Decision<EstimateEvent> {
  if (command.type === 'CreateEstimate') {
    return (
      alreadyCreated(state) ?? createEstimate(command.id, command.estimate_number, command.input, context)
    );
  }
  const estimate = visibleEstimate(state, context);
  if (isDomainError(estimate)) return estimate;
  // Past its expiry date an estimate is expired, recorded or not yet: no command treats it as open.
  const open = estimate.status_id === ESTIMATE_STATUS.open && !expiryPassed(estimate, context.today);
  switch (command.type) {
    case 'ExpireEstimate':
      return expireEstimate(state, context);
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
    case 'ConvertEstimate':
      return convert(estimate, open, command, context);
  }
}

/** The account's day is past the estimate's expiry date: it expires the day after `expiry_date`. */
export function expiryPassed(estimate: Pick<EstimateRecord, 'expiry_date'>, today: string): boolean {
  return estimate.expiry_date < today;
}

/**
 * `EstimateExpired` for a live open estimate whose expiry date `today` (the account's day, in its
 * time zone) has passed; nothing otherwise. Visibility is the caller's concern: the expiry sweep
 * runs for every account, a request only on the estimates its caller sees.
 */
export function expireEstimate(state: EstimateState, clock: Clock & { today: string }): EstimateEvent[] {
  if (state.status !== 'live') return [];
  const estimate = state.record;
  if (estimate.status_id !== ESTIMATE_STATUS.open || !expiryPassed(estimate, clock.today)) return [];
  return [
    {
      type: 'EstimateExpired',
      data: { status_id: ESTIMATE_STATUS.expired, expiry_date: estimate.expiry_date, expired_at: clock.now },
    },
  ];
}

const CONVERSION_PARSERS = { issue_date: calendarDate() };

/** An open estimate closes into the new document; after the close every attempt is refused. */
function convert(
  estimate: EstimateRecord,
  open: boolean,
  command: ConvertEstimate,
  context: EstimateContext,
): Decision<EstimateEvent> {
  const invoice = command.target === 'invoice';
  const allowed = invoice ? CONVERSION_PARSERS : {};
  const unknown = Object.keys(command.input).find((key) => !Object.hasOwn(allowed, key));
  if (unknown !== undefined)
    return validation('unsupported_estimate_field', unknown, `A conversion does not take ${unknown}.`);
  const body = parseFields(allowed, command.input);
  if (isDomainError(body)) return body;
  const refused = invoice
    ? { code: 'estimate_conversion_not_allowed', noun: 'an invoice', rules: INVOICE_LINE_RULES }
    : {
        code: 'estimate_sales_order_conversion_not_allowed',
        noun: 'a sales order',
        rules: SALES_ORDER_LINE_RULES,
      };
  if (tooManyLines(estimate, refused.rules.maxLines))
    return conflict(
      refused.code,
      `${capitalised(refused.noun)} takes at most ${refused.rules.maxLines} lines: remove lines from the estimate first.`,
    );
  if (!open) return conflict(refused.code, `Only an open estimate can be converted into ${refused.noun}.`);
  return [
    {
      type: 'EstimateConverted',
      data: {
        status_id: ESTIMATE_STATUS.closed,
        target: command.target,
        document_id: command.document_id,
        issue_date: (body as { issue_date?: string }).issue_date ?? context.today,
        user_id: context.userId,
        ...(invoice ? {} : { location_id: command.location_id ?? null }),
        converted_at: context.now,
      },
    },
  ];
}

/** A live estimate of the caller's account that the caller may see, else 404 whatever the reason. */
export function visibleEstimate(state: EstimateState, sight: DocumentSight): EstimateRecord | DomainError {
  return visibleDocument(state, sight);
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
  const defaults = salesDocumentHeader<EstimateFields>({ custom_estimate_number: null }, context);
  const header = (given: GivenFields, customer: DocumentCustomer): EstimateFields => {
    const fields = defaults(given, customer);
    return {
      ...fields,
      expiry_date:
        (given.expiry_date as string | undefined) ?? addDays(fields.issue_date, context.estimateExpiryDays),
    };
  };
  const drafted = draftNewDocument(ESTIMATE_KIND, input, context, header, (fields, given) =>
    datesRule(fields, given),
  );
  if (isDomainError(drafted)) return drafted;
  return [
    {
      type: 'EstimateCreated',
      data: {
        ...newDocumentData(id, drafted, context),
        estimate_number: estimateNumber,
        status_id: ESTIMATE_STATUS.open,
      },
    },
  ];
}

function updateEstimate(
  estimate: EstimateRecord,
  input: EstimateInput,
  context: EstimateContext,
): Decision<EstimateEvent> {
  const change = draftDocumentChange(
    ESTIMATE_KIND,
    estimate,
    estimateFieldsOf,
    input,
    context,
    (fields, given) => {
      // An unchanged expiry date sent back (a client PATCHing the whole estimate) is not a new one.
      const newExpiry = given.expiry_date !== estimate.expiry_date;
      return datesRule(fields, given, newExpiry ? context.today : undefined);
    },
  );
  if (isDomainError(change)) return change;
  return documentChangeEvents(change, (data) => ({
    type: 'EstimateUpdated',
    data: { ...data, updated_at: context.now },
  }));
}

/**
 * The expiry date cannot precede the issue date; a PATCH setting it (`today` given) must name a
 * day not yet past in the account's time zone.
 */
function datesRule(fields: EstimateFields, given: GivenFields, today?: string): DomainError | undefined {
  const param = given.expiry_date !== undefined ? 'expiry_date' : 'issue_date';
  if (fields.expiry_date < fields.issue_date) return invalid(param, 'expiry_date cannot precede issue_date.');
  if (today !== undefined && given.expiry_date !== undefined && (given.expiry_date as string) < today)
    return invalid('expiry_date', 'expiry_date must not be in the past.');
  return undefined;
}

export function estimateFieldsOf(estimate: EstimateRecord): EstimateFields {
  return {
    ...headerOf(estimate),
    expiry_date: estimate.expiry_date,
    custom_estimate_number: estimate.custom_estimate_number,
  };
}

/** A creation decided before its number was drawn, given the number drawn for it. */
export function numberedEstimate(events: EstimateEvent[], estimateNumber: number): EstimateEvent[] {
  return numberedCreation(events, 'EstimateCreated', 'estimate_number', estimateNumber);
}

function tooManyLines(estimate: EstimateRecord, maxLines: number): boolean {
  return estimate.lines.filter((line) => line.line_type !== 'discount').length > maxLines;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
