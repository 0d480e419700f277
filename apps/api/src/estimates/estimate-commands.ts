import { EstimateCommand, EstimateInput } from '@app/domain';
import { documentCommand } from '../documents/document-commands';
import { EstimateWrites, EstimateWritten } from './estimate-writes';

/** Any command on an estimate: a create (no id yet) or a command on an existing one. */
export const { command: ChangeEstimate, handler: ChangeEstimateHandler } = documentCommand<
  EstimateInput,
  EstimateCommand,
  EstimateWritten
>('Estimate', EstimateWrites);
