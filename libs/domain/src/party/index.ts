export * from './context';
export * from './fields';
export * from './record';
export * from './view';
