export * from './commands';
export * from './decide';
export * from './events';
export * from './evolve';
export * from './permissions-input';
export * from './state';
export * from './user';
export * from './view';
