/**
 * A creation decided before its number was drawn (so that a refusal consumes none), given the
 * number drawn for it: `numberField` (`estimate_number`) of the `createdType` event.
 */
export function numberedCreation<E extends { type: string; data: object }>(
  events: E[],
  createdType: E['type'],
  numberField: string,
  number: number,
): E[] {
  return events.map((event) =>
    event.type === createdType ? { ...event, data: { ...event.data, [numberField]: number } } : event,
  );
}

/**
 * A numbered record's creation: `id` is a new UUID and `numberField` (`invoice_number`) the
 * account's next number, both drawn by the handler.
 */
export type NumberedCreate<T extends string, N extends string, I> = { type: T; id: string; input: I } & {
  [K in N]: number;
};
