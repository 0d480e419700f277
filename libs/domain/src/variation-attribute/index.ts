export * from './commands';
export * from './decide';
export * from './events';
export * from './evolve';
export * from './state';
export * from './variation-attribute';
export * from './view';
