export * from './context';
export * from './customer';
export * from './draft';
export * from './fields';
export * from './kind';
export * from './numbered';
export * from './record';
export * from './view';
