export * from './movement';
