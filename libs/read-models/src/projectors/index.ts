import { Projector } from '../projector';
import { operatorRecordsProjector } from './operator-records';

export { operatorRecordsProjector } from './operator-records';

/** The service's read models, in the order they start; the API, the worker and the CLI run these. */
export const projectors: readonly Projector[] = [operatorRecordsProjector];
