export * from './account';
export * from './commands';
export * from './decide';
export * from './events';
export * from './evolve';
export * from './settings';
export * from './state';
export * from './view';
