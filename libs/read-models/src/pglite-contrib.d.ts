// The package exports `./contrib/*`, which TypeScript's `node` module resolution cannot follow:
// name its types by their file.
declare module '@electric-sql/pglite/contrib/pg_trgm' {
  export { pg_trgm } from '@electric-sql/pglite/dist/contrib/pg_trgm';
}
