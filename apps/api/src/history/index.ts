export * from './as-of-revision';
export * from './event-entry';
export * from './events-query';
export * from './history-declaration';
export * from './history.controller';
export * from './history.module';
export * from './record-history';
export * from './redact';
