import { calendarDate, optionalCalendarDate } from '../shared/dates';
import { Decision } from '../shared/decision';
import { conflict, DomainError, invalid, isDomainError } from '../shared/domain-error';
import { changedFields, isEmpty } from '../shared/fields';
import { optionalText } from '../shared/parsers';
import { liveRecordIn } from '../shared/record-state';
import { StockTransferCommand, StockTransferInput } from './commands';
import { StockTransferContext } from './context';
import { StockTransferEvent } from './events';
import { transferLines } from './lines';
import { STOCK_TRANSFER_STATUS, StockTransferHeader, StockTransferRecord, StockTransferState } from './state';

const TEXT = optionalText(255);
const DATE = calendarDate();
const OPTIONAL_DATE = optionalCalendarDate();

/** Fields a PATCH may not change (inventory-api §4): refused by name. */
const FIXED_FIELDS = [
  'origin_location_id',
  'destination_location_id',
  'assigned_user_id',
  'stock_transfer_number',
  'date_sent',
  'date_received',
  'status_id',
] as const;

export function decideStockTransfer(
  command: StockTransferCommand,
  state: StockTransferState,
  context: StockTransferContext,
): Decision<StockTransferEvent> {
  if (command.type === 'CreateStockTransfer') return create(command, state, context);
  const transfer = liveRecordIn(state, context.accountId);
  if (isDomainError(transfer)) return transfer;
  const { now } = context;
  switch (command.type) {
    case 'UpdateStockTransfer': {
      if (transfer.status_id === STOCK_TRANSFER_STATUS.transferred)
        return conflict(
          'stock_transfer_update_not_allowed',
          'A transferred stock transfer cannot be updated.',
        );
      const fixed = FIXED_FIELDS.find((field) => command.input[field] !== undefined);
      if (fixed !== undefined) return invalid(fixed, `${fixed} cannot change once the transfer exists.`);
      const changes = headerChanges(transfer, command.input, true);
      if (isDomainError(changes)) return changes;
      let lines: StockTransferRecord['lines'] | undefined;
      if (command.input.lines !== undefined) {
        const where = { origin: transfer.origin_location_id, destination: transfer.destination_location_id };
        const given = transferLines(command.input.lines, where, context, transfer.lines);
        if (isDomainError(given)) return given;
        lines = given;
      }
      if (isEmpty(changes) && lines === undefined) return [];
      return [
        {
          type: 'StockTransferUpdated',
          data: {
            changes,
            ...(lines ? { lines } : {}),
            status_id: transfer.status_id,
            destination_location_id: transfer.destination_location_id,
            updated_at: now,
          },
        },
      ];
    }
    case 'SendStockTransfer': {
      if (transfer.status_id !== STOCK_TRANSFER_STATUS.pending)
        return conflict('stock_transfer_send_not_allowed', 'Only a pending stock transfer can be sent.');
      const dateSent = dateOrToday(command.input.date_sent, 'date_sent', context);
      if (isDomainError(dateSent)) return dateSent;
      const changes = headerChanges(transfer, command.input, false);
      if (isDomainError(changes)) return changes;
      return [
        {
          type: 'StockTransferSent',
          data: {
            status_id: 27,
            date_sent: dateSent,
            changes,
            lines: transfer.lines,
            destination_location_id: transfer.destination_location_id,
            sent_at: now,
          },
        },
      ];
    }
    case 'ReceiveStockTransfer': {
      if (transfer.status_id !== STOCK_TRANSFER_STATUS.in_transit)
        return conflict(
          'stock_transfer_receive_not_allowed',
          'Only an in-transit stock transfer can be received.',
        );
      const dateReceived = dateOrToday(command.input.date_received, 'date_received', context);
      if (isDomainError(dateReceived)) return dateReceived;
      const changes = headerChanges(transfer, command.input, false);
      if (isDomainError(changes)) return changes;
      return [
        {
          type: 'StockTransferReceived',
          data: { status_id: 28, date_received: dateReceived, changes, received_at: now },
        },
      ];
    }
    case 'DeleteStockTransfer':
      return [{ type: 'StockTransferDeleted', data: { status_id: transfer.status_id, deleted_at: now } }];
  }
}

function create(
  command: Extract<StockTransferCommand, { type: 'CreateStockTransfer' }>,
  state: StockTransferState,
  context: StockTransferContext,
): Decision<StockTransferEvent> {
  if (state.status !== 'absent')
    return conflict('resource_already_exists', 'This stock transfer already exists.');
  const { input } = command;
  const origin = activeLocation(input.origin_location_id, 'origin_location_id', context);
  if (isDomainError(origin)) return origin;
  const destination = activeLocation(input.destination_location_id, 'destination_location_id', context);
  if (isDomainError(destination)) return destination;
  if (origin === destination)
    return invalid('destination_location_id', 'The destination must differ from the origin.');
  const header = headerChanges(undefined, input, false);
  if (isDomainError(header)) return header;
  if (input.lines === undefined) return invalid('lines', 'lines is required.');
  const lines = transferLines(input.lines, { origin, destination }, context);
  if (isDomainError(lines)) return lines;
  return [
    {
      type: 'StockTransferCreated',
      data: {
        id: command.id,
        account_id: context.accountId,
        stock_transfer_number: command.stock_transfer_number,
        assigned_user_id: context.userId,
        status_id: 26,
        origin_location_id: origin,
        destination_location_id: destination,
        issue_date: context.today,
        estimated_arrival_date: null,
        shipping_provider: null,
        shipping_tracking_code: null,
        ...header,
        date_sent: null,
        date_received: null,
        lines,
        created_at: context.now,
      },
    },
  ];
}

function activeLocation(value: unknown, param: string, context: StockTransferContext): string | DomainError {
  if (value === undefined || value === null) return invalid(param, `${param} is required.`);
  const id = typeof value === 'string' ? value.toLowerCase() : '';
  return context.activeLocations.has(id)
    ? id
    : invalid(param, `${param} must be an active location of this account.`);
}

function dateOrToday(value: unknown, param: string, context: StockTransferContext): string | DomainError {
  return value === undefined || value === null || value === '' ? context.today : DATE(value, param);
}

/** The header fields given (issue_date only on PATCH), changed against the transfer when there is one. */
function headerChanges(
  transfer: StockTransferRecord | undefined,
  input: StockTransferInput,
  withIssueDate: boolean,
): Partial<StockTransferHeader> | DomainError {
  const given: Partial<StockTransferHeader> = {};
  if (withIssueDate && input.issue_date !== undefined) {
    const issueDate = DATE(input.issue_date, 'issue_date');
    if (isDomainError(issueDate)) return issueDate;
    given.issue_date = issueDate;
  }
  if (input.estimated_arrival_date !== undefined) {
    const arrival = OPTIONAL_DATE(input.estimated_arrival_date, 'estimated_arrival_date');
    if (isDomainError(arrival)) return arrival;
    given.estimated_arrival_date = arrival;
  }
  for (const field of ['shipping_provider', 'shipping_tracking_code'] as const) {
    if (input[field] === undefined) continue;
    const text = input[field] === '' ? null : TEXT(input[field], field);
    if (isDomainError(text)) return text;
    given[field] = text;
  }
  return transfer ? changedFields<StockTransferHeader>(transfer, given) : given;
}
