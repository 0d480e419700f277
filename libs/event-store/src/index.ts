export * from './event-store';
export * from './position';
export * from './errors';
export * from './change-signal';
export * from './catch-up-subscription';
export * from './idempotent-append';
export * from './memory/memory-event-store';
