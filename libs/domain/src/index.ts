export * from './shared';
export * from './account';
export * from './user';
export * from './api-key';
export * from './party';
export * from './customer';
export * from './supplier';
