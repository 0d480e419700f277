/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/libs', '<rootDir>/apps', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
      },
    ],
    '^.+\\.js$': ['@swc/jest', {}],
  },
  // content-disposition 3 (under @fastify/static, for the OpenAPI page) ships ESM only.
  transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
  moduleNameMapper: {
    '^@app/(domain|event-store|read-models)$': '<rootDir>/libs/$1/src',
    '^@app/(domain|event-store|read-models)/(.*)$': '<rootDir>/libs/$1/src/$2',
  },
  testTimeout: 60000,
};
