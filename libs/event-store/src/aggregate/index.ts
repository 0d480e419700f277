export * from './aggregate-definition';
export * from './aggregate-repository';
export * from './snapshot-store';
export * from './memory-snapshot-store';
export * from './kysely-snapshot-store';
