export * from './commands';
export * from './decide';
export * from './events';
export * from './evolve';
export * from './item-gallery';
export * from './state';
