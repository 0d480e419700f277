import { ReactorTools } from '@app/read-models';
import { counterStream, NUMBER_ASSIGNED } from './counter';

/** Whose number a reactor step draws, and when. */
export interface NumberStep {
  accountId: string;
  /** `invoice`, `sales_order` …: the counter, and the step's name (`<sequence>-number`). */
  sequence: string;
  recordId: string;
  at: string;
}

/**
 * The account's next number of `sequence`, drawn by a reactor step and recorded on the counter
 * stream as given to `recordId`. The event's id derives from the trigger, so a repeated step finds
 * the number drawn the first time instead of drawing another.
 */
export async function drawNumberStep(tools: ReactorTools, step: NumberStep): Promise<number> {
  const { accountId, sequence, recordId, at } = step;
  const drawn = await tools.decideAndAppend(
    counterStream(accountId, sequence),
    `${sequence}-number`,
    (events) => {
      const last = events.at(-1)?.data as { number: number } | undefined;
      const data = {
        account_id: accountId,
        sequence,
        number: (last?.number ?? 0) + 1,
        record_id: recordId,
        assigned_at: at,
      };
      return [{ type: NUMBER_ASSIGNED, data }];
    },
  );
  return (drawn!.events[0].data as { number: number }).number;
}
