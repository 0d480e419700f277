export * from './verify-report';
export {
  verifyReadModels,
  selectProjectors,
  runningReport,
  UnknownProjectorError,
} from './verify-read-models';
export type { VerifyOptions } from './verify-read-models';
