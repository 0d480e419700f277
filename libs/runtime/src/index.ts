/**
 * What the service's processes share (the API, the projector worker, the CLI): their settings, the
 * stores opened as configured, the command path to a record's stream, and the operator's actions.
 */
export * from './config';
export * from './open-stores';
export * from './event-store-signals';
export * from './commands/record-writer';
export * from './commands/keyed-lock';
export * from './operator/operator-actions';
export * from './operator/key-hash';
export * from './errors/api-error';
export * from './errors/error-response';
export * from './errors/store-refusals';
export * from './lists/pagination';
export * from './lists/query-params';
export * from './commands/state-keeping-store';
export * from './commands/recent-states';
export * from './mail/smtp-mailer';
export * from './node-support';
export * from './audit/canonical-json';
export * from './audit/account-log';
