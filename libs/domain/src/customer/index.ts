export * from './commands';
export * from './customer';
export * from './decide';
export * from './events';
export * from './evolve';
export * from './fields';
export * from './state';
export * from './view';
